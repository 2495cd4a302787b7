/** Reservation (order), as returned by create, confirm, release, refund and read. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { normalizeReservation } from "../normalize.js";
import {
  IdSchema,
  OptionalCountSchema,
  OptionalInstantSchema,
  OptionalTextSchema,
  moneySchema,
  optionalMoneySchema,
} from "./common.js";

const GolfSchema = v.object({
  slotTime: OptionalInstantSchema,
  slotTimeString: OptionalTextSchema,
  persons: OptionalCountSchema,
  carts: OptionalCountSchema,
  caddies: OptionalCountSchema,
});

/** The inner reserve record; `id` and `code` are absent in confirm and release answers. */
function reserveObjectSchema(unit: MoneyUnit) {
  return v.object({
    id: v.pipe(
      v.nullish(IdSchema),
      v.transform((s) => s ?? undefined),
    ),
    code: OptionalTextSchema,
    svcInvoiceId: OptionalTextSchema,
    status: OptionalTextSchema,
    price: optionalMoneySchema(unit),
    paidAt: OptionalInstantSchema,
    refundAt: OptionalInstantSchema,
    golf: v.pipe(
      v.nullish(GolfSchema),
      v.transform((g) => g ?? undefined),
    ),
  });
}

/** The partner's reservation as it arrives. */
export function reservationObjectSchema(unit: MoneyUnit) {
  return v.object({
    id: IdSchema,
    status: v.pipe(v.string(), v.nonEmpty("a reservation status must not be empty")),
    txNo: OptionalTextSchema,
    agencyId: OptionalTextSchema,
    agencyName: OptionalTextSchema,
    slotId: IdSchema,
    courseId: IdSchema,
    courseName: OptionalTextSchema,
    walletId: OptionalTextSchema,
    customerName: OptionalTextSchema,
    customerEmail: OptionalTextSchema,
    customerMobile: OptionalTextSchema,
    amount: moneySchema(unit),
    priceAfterDiscount: optionalMoneySchema(unit),
    reserveId: OptionalTextSchema,
    additionGolfer: v.pipe(
      v.nullish(v.array(v.string())),
      v.transform((list) => list ?? undefined),
    ),
    reserve: v.pipe(
      v.nullish(reserveObjectSchema(unit)),
      v.transform((r) => r ?? undefined),
    ),
    customerId: OptionalTextSchema,
    createdAt: OptionalInstantSchema,
    updatedAt: OptionalInstantSchema,
  });
}

export type RawReservation = v.InferOutput<ReturnType<typeof reservationObjectSchema>>;

/** One reservation, normalised to `Reservation`. */
export function reservationSchema(unit: MoneyUnit) {
  return v.pipe(reservationObjectSchema(unit), v.transform(normalizeReservation));
}
