/**
 * Reservations and the credit balance: the state machine of the partner's reservations.
 *
 *   reserve  → PENDING / BOOKING  (slot BOOKED)
 *   confirm  PENDING → PAID / PAID          (balance − amount; 402 when short)
 *   release  PENDING → CANCEL / CANCEL      (slot OPEN again)
 *   refund   PAID    → REFUND / CANCEL      (balance + floor(amount × refundPercent / 100); slot OPEN)
 *   expiry   PENDING → CANCEL / CANCEL      (only with holdExpiryMs; applied lazily)
 *
 * At the course's initiative (the sandbox's knobs, never the partner API: `course-side.ts`):
 *   endByCourse    PAID → CANCEL or REFUND / CANCEL (balance + the refund's credit; slot OPEN)
 *   closeDay       every PENDING (→ CANCEL) and PAID (→ REFUND, credited) reservation of a course-day
 *   changeTeeTime  a PENDING or PAID reservation moved to another OPEN slot of its course (status kept)
 *
 * Anything else answers 409 INVALID_STATE. Money here is always satang.
 */
import { SandboxError, invalid, notFound } from "./errors.js";
import { createRng, type Rng } from "./random.js";
import type { SlotView } from "./tee-times.js";
import { dayToDate, localDay } from "./time.js";

export type ReservationStatus = "PENDING" | "PAID" | "CANCEL" | "REFUND";
export type ReserveStatus = "BOOKING" | "PAID" | "CANCEL";

export interface StatusChange {
  status: ReservationStatus;
  reserveStatus: ReserveStatus;
  /** Epoch ms (sandbox clock). */
  at: number;
  reason:
    | "reserve"
    | "confirm"
    | "release"
    | "refund"
    | "expired"
    | "course-cancel"
    | "course-refund"
    | "course-closed-day"
    | "tee-time-changed";
}

/** A stored reservation, as the sandbox keeps it (not the wire form). */
export interface ReservationRecord {
  id: string;
  reserveId: string;
  txNo: string;
  code: string;
  /** The invoice id: "" until paid (sent as `svcInvoiceId` or `gdInvoiceId`, wire.ts). */
  invoiceId: string;
  status: ReservationStatus;
  reserveStatus: ReserveStatus;
  slotId: string;
  courseId: string;
  courseName: string;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  customerId?: string;
  additionGolfer?: string[];
  persons: number;
  carts: number;
  caddies: number;
  slotTime: number;
  /** Green fee per person, satang. */
  unitPrice: number;
  /** unitPrice × persons, satang. */
  amount: number;
  /** Credited back by the refund (or by the course ending it), satang. */
  refundedAmount?: number;
  /** Set when the course ended the reservation or changed its tee time (the sandbox's knobs). */
  endedByCourse?: boolean;
  createdAt: number;
  updatedAt: number;
  paidAt?: number;
  refundAt?: number;
  history: StatusChange[];
}

export interface ReserveInput {
  slotId: string;
  persons: number;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  customerId?: string;
  additionGolfer?: string[];
}

export interface OrderStoreOptions {
  seed: number;
  clock: () => number;
  initialBalance: number;
  refundPercent: number;
  holdExpiryMs: number | null;
  /** The slot as the API shows it now, or null for an unknown id. */
  lookupSlot(slotId: string): SlotView | null;
}

/** How the course ends a paid reservation: CANCEL or REFUND; either way the refund's credit goes back. */
export type CourseEnd = "CANCEL" | "REFUND";

export type OrderStore = ReturnType<typeof createOrderStore>;

const ACTIVE: ReadonlySet<ReservationStatus> = new Set(["PENDING", "PAID"]);

/** Creates the reservation store with its balance. */
export function createOrderStore(options: OrderStoreOptions) {
  const { clock } = options;
  let rng: Rng = createRng(options.seed ^ 0x5eed0ade);
  let balance = options.initialBalance;
  let counter = 0;
  const records = new Map<string, ReservationRecord>();

  /** A Mongo-ObjectId-like id: seconds, 10 seeded hex digits, a counter. */
  const objectId = (now: number): string => {
    counter += 1;
    const seconds = Math.floor(now / 1000)
      .toString(16)
      .padStart(8, "0")
      .slice(-8);
    return seconds + rng.hex(10) + counter.toString(16).padStart(6, "0");
  };

  const change = (
    r: ReservationRecord,
    status: ReservationStatus,
    reserveStatus: ReserveStatus,
    at: number,
    reason: StatusChange["reason"],
  ): void => {
    r.status = status;
    r.reserveStatus = reserveStatus;
    r.updatedAt = at;
    r.history.push({ status, reserveStatus, at, reason });
  };

  /** Lets PENDING holds older than holdExpiryMs lapse (at the instant they expired). */
  const expire = (): void => {
    const ttl = options.holdExpiryMs;
    if (ttl === null) return;
    const now = clock();
    for (const r of records.values()) {
      if (r.status === "PENDING" && now - r.createdAt >= ttl) {
        change(r, "CANCEL", "CANCEL", r.createdAt + ttl, "expired");
      }
    }
  };

  const find = (id: string): ReservationRecord => {
    expire();
    const r = records.get(id);
    if (!r) throw notFound("Reservation");
    return r;
  };

  const closedDays = new Set<string>();

  /** Ends a paid reservation with the refund's credit back to the balance. */
  const creditBack = (r: ReservationRecord, status: CourseEnd, reason: StatusChange["reason"]): void => {
    const now = clock();
    const refunded = Math.floor((r.amount * options.refundPercent) / 100);
    balance += refunded;
    r.refundedAmount = refunded;
    r.refundAt = now;
    if (reason !== "refund") r.endedByCourse = true;
    change(r, status, "CANCEL", now, reason);
  };

  const wrongState = (r: ReservationRecord, action: string): SandboxError =>
    new SandboxError(409, "INVALID_STATE", `Cannot ${action} a reservation in status ${r.status}`);

  return {
    /** Golfers of the active reservation holding a slot, if any. */
    heldPersons(slotId: string): number | undefined {
      expire();
      for (const r of records.values()) {
        if (r.slotId === slotId && ACTIVE.has(r.status)) return r.persons;
      }
      return undefined;
    },

    reserve(input: ReserveInput): ReservationRecord {
      expire();
      const slot = options.lookupSlot(input.slotId);
      if (!slot) throw notFound("Tee time");
      if (slot.status !== "OPEN") {
        throw new SandboxError(409, "SLOT_NOT_AVAILABLE", `Tee time is not available (status ${slot.status})`);
      }
      const most = Math.min(slot.maxPerson, slot.maxPerson - slot.persons);
      if (input.persons < slot.minPerson || input.persons > most) {
        throw new SandboxError(400, "PERSONS_OUT_OF_RANGE", `persons must be between ${slot.minPerson} and ${most}`);
      }
      const now = clock();
      const id = objectId(now);
      const r: ReservationRecord = {
        id,
        reserveId: objectId(now),
        txNo: `TX${dayToDate(localDay(now)).replaceAll("-", "")}${rng.digits(6)}`,
        code: `GT${rng.alnum(6)}`,
        invoiceId: "",
        status: "PENDING",
        reserveStatus: "BOOKING",
        slotId: slot.id,
        courseId: slot.course.id,
        courseName: slot.course.name,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerMobile: input.customerMobile,
        persons: input.persons,
        carts: Math.ceil(input.persons / 2),
        caddies: input.persons,
        slotTime: slot.startMs,
        unitPrice: slot.price,
        amount: slot.price * input.persons,
        createdAt: now,
        updatedAt: now,
        history: [{ status: "PENDING", reserveStatus: "BOOKING", at: now, reason: "reserve" }],
      };
      if (input.customerId !== undefined) r.customerId = input.customerId;
      if (input.additionGolfer !== undefined) r.additionGolfer = [...input.additionGolfer];
      records.set(id, r);
      return r;
    },

    confirm(id: string): ReservationRecord {
      const r = find(id);
      if (r.status !== "PENDING") throw wrongState(r, "confirm");
      if (balance < r.amount) throw new SandboxError(402, "INSUFFICIENT_CREDIT", "Insufficient credit balance");
      const now = clock();
      balance -= r.amount;
      r.paidAt = now;
      r.invoiceId = `INV-${dayToDate(localDay(now)).replaceAll("-", "")}-${rng.digits(6)}`;
      change(r, "PAID", "PAID", now, "confirm");
      return r;
    },

    release(id: string): ReservationRecord {
      const r = find(id);
      if (r.status !== "PENDING") throw wrongState(r, "release");
      change(r, "CANCEL", "CANCEL", clock(), "release");
      return r;
    },

    refund(id: string): ReservationRecord {
      const r = find(id);
      if (r.status !== "PAID") throw wrongState(r, "refund");
      creditBack(r, "REFUND", "refund");
      return r;
    },

    /**
     * The course ends a paid reservation on its own initiative (a tee time cancelled, a rain day): PAID →
     * `status` / CANCEL, the balance credited as the refund would (`refundPercent`), `refundAt` set.
     */
    endByCourse(id: string, status: CourseEnd = "REFUND"): ReservationRecord {
      const r = find(id);
      if (r.status !== "PAID") throw wrongState(r, "end");
      creditBack(r, status, status === "CANCEL" ? "course-cancel" : "course-refund");
      return r;
    },

    /**
     * The course closes a course-local day: every active reservation on it is ended (PAID → REFUND with
     * the refund's credit, PENDING → CANCEL) and the day's slots are CLOSED from then on (`closedDay`).
     */
    closeDay(courseId: string, day: number): ReservationRecord[] {
      expire();
      closedDays.add(`${courseId}/${day}`);
      const ended: ReservationRecord[] = [];
      for (const r of records.values()) {
        if (r.courseId !== courseId || localDay(r.slotTime) !== day || !ACTIVE.has(r.status)) continue;
        if (r.status === "PAID") creditBack(r, "REFUND", "course-closed-day");
        else {
          r.endedByCourse = true;
          change(r, "CANCEL", "CANCEL", clock(), "course-closed-day");
        }
        ended.push(r);
      }
      return ended;
    },

    /** Whether the course closed this course-local day (`closeDay`). */
    closedDay(courseId: string, day: number): boolean {
      return closedDays.has(`${courseId}/${day}`);
    },

    /**
     * The course moves a PENDING or PAID reservation to another OPEN slot of the same course: `slotId`,
     * the slot time and `updatedAt` change; the status and the amount stay.
     */
    changeTeeTime(id: string, slotId: string): ReservationRecord {
      const r = find(id);
      if (!ACTIVE.has(r.status)) throw wrongState(r, "change the tee time of");
      const slot = options.lookupSlot(slotId);
      if (!slot || slot.course.id !== r.courseId) throw notFound("Tee time");
      if (slot.status !== "OPEN" || slot.id === r.slotId) {
        throw new SandboxError(409, "SLOT_NOT_AVAILABLE", `Tee time is not available (status ${slot.status})`);
      }
      r.slotId = slot.id;
      r.slotTime = slot.startMs;
      r.endedByCourse = true;
      change(r, r.status, r.reserveStatus, clock(), "tee-time-changed");
      return r;
    },

    get(id: string): ReservationRecord {
      return find(id);
    },

    /** Every reservation in creation order (live records). */
    list(): ReservationRecord[] {
      expire();
      return [...records.values()];
    },

    balance(): number {
      return balance;
    },

    setBalance(satang: number): void {
      if (!Number.isSafeInteger(satang)) throw invalid("balance must be an integer number of satang");
      balance = satang;
    },

    /** Forgets every reservation and restores the initial balance and the id stream. */
    reset(): void {
      records.clear();
      closedDays.clear();
      balance = options.initialBalance;
      counter = 0;
      rng = createRng(options.seed ^ 0x5eed0ade);
    },
  };
}
