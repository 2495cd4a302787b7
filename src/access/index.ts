export {
  createAccess,
  holdRefusal,
  writeRefusal,
  type Access,
  type HoldRefusal,
  type HoldRequest,
  type Role,
  type Standing,
  type Who,
  type WriteRefusal,
  type WriteRequest,
} from "./roles.js";
export { AccessRefusedError, isAccessRefused } from "./errors.js";
export { agentsMoveAlone, setAgentsMoveAlone } from "./move-rule.js";
export {
  createLinks,
  newToken,
  TOKEN_PATTERN,
  type Link,
  type LinkRefusal,
  type Links,
  type NewLink,
  type Redemption,
} from "./links.js";
