export {
  createAccess,
  holdRefusal,
  type Access,
  type HoldRefusal,
  type HoldRequest,
  type Role,
  type Standing,
  type Who,
} from "./roles.js";
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
