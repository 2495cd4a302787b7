/**
 * The partner's raw JSON shapes, field for field and response for response as
 * /work/shared/partner-api.md describes them (not fairway's normalised types).
 */
import type { ReservationRecord } from "./orders.js";
import type { CourseSeed } from "./seed.js";
import { minPrice, type SlotView } from "./tee-times.js";
import { COURSE_TIME_ZONE, formatInstant, formatStart, type OffsetForm } from "./time.js";

export type MoneyUnit = "satang" | "baht";

/** Ways a real partner's answers may differ; all answers stay within the spec. */
export interface Variants {
  /** Name of the weekend minimum in the course list. Default `minPriceWeekend`. */
  weekendPriceField?: "minPriceWeekend" | "minWeekendPrice";
  /**
   * Offset form of createdAt/updatedAt; `mixed` cycles Z / +07:00 / +0700 and 3 / 0 / 6 / 2 fraction
   * digits (the partner's published samples carry two, `…06.86Z`). Default `Z`.
   */
  timestamps?: OffsetForm | "mixed";
  /**
   * Name of the reserve record's invoice id: the spec copy's `svcInvoiceId`, or `gdInvoiceId` as the
   * partner's published API names it. Default `svcInvoiceId`.
   */
  invoiceField?: "svcInvoiceId" | "gdInvoiceId";
  /** Leave out fields the client must treat as optional. Default false. */
  omitOptional?: boolean;
  /** Add fields the spec does not list (a client must ignore them). Default false. */
  extraFields?: boolean;
}

/** Which answer a reservation is rendered for: the spec varies the inner `reserve` record by it. */
export type Operation = "create" | "confirm" | "release" | "refund" | "read";

export const AGENCY = {
  agencyId: "65e0a1b2c3d4e5f601a9c0de",
  agencyName: "Fairway Sandbox Agency",
  walletId: "65e0a1b2c3d4e5f601a9f00d",
} as const;

const OFFSETS: readonly OffsetForm[] = ["Z", "+07:00", "+0700"];
const FRACTIONS = [3, 0, 6, 2] as const;

export type Wire = ReturnType<typeof createWire>;

/** Creates the renderer for one sandbox (its money unit and variants). */
export function createWire(moneyUnit: MoneyUnit, variants: Required<Variants>) {
  let stamps = 0;
  const { omitOptional, extraFields } = variants;

  const money = (satang: number): number => (moneyUnit === "baht" ? satang / 100 : satang);

  const timestamp = (ms: number): string => {
    if (variants.timestamps !== "mixed") return formatInstant(ms, variants.timestamps, 3);
    const i = stamps++;
    return formatInstant(ms, OFFSETS[i % 3] ?? "Z", FRACTIONS[Math.floor(i / 3) % FRACTIONS.length] ?? 3);
  };

  /** The thirteen fields of the single-course read. */
  const course = (c: CourseSeed): Record<string, unknown> => ({
    id: c.id,
    name: c.name,
    nameTH: c.nameTH,
    place: c.place,
    status: c.status,
    type: "NORMAL",
    timeZone: COURSE_TIME_ZONE,
    lat: c.lat,
    lon: c.lon,
    images: [...c.images],
    openingHours: c.openingHours,
    address: c.address,
    website: c.website,
    ...(extraFields ? { holes: 18, __v: 0 } : {}),
  });

  /** A course-list item: the thirteen fields plus the minimum prices. */
  const courseListItem = (c: CourseSeed): Record<string, unknown> => ({
    ...course(c),
    minPriceWeekday: money(minPrice(c, "WEEKDAY")),
    [variants.weekendPriceField]: money(minPrice(c, "WEEKEND")),
  });

  const teeTimeBase = (s: SlotView): Record<string, unknown> => ({
    id: s.id,
    status: s.status,
    startDate: s.startMs,
    startDateString: formatStart(s.startMs),
    price: money(s.price),
    courseId: s.course.id,
    priceType: s.priceType,
    minPerson: s.minPerson,
    maxPerson: s.maxPerson,
  });

  /** A tee-time list item; freeCaddy/caddyPrice only on courses that state them. */
  const teeTimeListItem = (s: SlotView): Record<string, unknown> => ({
    ...teeTimeBase(s),
    ...(s.course.caddy && !omitOptional
      ? { freeCaddy: s.course.caddy.free, caddyPrice: money(s.course.caddy.price * 100) }
      : {}),
    ...(extraFields ? { holes: 18, note: null } : {}),
  });

  /** The single tee-time read: the base fields plus actualMaxPerson, persons, isParty, isPartyAble. */
  const teeTime = (s: SlotView): Record<string, unknown> => {
    const partyAble = s.course.partyAble && s.maxPerson >= 4;
    return {
      ...teeTimeBase(s),
      ...(omitOptional
        ? {}
        : {
            actualMaxPerson: Math.max(0, s.maxPerson - s.persons),
            persons: s.persons,
            isParty: partyAble && s.persons >= 4,
            isPartyAble: partyAble,
          }),
      ...(extraFields ? { holes: 18, note: null } : {}),
    };
  };

  const reserve = (r: ReservationRecord, op: Operation): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (op !== "confirm" && op !== "release") {
      out.id = r.reserveId;
      out.code = r.code;
    }
    out[variants.invoiceField] = r.invoiceId;
    out.status = r.reserveStatus;
    if (op === "refund") out.price = money(r.refundedAmount ?? 0);
    if (r.paidAt !== undefined) out.paidAt = r.paidAt;
    if (r.refundAt !== undefined) out.refundAt = r.refundAt;
    if (!omitOptional) {
      out.golf = {
        slotTime: r.slotTime,
        slotTimeString: formatStart(r.slotTime),
        persons: r.persons,
        carts: r.carts,
        caddies: r.caddies,
      };
    }
    return out;
  };

  /** A reservation as answered by create, confirm, release, refund or read. */
  const reservation = (r: ReservationRecord, op: Operation): Record<string, unknown> => {
    const optional = <T>(value: T): T | undefined => (omitOptional ? undefined : value);
    const out: Record<string, unknown> = {
      id: r.id,
      status: r.status,
      txNo: r.txNo,
      agencyId: AGENCY.agencyId,
      agencyName: optional(AGENCY.agencyName),
      slotId: r.slotId,
      courseId: r.courseId,
      courseName: optional(r.courseName),
      walletId: optional(AGENCY.walletId),
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      customerMobile: r.customerMobile,
      amount: money(r.amount),
      priceAfterDiscount: optional(money(r.amount)),
      reserveId: optional(r.reserveId),
      additionGolfer: r.additionGolfer,
      reserve: reserve(r, op),
      customerId: r.customerId,
      createdAt: timestamp(r.createdAt),
      updatedAt: timestamp(r.updatedAt),
    };
    if (extraFields) Object.assign(out, { __v: r.history.length - 1, currency: "THB", discountCode: null });
    return out; // undefined members vanish in JSON.stringify
  };

  /** The balance is always satang, whatever the money unit. */
  const balance = (satang: number): Record<string, unknown> => ({
    balance: satang,
    ...(extraFields ? { currency: "THB", walletId: AGENCY.walletId } : {}),
  });

  return {
    money,
    timestamp,
    course,
    courseListItem,
    teeTimeListItem,
    teeTime,
    reservation,
    balance,
    /** Restarts the `mixed` timestamp cycle. */
    reset(): void {
      stamps = 0;
    },
  };
}
