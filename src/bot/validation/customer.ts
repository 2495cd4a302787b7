/**
 * Validators for what a customer types during booking: name, email and mobile number.
 * Each returns `{ ok: true, value }` with the cleaned value or `{ ok: false, reason }` where `reason`
 * is an i18n key (see `CustomerInputReason`).
 */
import type { EmailReason } from "./email.js";
import type { NameReason } from "./name.js";
import type { MobileReason } from "./phone.js";

export {
  parseBookingName,
  parseCustomerName,
  NAME_MAX_GRAPHEMES,
  NAME_MIN_GRAPHEMES,
  PARTNER_NAME_MAX_LENGTH,
  type NameReason,
} from "./name.js";
export { parseEmail, EMAIL_MAX_LENGTH, type EmailReason } from "./email.js";
export { parseThaiMobile, formatThaiMobileForDisplay, type MobileReason } from "./phone.js";
export type { ValidationResult } from "./result.js";

/** Every reason key the customer validators can return; the locale files translate each one. */
export type CustomerInputReason = NameReason | EmailReason | MobileReason;

/** The reason keys as a list, for a test that checks both locale files define them. */
export const CUSTOMER_INPUT_REASONS: readonly CustomerInputReason[] = [
  "name-too-short",
  "name-too-long",
  "name-invalid",
  "invalid-name-characters",
  "email-invalid",
  "mobile-invalid",
  "mobile-not-mobile",
];
