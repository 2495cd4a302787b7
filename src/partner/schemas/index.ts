/** Every response schema for one money unit, built once per unit. */
import type { MoneyUnit } from "../money.js";
import { BalanceSchema } from "./balance.js";
import { courseListSchema, courseSchema } from "./course.js";
import { reservationSchema } from "./reservation.js";
import { teeTimeListSchema, teeTimeSchema } from "./tee-time.js";

function build(unit: MoneyUnit) {
  return {
    courseList: courseListSchema(unit),
    course: courseSchema(unit),
    teeTimeList: teeTimeListSchema(unit),
    teeTime: teeTimeSchema(unit),
    reservation: reservationSchema(unit),
    balance: BalanceSchema,
  };
}

export type PartnerSchemas = ReturnType<typeof build>;

const cache = new Map<MoneyUnit, PartnerSchemas>();

/** The schemas that parse and normalise each partner answer, with money read in `unit`. */
export function schemasFor(unit: MoneyUnit): PartnerSchemas {
  let schemas = cache.get(unit);
  if (schemas === undefined) {
    schemas = build(unit);
    cache.set(unit, schemas);
  }
  return schemas;
}

export { BalanceSchema } from "./balance.js";
export { courseListSchema, courseSchema } from "./course.js";
export { reservationSchema } from "./reservation.js";
export { teeTimeListSchema, teeTimeSchema } from "./tee-time.js";
