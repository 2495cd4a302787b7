/** Course (golf club): the list form (with minimum prices) and the single read share one schema. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { normalizeCourse } from "../normalize.js";
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
