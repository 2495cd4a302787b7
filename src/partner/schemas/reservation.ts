/** Reservation (order), as returned by create, confirm, release, refund and read. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { normalizeReservation } from "../normalize.js";
import {
  IdSchema,
  absentAsUndefined,
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

/**
 * The inner reserve record; `id` and `code` are absent in confirm and release answers. The invoice id
 * comes under the partner's published name `gdInvoiceId` or the spec copy's `svcInvoiceId` (`normalize.ts`
 * takes the one that is not empty).
 */
function reserveObjectSchema(unit: MoneyUnit) {
  return v.object({
    id: absentAsUndefined(IdSchema),
    code: OptionalTextSchema,
    gdInvoiceId: OptionalTextSchema,
    svcInvoiceId: OptionalTextSchema,
    status: OptionalTextSchema,
    price: optionalMoneySchema(unit),
    paidAt: OptionalInstantSchema,
    refundAt: OptionalInstantSchema,
    golf: absentAsUndefined(GolfSchema),
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
    additionGolfer: absentAsUndefined(v.array(v.string())),
    reserve: absentAsUndefined(reserveObjectSchema(unit)),
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
