/** Money as people read it: baht from satang, formatted on the ground floor (src/money/baht.ts). */
export { formatBaht } from "../../money/baht.js";
