/** Small valibot pieces the resource schemas are composed of. */
import * as v from "valibot";
import { MoneyConversionError, balanceToSatang, toSatang, type MoneyUnit } from "../money.js";
import { parsePartnerInstant } from "../time.js";

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A finite number, or numeric text such as `"12"` (some partners quote their numbers). */
export const LooseNumberSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(NUMERIC_TEXT, "numeric text expected"), v.transform(Number))]),
  v.finite(),
);

/** A safe integer, or integer text. */
export const LooseIntegerSchema = v.pipe(LooseNumberSchema, v.safeInteger());

/** A non-negative count (persons, carts, caddies), or its text. */
export const CountSchema = v.pipe(LooseIntegerSchema, v.minValue(0));

/** `schema`, or absent or `null` (both become `undefined`). */
export function absentAsUndefined<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.pipe(
    v.nullish(schema),
    v.transform((value) => value ?? undefined),
  );
}

/** A count that may be absent or `null` (both become `undefined`). */
export const OptionalCountSchema = absentAsUndefined(CountSchema);

/** An identifier: non-empty text; a number is taken as its decimal text. */
export const IdSchema = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.safeInteger(), v.transform(String))]),
  v.nonEmpty("an identifier must not be empty"),
);

/** Text that may be absent or `null` (both become `undefined`). */
export const OptionalTextSchema = absentAsUndefined(v.string());

/** A boolean, also written `"true"`/`"false"`; absent or `null` becomes `undefined`. */
export const OptionalFlagSchema = v.pipe(
  v.nullish(v.union([v.boolean(), v.picklist(["true", "false"])])),
  v.transform((b) => (b === undefined || b === null ? undefined : b === true || b === "true")),
);

/**
 * An instant: epoch milliseconds (a number or integer text) or ISO 8601 text with `Z`, `±hh:mm`
 * or `±hhmm` and any fractional precision. Output: epoch milliseconds.
 */
export const InstantSchema = v.pipe(
  v.union([v.number(), v.string()]),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (typeof input === "number" || /^\s*\d+\s*$/.test(input)) {
      const ms = Number(input);
      if (Number.isSafeInteger(ms)) return ms;
    } else {
      const ms = parsePartnerInstant(input);
      if (ms !== null) return ms;
    }
    addIssue({ message: `not an instant (epoch ms or ISO 8601 with an offset): ${preview(input)}` });
    return NEVER;
  }),
);

export const OptionalInstantSchema = absentAsUndefined(InstantSchema);

/** A latitude or longitude given as text (or a number); unparsable, absent or out of range → `null`. */
export function coordinateSchema(limit: 90 | 180) {
  return v.pipe(
    v.nullish(v.unknown()),
    v.transform((raw): number | null => {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && NUMERIC_TEXT.test(raw) ? Number(raw) : NaN;
      return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
    }),
  );
}

/** The path item valibot expects when an object-level check blames one key. */
export function keyPath(input: Record<string, unknown>, key: string): [v.ObjectPathItem] {
  return [{ type: "object", origin: "value", input, key, value: input[key] }];
}

/**
 * A money value in the partner's configured unit (number or numeric text), output as integer
 * satang. NaN, Infinity, non-numeric text, unsafe integers and (unless `allowNegative`) negative
 * amounts are issues, i.e. an invalid response.
 */
export function moneySchema(unit: MoneyUnit | "balance", allowNegative = false) {
  return v.pipe(
    v.union([v.number(), v.string()]),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        const satang = unit === "balance" ? balanceToSatang(dataset.value) : toSatang(dataset.value, unit);
        if (satang < 0 && !allowNegative) {
          addIssue({ message: `negative amount: ${preview(dataset.value)}` });
          return NEVER;
        }
        return satang;
      } catch (error) {
        if (!(error instanceof MoneyConversionError)) throw error;
        addIssue({ message: error.message });
        return NEVER;
      }
    }),
  );
}

/** An optional money value (absent or `null` → `undefined`). */
export function optionalMoneySchema(unit: MoneyUnit) {
  return absentAsUndefined(moneySchema(unit));
}

function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
