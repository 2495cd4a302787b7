/**
 * What every normaliser of a partner payload (`schemas/`) shares: the default zone and `compact`. Each
 * schema file turns its parsed payload into fairway's plain-JSON type itself: aliases resolved,
 * defaults filled, absent optional fields left out (never `undefined` values, which JSON would drop anyway).
 */

/** The zone of a course whose answer names none: every partner course is in Thailand. */
export const DEFAULT_TIME_ZONE = "Asia/Bangkok";

/** Drops keys whose value is `undefined`, so the object is the same before and after JSON. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}
