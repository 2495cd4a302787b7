/** Tee time (slot): the list form and the richer single read share one schema. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { compact } from "../normalize.js";
import { BANGKOK_OFFSET_MINUTES, formatPartnerInstant, parsePartnerInstantDetailed } from "../time.js";
import type { TeeTime } from "../types.js";
import {
  CountSchema,
  IdSchema,
  OptionalCountSchema,
  OptionalFlagSchema,
  OptionalInstantSchema,
  OptionalTextSchema,
  keyPath,
  moneySchema,
  optionalMoneySchema,
} from "./common.js";

/** The partner's tee time as it arrives. */
export function teeTimeObjectSchema(unit: MoneyUnit) {
  return v.object({
    id: IdSchema,
    status: v.string(),
    courseId: IdSchema,
    startDate: OptionalInstantSchema,
    startDateString: OptionalTextSchema,
    price: moneySchema(unit),
    priceType: OptionalTextSchema,
    minPerson: CountSchema,
    maxPerson: CountSchema,
    freeCaddy: OptionalFlagSchema,
    caddyPrice: optionalMoneySchema(unit),
    actualMaxPerson: OptionalCountSchema,
    persons: OptionalCountSchema,
    isParty: OptionalFlagSchema,
    isPartyAble: OptionalFlagSchema,
  });
}

export type RawTeeTime = v.InferOutput<ReturnType<typeof teeTimeObjectSchema>>;

/** The start: `startDate` (ms) wins; `startDateString` gives the offset and stands in when it is absent. */
export interface TeeTimeStart {
  startsAt: number;
  /** `null` when the partner sent no start text. */
  offsetMinutes: number | null;
}

/** One tee time, normalised to `TeeTime`. */
export function teeTimeSchema(unit: MoneyUnit) {
  return v.pipe(
    teeTimeObjectSchema(unit),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      const parsed = raw.startDateString === undefined ? null : parsePartnerInstantDetailed(raw.startDateString);
      if (raw.startDateString !== undefined && parsed === null) {
        addIssue({ message: "not a date-time with an offset", path: keyPath(raw, "startDateString") });
        return NEVER;
      }
      const startsAt = raw.startDate ?? parsed?.epochMs;
      if (startsAt === undefined) {
        addIssue({ message: "neither startDate nor startDateString is present", path: keyPath(raw, "startDate") });
        return NEVER;
      }
      return normalizeTeeTime(raw, { startsAt, offsetMinutes: parsed?.offsetMinutes ?? null });
    }),
  );
}

/** The tee times of one course and date: an array. */
export function teeTimeListSchema(unit: MoneyUnit) {
  return v.array(teeTimeSchema(unit));
}

/** A parsed tee time and its resolved start → `TeeTime`. */
export function normalizeTeeTime(raw: RawTeeTime, start: TeeTimeStart): TeeTime {
  const offsetMinutes = start.offsetMinutes ?? BANGKOK_OFFSET_MINUTES;
  return compact<TeeTime>({
    id: raw.id,
    status: raw.status,
    courseId: raw.courseId,
    startsAt: start.startsAt,
    startDateString: raw.startDateString ?? formatPartnerInstant(start.startsAt, offsetMinutes),
    offsetMinutes,
    price: raw.price,
    priceType: raw.priceType ?? "",
    minPerson: raw.minPerson,
    maxPerson: raw.maxPerson,
    freeCaddy: raw.freeCaddy,
    caddyPrice: raw.caddyPrice,
    actualMaxPerson: raw.actualMaxPerson,
    persons: raw.persons,
    isParty: raw.isParty,
    isPartyAble: raw.isPartyAble,
  });
}
