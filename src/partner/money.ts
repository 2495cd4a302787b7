/**
 * Every conversion between the partner's money values and fairway's integer satang, in one place.
 * Integer arithmetic only: a value is read through its exact decimal text, never multiplied as a float.
 */

/** The unit of the partner's `amount`, `price`, `caddyPrice`, `priceAfterDiscount` and `minPrice*`. */
export type MoneyUnit = "satang" | "baht";

export const MONEY_UNITS: readonly MoneyUnit[] = ["satang", "baht"];

/** Thrown when a value cannot be an amount of money (NaN, Infinity, not numeric, out of safe range). */
export class MoneyConversionError extends RangeError {
  override name = "MoneyConversionError";
}

/** True for `"satang"` and `"baht"`. */
export function isMoneyUnit(value: unknown): value is MoneyUnit {
  return value === "satang" || value === "baht";
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$|^([+-]?)\.(\d+)(?:e([+-]?\d+))?$/i;

/**
 * Scales a decimal number by 10^`shift` and rounds to an integer, half away from zero.
 * Accepts a finite number or numeric text (`"1500"`, `"1500.50"`, `"1.5e3"`); throws
 * `MoneyConversionError` for anything else or a result outside the safe integer range.
 */
function scaleToInteger(value: number | string, shift: number): number {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new MoneyConversionError(`not a finite amount: ${String(value)}`);
  }
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyConversionError(`not a numeric amount: ${JSON.stringify(text.slice(0, 40))}`);
  const negative = (match[1] ?? match[5]) === "-";
  const intPart = match[2] ?? "0";
  const fracPart = match[3] ?? match[6] ?? "";
  const exponent = Number(match[4] ?? match[7] ?? "0");
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) {
    throw new MoneyConversionError(`amount out of range: ${text.slice(0, 40)}`);
  }
  const digits = BigInt(intPart + fracPart);
  const scale = exponent - fracPart.length + shift;
  let magnitude: bigint;
  if (scale >= 0) {
    magnitude = digits * 10n ** BigInt(scale);
  } else {
    const divisor = 10n ** BigInt(-scale);
    magnitude = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) magnitude += 1n;
  }
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MoneyConversionError(`amount out of range: ${text.slice(0, 40)}`);
  }
  const result = Number(magnitude);
  // `-0` is not a plain JSON value worth keeping.
  return negative && result !== 0 ? -result : result;
}

/**
 * Converts one partner money value to integer satang.
 * - `unit = "satang"`: the value is already satang; a fractional part is rounded half away from zero.
 * - `unit = "baht"`: the value is multiplied by 100 exactly (via its decimal text) and rounded
 *   half away from zero, so `12.345` baht is `1235` satang and `-0.005` is `-1`.
 * Numeric strings are accepted. Throws `MoneyConversionError` for NaN, ±Infinity, non-numeric text and
 * results beyond `Number.MAX_SAFE_INTEGER`.
 */
export function toSatang(value: number | string, unit: MoneyUnit): number {
  return scaleToInteger(value, unit === "baht" ? 2 : 0);
}

/** The partner's balance is always in hundredths of a baht, i.e. satang, whatever `moneyUnit` says. */
export function balanceToSatang(value: number | string): number {
  return scaleToInteger(value, 0);
}

/**
 * Converts integer satang back to the partner's unit (for requests or comparisons, not for people):
 * satang stay as they are, baht become the number nearest to `satang / 100`.
 */
export function fromSatang(satang: number, unit: MoneyUnit): number {
  assertSatang(satang);
  return unit === "baht" ? Number(satangToBahtString(satang)) : satang;
}

/**
 * The exact decimal text of an amount in baht, always with two decimals and no grouping:
 * `150050` → `"1500.50"`, `-5` → `"-0.05"`. For logs and machine formats; people get
 * `Intl.NumberFormat` in the bot.
 */
export function satangToBahtString(satang: number): string {
  assertSatang(satang);
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  const baht = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}${baht}.${rest.toString().padStart(2, "0")}`;
}

function assertSatang(satang: number): void {
  if (!Number.isSafeInteger(satang)) {
    throw new MoneyConversionError(`satang must be a safe integer: ${String(satang)}`);
  }
}
