/**
 * The partner API as fairway sees it: normalised, plain-JSON values (safe to return from
 * `conversation.external`). Money is always an integer number of satang (hundredths of a baht),
 * whatever unit the partner uses; instants are epoch milliseconds.
 */

/** A golf course. `minPrice*` are present only in the course list. */
export interface Course {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  status: string;
  type: string;
  /** IANA zone, e.g. `Asia/Bangkok`. Defaults to `Asia/Bangkok` when the partner omits it. */
  timeZone: string;
  lat: number | null;
  lon: number | null;
  images: string[];
  openingHours: string;
  address: string;
  website: string;
  /** Satang; course list only. */
  minPriceWeekday?: number;
  /** Satang; course list only (read from `minPriceWeekend` or `minWeekendPrice`). */
  minPriceWeekend?: number;
}

/** A tee time (slot). The single read adds the optional fields at the bottom. */
export interface TeeTime {
  id: string;
  status: string;
  courseId: string;
  /** Epoch ms of the start. */
  startsAt: number;
  /** The partner's own text with its numeric offset, e.g. `2026-11-23T06:08:00+0700`. */
  startDateString: string;
  /** UTC offset of `startDateString` in minutes (+420 for Asia/Bangkok). */
  offsetMinutes: number;
  /** Green fee per person, satang. */
  price: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
  freeCaddy?: boolean;
  /** Satang. */
  caddyPrice?: number;
  actualMaxPerson?: number;
  persons?: number;
  isParty?: boolean;
  isPartyAble?: boolean;
}

export type ReservationStatus = "PENDING" | "PAID" | "CANCEL" | "REFUND" | (string & {});

export interface ReserveRecord {
  /** Absent in confirm and release answers. */
  id?: string;
  /** Absent in confirm and release answers. */
  code?: string;
  /**
   * The partner's invoice id, filled by the confirm (the field `gdInvoiceId` of its published API,
   * `svcInvoiceId` in our copy of the spec); an empty string while no invoice exists.
   */
  invoiceId: string;
  status: string;
  /** Satang; refund answer only (the refunded amount). */
  price?: number;
  paidAt?: number;
  refundAt?: number;
  golf?: {
    slotTime?: number;
    slotTimeString?: string;
    persons?: number;
    carts?: number;
    caddies?: number;
  };
}

export interface Reservation {
  id: string;
  status: ReservationStatus;
  txNo: string;
  agencyId?: string;
  agencyName?: string;
  slotId: string;
  courseId: string;
  courseName?: string;
  walletId?: string;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  /** Satang. */
  amount: number;
  /** Satang. */
  priceAfterDiscount?: number;
  reserveId?: string;
  additionGolfer?: string[];
  customerId?: string;
  reserve?: ReserveRecord;
  /** Epoch ms (the partner's text varies in precision and offset). */
  createdAt?: number;
  updatedAt?: number;
  /**
   * True when this value came from reading the reservation after an ambiguous write failure
   * (the write did take effect). Set by the client, never by the partner.
   */
  reconciled?: boolean;
}

export interface ReserveInput {
  slotId: string;
  persons: number;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  /** Names of the other players (a group's, when given); sent only when non-empty. */
  additionGolfer?: string[];
}

export interface Balance {
  /** Satang (the partner's own unit for the balance). */
  balance: number;
}
