import * as v from "valibot";
import { stripEdgeInvisibles, type ValidationResult } from "./result.js";

/** Why an email address was refused; an i18n key. */
export type EmailReason = "email-invalid";

/** The longest address that fits SMTP's path limit (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Lower-cases the domain only: the local part may be case-sensitive on the receiving server. */
function lowerCaseDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return email.slice(0, at) + email.slice(at).toLowerCase();
}

const EmailSchema = v.pipe(
  v.string("email-invalid"),
  v.transform(stripEdgeInvisibles),
  v.maxLength(EMAIL_MAX_LENGTH, "email-invalid"),
  v.email("email-invalid"),
  v.transform(lowerCaseDomain),
);

/**
 * Validates an email address: surrounding whitespace and invisible characters stripped, at most
 * 254 characters, valibot's `v.email()` format, domain lower-cased (`Somchai@Example.CO.TH` →
 * `Somchai@example.co.th`). Refusals give `email-invalid`.
 */
export function parseEmail(input: unknown): ValidationResult<string, EmailReason> {
  const result = v.safeParse(EmailSchema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, reason: "email-invalid" };
}
