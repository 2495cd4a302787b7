/** Reservation (order), as returned by create, confirm, release, refund and read. */
import * as v from "valibot";
import type { MoneyUnit } from "../money.js";
import { compact } from "../normalize.js";
import type { Reservation, ReserveRecord } from "../types.js";
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
 * comes under the partner's published name `gdInvoiceId` or the spec copy's `svcInvoiceId` (`invoiceIdOf`
 * below takes the one that is not empty).
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

/**
 * The reservation's invoice id: the partner publishes it as `gdInvoiceId`, our copy of its spec writes
 * `svcInvoiceId`; whichever is not empty (the published name first when both are), else `""`.
 */
export function invoiceIdOf(raw: { gdInvoiceId?: string | undefined; svcInvoiceId?: string | undefined }): string {
  return raw.gdInvoiceId?.trim() || raw.svcInvoiceId?.trim() || "";
}

function normalizeReserve(raw: NonNullable<RawReservation["reserve"]>): ReserveRecord {
  return compact<ReserveRecord>({
    id: raw.id,
    code: raw.code,
    invoiceId: invoiceIdOf(raw),
    status: raw.status ?? "",
    price: raw.price,
    paidAt: raw.paidAt,
    refundAt: raw.refundAt,
    golf: raw.golf === undefined ? undefined : compact({ ...raw.golf }),
  });
}

/** A parsed reservation → `Reservation` (inner `reserve` record included when present). */
export function normalizeReservation(raw: RawReservation): Reservation {
  return compact<Reservation>({
    id: raw.id,
    status: raw.status,
    txNo: raw.txNo ?? "",
    agencyId: raw.agencyId,
    agencyName: raw.agencyName,
    slotId: raw.slotId,
    courseId: raw.courseId,
    courseName: raw.courseName,
    walletId: raw.walletId,
    customerName: raw.customerName ?? "",
    customerEmail: raw.customerEmail ?? "",
    customerMobile: raw.customerMobile ?? "",
    amount: raw.amount,
    priceAfterDiscount: raw.priceAfterDiscount,
    reserveId: raw.reserveId,
    additionGolfer: raw.additionGolfer,
    customerId: raw.customerId,
    reserve: raw.reserve === undefined ? undefined : normalizeReserve(raw.reserve),
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
  });
}
