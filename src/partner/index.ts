/** The partner API: client, errors, money and time helpers, and the normalised types. */
export { createPartnerClient, type PartnerClient, type PartnerClientOptions } from "./client.js";
export type { PartnerAttemptInfo, PartnerTimeoutStarter } from "./http.js";
export { createPartnerCatalog, type PartnerCatalog, type PartnerCatalogOptions } from "./catalog.js";
export {
  PARTNER_ERROR_KEYS,
  PartnerApiError,
  PartnerAuthError,
  PartnerConflictError,
  PartnerInsufficientCreditError,
  PartnerInvalidResponseError,
  PartnerNotFoundError,
  PartnerRateLimitError,
  PartnerUnavailableError,
  PartnerValidationError,
  isPartnerApiError,
  type PartnerErrorJSON,
  type PartnerErrorKey,
  type UnavailableReason,
  type WriteOutcome,
} from "./errors.js";
export { createPartnerError } from "./error-factory.js";
export { revivePartnerError } from "./revive.js";
export { extractPartnerMessage, parseRetryAfter } from "./error-body.js";
export type { PartnerLogger } from "./logger.js";
export {
  MONEY_UNITS,
  MoneyConversionError,
  balanceToSatang,
  fromSatang,
  isMoneyUnit,
  satangToBahtString,
  toSatang,
  type MoneyUnit,
} from "./money.js";
export { STATUS_AFTER, type WriteKind } from "./reconcile.js";
export { SALES_WINDOW_DAYS, bySalesWindow, lastSaleDate, onSaleFrom, type SalesWindowSplit } from "./sales-window.js";
export { formatPartnerInstant, isPartnerDate, parsePartnerInstant, parsePartnerInstantDetailed } from "./time.js";
export type * from "./types.js";
