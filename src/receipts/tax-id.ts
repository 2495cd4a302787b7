/*
 * The Thai 13-digit tax identification number (เลขประจำตัวผู้เสียภาษีอากร), the same number as a citizen ID
 * for a person. Its 13th digit checks the first 12: each digit times its weight, 13 for the first down to 2
 * for the twelfth; the check digit is (11 − sum mod 11) mod 10 (the Revenue Department's and the
 * Department of Provincial Administration's modulus-11 scheme, as python-stdnum's `th.tin` computes it).
 */

/** The check digit of a tax id's first 12 digits. */
export function taxIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/**
 * Reads a tax id as people write it (`0-1075-44000-10-8`, spaces or dashes allowed): its 13 digits,
 * or undefined when it is not 13 digits or its check digit is wrong.
 */
export function parseTaxId(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, "");
  if (!/^\d{13}$/.test(digits)) return undefined;
  return taxIdCheckDigit(digits.slice(0, 12)) === Number(digits[12]) ? digits : undefined;
}

/** A tax id as printed on Thai documents: `0-1075-44000-10-8`. */
export function formatTaxId(digits: string): string {
  return `${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`;
}
