/**
 * From the partner's parsed payloads to fairway's plain-JSON types: aliases resolved, defaults
 * filled, absent optional fields left out (never `undefined` values, which JSON would drop anyway).
 */
import type { RawCourse } from "./schemas/course.js";
import type { RawReservation } from "./schemas/reservation.js";
import type { RawTeeTime, TeeTimeStart } from "./schemas/tee-time.js";
import { BANGKOK_OFFSET_MINUTES, formatPartnerInstant } from "./time.js";
import type { Course, Reservation, ReserveRecord, TeeTime } from "./types.js";

/** The zone of a course whose answer names none: every partner course is in Thailand. */
export const DEFAULT_TIME_ZONE = "Asia/Bangkok";

/** Drops keys whose value is `undefined`, so the object is the same before and after JSON. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
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
