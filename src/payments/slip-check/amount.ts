/**
 * The services speak baht as a JSON number (`1500.5`); fairway counts satang as integers. The
 * conversion is exact or refused: an amount with a third decimal is not a transfer's.
 */
import * as v from "valibot";

/** Satang → the baht number a service expects (`150050` → `1500.5`). */
export function satangToBaht(satang: number): number {
  return satang / 100;
}

/**
 * A service's baht amount → satang (`1500.5` → `150050`); `undefined` unless it is a finite,
 * non-negative amount with at most two decimals (within a float's error).
 */
export function bahtToSatang(baht: number): number | undefined {
  if (!Number.isFinite(baht) || baht < 0) return undefined;
  const satang = Math.round(baht * 100);
  if (Math.abs(baht * 100 - satang) > 1e-6 * Math.max(1, satang)) return undefined;
  return Number.isSafeInteger(satang) ? satang : undefined;
}

/** A service's baht amount (a number, or a numeric string) as satang; anything else fails the schema. */
export const BahtAsSatang = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number))]),
  v.transform(bahtToSatang),
  v.number("an amount in baht with at most two decimals"),
);
