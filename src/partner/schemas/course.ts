/** Course (golf club): the list form (with minimum prices) and the single read share one schema. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { compact, DEFAULT_TIME_ZONE } from "../normalize.js";
import type { Course } from "../types.js";
import { IdSchema, OptionalTextSchema, coordinateSchema, optionalMoneySchema } from "./common.js";

/** The partner's course as it arrives; unknown fields are dropped, declared ones may be absent. */
export function courseObjectSchema(unit: MoneyUnit) {
  return v.object({
    id: IdSchema,
    name: v.string(),
    nameTH: OptionalTextSchema,
    place: OptionalTextSchema,
    status: OptionalTextSchema,
    type: OptionalTextSchema,
    timeZone: OptionalTextSchema,
    lat: coordinateSchema(90),
    lon: coordinateSchema(180),
    images: v.pipe(
      v.nullish(v.array(v.nullish(v.string()))),
      v.transform((list) => (list ?? []).filter((s): s is string => typeof s === "string" && s !== "")),
    ),
    openingHours: OptionalTextSchema,
    address: OptionalTextSchema,
    website: OptionalTextSchema,
    minPriceWeekday: optionalMoneySchema(unit),
    // The spec's sample says minPriceWeekend, its field table minWeekendPrice: read both.
    minPriceWeekend: optionalMoneySchema(unit),
    minWeekendPrice: optionalMoneySchema(unit),
  });
}

export type RawCourse = v.InferOutput<ReturnType<typeof courseObjectSchema>>;

/** One course, normalised to `Course`. */
export function courseSchema(unit: MoneyUnit) {
  return v.pipe(courseObjectSchema(unit), v.transform(normalizeCourse));
}

/** The course list: an array of courses. */
export function courseListSchema(unit: MoneyUnit) {
  return v.array(courseSchema(unit));
}

/** A parsed course → `Course` (weekend minimum from either field name, defaults filled). */
export function normalizeCourse(raw: RawCourse): Course {
  return compact<Course>({
    id: raw.id,
    name: raw.name,
    nameTH: raw.nameTH ?? "",
    place: raw.place ?? "",
    status: raw.status ?? "",
    type: raw.type ?? "",
    timeZone: raw.timeZone?.trim() ? raw.timeZone.trim() : DEFAULT_TIME_ZONE,
    lat: raw.lat ?? null,
    lon: raw.lon ?? null,
    images: raw.images ?? [],
    openingHours: raw.openingHours ?? "",
    address: raw.address ?? "",
    website: raw.website ?? "",
    minPriceWeekday: raw.minPriceWeekday,
    minPriceWeekend: raw.minPriceWeekend ?? raw.minWeekendPrice,
  });
}
