/**
 * Trips as a service (issue 51): an agent's trip quoted to its lead customer, accepted (the schedule
 * frozen), its deposit approved by a person, then its rounds inside the partner's sales window booked —
 * each through the booking service, so every partner write keeps the ledger's once-only rules and money
 * checks — and the rest left waiting for sale; a cancellation quoted by the trip's ladder and, confirmed,
 * recorded as money to return with the partner's reservations refunded through the existing refund path.
 * The service decides every move (the tables in `moves.ts`); the screens only call it.
 */
import type { Kysely, Transaction } from "kysely";
import type { BookingService } from "../bookings/index.js";
import { userActor } from "../bookings/audit.js";
import { owedId, owedTotal, recordOwed } from "../bookings/owed.js";
import { lastSaleDate } from "../partner/sales-window.js";
import type { Database } from "../storage/schema.js";
import { addDaysToDateKey } from "../time/date-key.js";
import { dateKeyOf } from "../time/today.js";
import { wallClock } from "../time/zoned.js";
import { refundQuote, scheduleOf, TRIP_TIME_ZONE, type RefundQuote } from "./money.js";
import { pickOpening, type OpeningPick } from "./openings.js";
import { REMINDER_HOUR, reminderStageOn, SOON_DAYS, type ReminderStage } from "./reminders.js";
import type { TeeTime } from "../partner/types.js";
import type { Links } from "../access/links.js";
import { tripSight, type TripSight, type TripViewer } from "./access.js";
import {
  createTripStore,
  marginRounds,
  tripMargin,
  type TripInstalment,
  type TripMargin,
  type TripRound,
  type TripView,
} from "./store.js";
import { draftPartsOf, type EditProblem, type TripEdit } from "./edits.js";
import { isOpenInstalment, OPEN_INSTALMENT_STATES } from "./moves.js";

export interface TripServiceOptions {
  db: Kysely<Database>;
  bookings: BookingService;
  now: () => number;
  /** A new unique id (trips, bookings made for rounds). */
  newId: () => string;
  /** Whether the user is an admin: a trip's cancellation refunds partner reservations, which only admins do. */
  isAdmin: (userId: number) => boolean;
  /** Where a trip's customer link is made (`share`). */
  links: Pick<Links, "create">;
}

/** Who the lead customer is once they opened the trip's link. */
export interface TripCustomer {
  chatId: number;
  userId: number;
}

export type AcceptOutcome =
  { kind: "accepted"; view: TripView } | { kind: "not-open"; view: TripView } | { kind: "not-theirs" };

export type ApproveOutcome =
  | { kind: "approved"; view: TripView; rounds: RoundBooking[] }
  | { kind: "already"; view: TripView }
  | { kind: "not-due"; view: TripView };

/** What became of a round when the trip's rounds were booked. */
export interface RoundBooking {
  roundId: string;
  outcome: "booked" | "waiting-for-sale" | "failed";
  detail?: string;
}

export type CancelOutcome =
  | { kind: "cancelled"; view: TripView; quote: RefundQuote; refunds: RoundRefund[] }
  /** The quote changed since it was shown (a day passed, a payment came): show the new one first. */
  | { kind: "quote-changed"; quote: RefundQuote }
  /** A round's booking is under way: cancel once it settles. */
  | { kind: "busy" }
  /** Only admins cancel a trip (its reservations are refunded): nothing was done. */
  | { kind: "refused" }
  | { kind: "not-open"; view: TripView };

/**
 * A booked round's reservation refunded at the partner when its trip was cancelled: the outcome, and what the
 * partner credited back to the agency (satang; null when its answer did not say, or nothing was refunded).
 */
export interface RoundRefund {
  bookingId: string;
  outcome: string;
  credited: number | null;
}

/** What became of a round whose day went on sale (`bookOpenedRounds`), for the agent's notice. */
export interface OpenedRound {
  view: TripView;
  /** The round as it is now. */
  round: TripRound;
  outcome:
    | { kind: "booked"; teeTime: TeeTime; net: number }
    /** Its booking was tried and did not go through (held by another, the partner refused): FAILED. */
    | { kind: "failed"; teeTime: TeeTime; detail: string }
    /** No tee time the rule allows: FAILED, with the nearest ones to name. */
    | Extract<OpeningPick, { kind: "none" }>;
}

/** An instalment's reminder this pass moved to (`dueReminders`): who is told depends on the stage. */
export interface InstalmentReminder {
  view: TripView;
  kind: "deposit" | "balance";
  amount: number;
  due: string;
  stage: Exclude<ReminderStage, 0>;
}
/** A trip's round the course ended, and what it did to the trip's money (`courseEnded`, `endedRoundOf`). */
export interface EndedRound {
  view: TripView;
  round: TripRound;
  /** Satang to return to the customer for it (its `tr-<round>` row; 0: it came off the balance). */
  owed: number;
  /** The balance still to pay after it (satang), when one is open. */
  balance: number | null;
}

/** A trip as one viewer may see it (`openFor`). */
export interface TripSeen {
  sight: Exclude<TripSight, undefined>;
  view: TripView;
}

export type ShareOutcome =
  { kind: "shared"; token: string; view: TripView } | { kind: "refused" } | { kind: "not-open"; view: TripView };

export type SlipOutcome =
  | { kind: "submitted"; instalment: TripInstalment; view: TripView }
  /** Nothing of theirs is open to pay (not accepted yet, or paid). */
  | { kind: "nothing" }
  | { kind: "refused" };

export type DecideOutcome =
  ApproveOutcome | { kind: "rejected"; view: TripView } | { kind: "not-submitted" } | { kind: "refused" };

export type EditOutcome =
  /** Written; `voided` when the trip had been sent (QUOTED → DRAFT: its customer cannot accept until it is sent again). */
  | { kind: "edited"; view: TripView; voided: boolean }
  /** Accepted (or cancelled) already: a round is changed by a move, anything else by cancelling. */
  | { kind: "not-editable"; view: TripView }
  | { kind: "invalid"; problem: EditProblem }
  /** Not the trip's agent nor an admin (or no such trip): nothing was done. */
  | { kind: "refused" };

/** The trips a viewer may edit now (`editableFor`): staff's, before the customer accepted. */
export const EDITABLE_STATES = ["DRAFT", "QUOTED"] as const;

/** Trips in /report and the digest (`figuresBetween`); satang. */
export interface TripFigures {
  money: Awaited<ReturnType<ReturnType<typeof createTripStore>["moneyBetween"]>>;
  margins: TripMargin[];
  /** The bookings trips' rounds were booked under. */
  roundBookings: ReadonlySet<string>;
}

/** The reference a customer quotes for a trip's money (its payments, what is returned). */
export const tripReference = (id: string) => `TRIP-${id.slice(0, 8).toUpperCase()}`;

/**
 * The name a trip's instalment has among the bank references accepted as payments (`accepted_slip_refs`, with the
 * bookings' ids) and the slip check's retries (`slip_check_retries`): `trip:<trip>:<deposit|balance>`.
 */
export const tripSlipOwner = (id: string, kind: "deposit" | "balance") => `trip:${id}:${kind}`;

/** The trip and the instalment a `tripSlipOwner` name is of; undefined for a booking's id. */
export function tripSlipOwnerOf(owner: string): { tripId: string; kind: "deposit" | "balance" } | undefined {
  const match = /^trip:(.+):(deposit|balance)$/.exec(owner);
  return match ? { tripId: match[1]!, kind: match[2] as "deposit" | "balance" } : undefined;
}

/** How an approval was decided: a person's tap (their id) or the slip check's verdict. */
type Decider = { by: number } | { via: string };

export function createTripService(options: TripServiceOptions) {
  const { db, bookings, now, newId } = options;
  const store = createTripStore(db, now);
  const load = async (id: string) => {
    const view = await store.get(id);
    if (!view) throw new Error(`no trip ${id}`);
    return view;
  };
  /** The trip's margin: what the partner charged for each round whose booking is paid, read from the ledger. */
  async function marginOf(view: TripView): Promise<TripMargin> {
    const ids = marginRounds(view)
      .map((r) => r.booking_id)
      .filter((x): x is string => x !== null);
    const paid = (await Promise.all(ids.map((x) => bookings.get(x)))).filter((b) => b?.state === "PAID");
    return tripMargin(
      view,
      paid.map((b) => Number(b!.amount ?? b!.expected_amount)),
    );
  }
  const paidOf = (view: TripView) =>
    view.instalments.filter((i) => i.state === "approved").reduce((sum, i) => sum + i.amount, 0);
  /** The trip's balance while it is still to be paid. */
  const openBalance = (view: TripView) => view.instalments.find((i) => i.kind === "balance" && isOpenInstalment(i));

  /** Satang already owed back for the trip's rounds the course ended (their `tr-<round>` rows). */
  async function owedForEndedRounds(q: Kysely<Database> | Transaction<Database>, view: TripView): Promise<number> {
    return owedTotal(
      q,
      view.rounds.filter((r) => r.state === "COURSE_ENDED").map((r) => owedId["trip-round"](r.id)),
    );
  }

  /** The ladder's quote now: on the trip's price and what the customer paid, less what is owed back already. */
  async function quoteOf(view: TripView): Promise<RefundQuote> {
    return refundQuote({
      total: view.total,
      paid: paidOf(view) - (await owedForEndedRounds(db, view)),
      ladder: view.ladder,
      // Days before the first round still played (the course may have ended the first).
      firstRound: (view.rounds.find((r) => r.state !== "COURSE_ENDED") ?? view.rounds[0]!).day,
      atMs: now(),
    });
  }

  /**
   * A booked round whose booking the course ended at the partner (`ended_by = 'course'`): in one transaction the
   * round COURSE_ENDED (out of the trip's price), and its price taken off the open balance or, when the customer
   * paid more than the trip's new price, the excess owed back (`tr-<round>`). Once, whoever calls (the course
   * changes' pass, an admin's closed day, a replay): the round's compare-and-set decides. Undefined when
   * `bookingId` is no trip's booked round, or its booking was not ended by the course.
   */
  async function courseEnded(bookingId: string): Promise<EndedRound | undefined> {
    const round = (await store.roundOfBooking(bookingId))?.round;
    if (!round || round.state !== "BOOKED") return undefined;
    const booking = await bookings.get(bookingId);
    if (booking?.ended_by !== "course") return undefined;
    const at = now();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await store.moveRound(trx, round.id, ["BOOKED"], "COURSE_ENDED"))) return false;
      const view = (await store.get(round.trip_id, trx))!;
      if (view.trip.state === "CANCELLED") return true;
      const open = openBalance(view);
      const rest = view.total - paidOf(view);
      if (open && rest > 0) {
        await store.patchInstalment(view.trip.id, "balance", { amount: rest }, OPEN_INSTALMENT_STATES, trx);
      } else if (open) {
        await store.moveInstalment(trx, view.trip.id, "balance", OPEN_INSTALMENT_STATES, "cancelled");
        await store.moveTrip(trx, view.trip.id, ["DEPOSIT_PAID"], "PAID");
      }
      const owed = paidOf(view) - view.total - (await owedForEndedRounds(trx, view));
      if (owed > 0 && view.trip.customer_user_id !== null) {
        await recordOwed(
          trx,
          {
            id: owedId["trip-round"](round.id),
            reason: "trip-round",
            booking_id: bookingId,
            move_id: null,
            amount: owed,
            paid_via: "fairway",
            reference: tripReference(view.trip.id),
            chat_id: Number(view.trip.customer_chat_id),
            user_id: Number(view.trip.customer_user_id),
            agent_id: view.trip.agent_id,
          },
          at,
        );
      }
      return true;
    });
    return moved ? endedRoundOf(bookingId) : undefined;
  }

  /**
   * A booked round whose booking's tee time the course moved (the course-changes poll has set the booking's new
   * start): the round follows — its start, day and time on the course's clock — and its revision grows, so the
   * itinerary's calendar moves its event. Once (a compare-and-set on the start it had); the trip as it is now,
   * or undefined when `bookingId` is no trip's booked round or nothing moved.
   */
  async function courseMoved(bookingId: string): Promise<TripView | undefined> {
    const round = (await store.roundOfBooking(bookingId))?.round;
    const booking = await bookings.get(bookingId);
    if (round?.state !== "BOOKED" || round.starts_at === null || !booking) return undefined;
    if (booking.state !== "PAID" || booking.slot_starts_at === round.starts_at) return undefined;
    const at = wallClock(booking.slot_starts_at, round.time_zone);
    const moved = await store.moveRoundTime(db, round.id, round.starts_at, {
      starts_at: booking.slot_starts_at,
      slot_id: booking.slot_id,
      day: dateKeyOf(booking.slot_starts_at, round.time_zone),
      tee_time: `${String(at.hour).padStart(2, "0")}:${String(at.minute).padStart(2, "0")}`,
    });
    return moved ? load(round.trip_id) : undefined;
  }

  /** The round the course ended for `bookingId`, as it stands: what is owed for it, the balance still open. */
  async function endedRoundOf(bookingId: string): Promise<EndedRound | undefined> {
    const found = await store.roundOfBooking(bookingId);
    if (found?.round.state !== "COURSE_ENDED") return undefined;
    const { round, view } = found;
    const owed = await owedTotal(db, [owedId["trip-round"](round.id)]);
    return { view, round, owed, balance: openBalance(view)?.amount ?? null };
  }

  /** Books one round the call has moved to BOOKING: intent (idempotent on its id), reserve, confirm. */
  async function bookRound(view: TripView, round: TripRound, bookingId: string): Promise<RoundBooking> {
    const trip = view.trip;
    const fail = async (detail: string): Promise<RoundBooking> => {
      await store.moveRound(db, round.id, ["BOOKING"], "FAILED", { last_error: detail.slice(0, 500) });
      return { roundId: round.id, outcome: "failed", detail };
    };
    if (round.slot_id === null || round.starts_at === null || round.net_amount === null) return fail("no-slot");
    const party = flightParty(view, round);
    await bookings.createIntent({
      id: bookingId,
      chatId: trip.customer_chat_id!,
      userId: trip.customer_user_id!,
      agentId: trip.agent_id,
      locale: trip.locale,
      courseId: round.course_id,
      courseName: round.course_name,
      timeZone: round.time_zone,
      slotId: round.slot_id,
      slotStartsAt: round.starts_at,
      persons: round.players,
      customerName: party[0] ?? trip.lead_name,
      customerEmail: trip.lead_email,
      customerMobile: trip.lead_mobile,
      expectedAmount: round.net_amount,
      // The customer pays the round's selling price (through the trip's instalments): the booking's margin.
      sellingAmount: round.selling_amount,
      additionGolfers: party.slice(1),
    });
    const held = await bookings.reserve(bookingId, { actor: userActor(trip.agent_id) });
    if (held.kind !== "held") return fail(`reserve-${held.kind} ${held.booking.last_error ?? ""}`.trim());
    const paid = await bookings.confirm(bookingId, { actor: userActor(trip.agent_id) });
    if (paid.kind !== "paid") return fail(`confirm-${paid.kind}`);
    await store.moveRound(db, round.id, ["BOOKING"], "BOOKED");
    return { roundId: round.id, outcome: "booked" };
  }

  /**
   * After the deposit: each planned (or failed) round inside the sales window, seen from today in Bangkok,
   * booked by the one call that moves it to BOOKING; each beyond it left WAITING_FOR_SALE.
   */
  async function bookRounds(id: string): Promise<RoundBooking[]> {
    const view = await load(id);
    const last = lastSaleDate(dateKeyOf(now(), TRIP_TIME_ZONE));
    const out: RoundBooking[] = [];
    for (const round of view.rounds) {
      if (round.state !== "PLANNED" && round.state !== "FAILED") continue;
      if (round.day > last) {
        if (await store.moveRound(db, round.id, ["PLANNED"], "WAITING_FOR_SALE")) {
          out.push({ roundId: round.id, outcome: "waiting-for-sale" });
        }
        continue;
      }
      const bookingId = newId();
      if (!(await store.moveRound(db, round.id, [round.state], "BOOKING", { booking_id: bookingId, last_error: null })))
        continue;
      out.push(await bookRound(view, round, bookingId));
    }
    return out;
  }

  /**
   * The openings pass (a leader's periodic job): each round WAITING_FOR_SALE of a trip whose deposit is
   * approved, whose day is now inside the sales window, gets the tee time `pickOpening` chooses from its day's
   * list and is booked through `bookRound` by the one call that moves it to BOOKING; with none, it is moved to
   * FAILED by the one call that does, so the agent is told once. A list the partner did not give is tried
   * again at the next pass (nothing moved, not reported).
   */
  async function bookOpenedRounds(partner: {
    listTeeTimes: (courseId: string, date: string) => Promise<TeeTime[]>;
  }): Promise<OpenedRound[]> {
    const due = await store.openedRounds(lastSaleDate(dateKeyOf(now(), TRIP_TIME_ZONE)));
    const out: OpenedRound[] = [];
    for (const row of due) {
      const list = await partner.listTeeTimes(row.course_id, row.day).catch(() => undefined);
      if (!list) continue;
      const view = await load(row.trip_id);
      const round = view.rounds.find((r) => r.id === row.id);
      if (!round || round.state !== "WAITING_FOR_SALE") continue;
      const pick = pickOpening(list, round, now());
      const reload = async () => {
        const after = await load(row.trip_id);
        return { view: after, round: after.rounds.find((r) => r.id === row.id)! };
      };
      if (pick.kind === "none") {
        const detail = `${pick.reason} near ${round.tee_time}`;
        if (await store.moveRound(db, round.id, ["WAITING_FOR_SALE"], "FAILED", { last_error: detail }))
          out.push({ ...(await reload()), outcome: pick });
        continue;
      }
      const bookingId = newId();
      const chosen = { slot_id: pick.teeTime.id, starts_at: pick.teeTime.startsAt, net_amount: pick.net };
      const moved = await store.moveRound(db, round.id, ["WAITING_FOR_SALE"], "BOOKING", {
        booking_id: bookingId,
        last_error: null,
        ...chosen,
      });
      if (!moved) continue;
      const booked = await bookRound(view, { ...round, ...chosen }, bookingId);
      out.push({
        ...(await reload()),
        outcome:
          booked.outcome === "booked"
            ? { kind: "booked", teeTime: pick.teeTime, net: pick.net }
            : { kind: "failed", teeTime: pick.teeTime, detail: booked.detail ?? "" },
      });
    }
    return out;
  }

  /**
   * Rounds left BOOKING for `staleMs` (a crash or an error between the move and the booking's end): settled
   * from their booking as the booking service left it — PAID → BOOKED; ended without a reservation or
   * refunded → FAILED (for the agent to book again); still on its way → left for a later pass. Returns what
   * it settled.
   */
  async function settleStuckRounds(staleMs = 15 * 60_000): Promise<{ roundId: string; to: "BOOKED" | "FAILED" }[]> {
    const stuck = await db
      .selectFrom("trip_rounds")
      .select(["id", "booking_id"])
      .where("state", "=", "BOOKING")
      .where("updated_at", "<", now() - staleMs)
      .execute();
    const out: { roundId: string; to: "BOOKED" | "FAILED" }[] = [];
    for (const r of stuck) {
      const booking = r.booking_id === null ? undefined : await bookings.get(r.booking_id);
      const state = booking?.state;
      if (state === "PAID") {
        if (await store.moveRound(db, r.id, ["BOOKING"], "BOOKED")) out.push({ roundId: r.id, to: "BOOKED" });
      } else if (state === undefined || ["RELEASED", "RESERVE_FAILED", "REFUNDED"].includes(state)) {
        const detail = `settled: ${state ?? "no booking"}`;
        if (await store.moveRound(db, r.id, ["BOOKING"], "FAILED", { last_error: detail }))
          out.push({ roundId: r.id, to: "FAILED" });
      }
    }
    return out;
  }

  /**
   * The reminders due today (Bangkok): each unpaid instalment (due, or its slip rejected) of a live trip whose
   * stage (`reminders.ts`) is further than the one recorded (from 09:00 in Bangkok), moved there by a compare-and-set, so each stage is
   * told by one pass only; a stage skipped while nobody looked is not told.
   */
  async function dueReminders(): Promise<InstalmentReminder[]> {
    if (wallClock(now(), TRIP_TIME_ZONE).hour < REMINDER_HOUR) return [];
    const today = dateKeyOf(now(), TRIP_TIME_ZONE);
    const open = await db
      .selectFrom("trip_instalments")
      .innerJoin("trips", "trips.id", "trip_instalments.trip_id")
      .select([
        "trip_instalments.trip_id",
        "trip_instalments.kind",
        "trip_instalments.due",
        "trip_instalments.amount",
        "trip_instalments.reminder_stage",
      ])
      .where("trip_instalments.state", "in", ["due", "rejected"])
      // The deposit while it is what the trip waits for; the balance once the deposit is in.
      .where((eb) =>
        eb.or([
          eb.and([eb("trip_instalments.kind", "=", "deposit"), eb("trips.state", "=", "ACCEPTED")]),
          eb.and([eb("trip_instalments.kind", "=", "balance"), eb("trips.state", "=", "DEPOSIT_PAID")]),
        ]),
      )
      .where("trip_instalments.due", "<", addDaysToDateKey(today, SOON_DAYS + 1))
      .execute();
    const out: InstalmentReminder[] = [];
    for (const row of open) {
      const stage = reminderStageOn(row.kind, row.due, today);
      const was = Number(row.reminder_stage);
      if (stage === 0 || stage <= was) continue;
      const moved = await db
        .updateTable("trip_instalments")
        .set({ reminder_stage: stage })
        .where("trip_id", "=", row.trip_id)
        .where("kind", "=", row.kind)
        .where("reminder_stage", "=", was)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) continue;
      out.push({ view: await load(row.trip_id), kind: row.kind, amount: Number(row.amount), due: row.due, stage });
    }
    return out;
  }

  /**
   * Approves an instalment once (a compare-and-set from any open state), as `decider` says: the deposit moves
   * the trip to DEPOSIT_PAID (PAID with no balance) and books the rounds inside the sales window; the balance
   * moves it to PAID. Whoever comes second (a tap, the slip check, another instance) gets `already`.
   */
  async function approveAs(id: string, kind: "deposit" | "balance", decider: Decider): Promise<ApproveOutcome> {
    const view = await load(id);
    const instalment = view.instalments.find((i) => i.kind === kind);
    if (!instalment) return { kind: "not-due", view };
    const hasBalance = view.instalments.some((i) => i.kind === "balance");
    const decided =
      "by" in decider
        ? { decided_by: decider.by, decided_at: now() }
        : { decided_by: null, decided_via: decider.via, slip_check: "verified", decided_at: now() };
    const won = await db.transaction().execute(async (trx) => {
      const moved = await store.moveInstalment(trx, id, kind, OPEN_INSTALMENT_STATES, "approved", decided);
      if (!moved) return false;
      const tripMoved =
        kind === "deposit"
          ? await store.moveTrip(trx, id, ["ACCEPTED"], "DEPOSIT_PAID")
          : await store.moveTrip(trx, id, ["DEPOSIT_PAID"], "PAID");
      if (!tripMoved) throw new Error(`trip ${id} is not where its ${kind} can be approved`);
      if (kind === "deposit" && !hasBalance) await store.moveTrip(trx, id, ["DEPOSIT_PAID"], "PAID");
      return true;
    });
    if (!won) {
      const after = await load(id);
      const state = after.instalments.find((i) => i.kind === kind)?.state;
      return state === "approved" ? { kind: "already", view: after } : { kind: "not-due", view: after };
    }
    const rounds = kind === "deposit" ? await bookRounds(id) : [];
    return { kind: "approved", view: await load(id), rounds };
  }

  const service = {
    store,

    /** Records a new trip (DRAFT) for its agent; throws `ValiError` for bad input. */
    create: (input: unknown): Promise<TripView> => store.create(newId(), input),
    /** A trip built on a screen: only an agent or an admin, for themselves; undefined for anyone else. */
    async createAs(viewer: TripViewer, input: unknown): Promise<TripView | undefined> {
      const { role } = viewer.who;
      if (role !== "agent" && role !== "admin") return undefined;
      return store.create(newId(), { ...(input as object), agentId: viewer.userId });
    },
    get: (id: string) => store.get(id),
    listForAgent: (agentId: number, limit?: number) => store.listForAgent(agentId, limit),

    /** The trip if `viewer` may see it (`access.ts`), and how; undefined for anyone else or no such trip. */
    async openFor(id: string, viewer: TripViewer): Promise<TripSeen | undefined> {
      const view = await store.get(id);
      const sight = view && tripSight(viewer, view.trip);
      return view && sight ? { sight, view } : undefined;
    },

    /** The trips `viewer` may see, newest first: an admin's every trip, an agent's own, a trip customer's one. */
    async listFor(viewer: TripViewer, limit = 20): Promise<TripView[]> {
      const { who, userId } = viewer;
      const records =
        who.role === "admin"
          ? await store.listAll(limit)
          : who.role === "agent"
            ? await store.listForAgent(userId, limit)
            : [];
      if (who.role === "customer" && who.tripId !== undefined) {
        const seen = await service.openFor(who.tripId, viewer);
        return seen ? [seen.view] : [];
      }
      const views = await Promise.all(records.map((r) => store.get(r.id)));
      return views.filter((x): x is TripView => x !== undefined);
    },

    /**
     * The trips of `viewer`'s own for /mybookings: the lead customer's one trip (as `openFor` lets them see
     * it), an agent's own trips, an admin's own (those they built: every trip stays in /trips), newest first;
     * nothing for anyone else.
     */
    async mineFor(viewer: TripViewer, limit = 10): Promise<TripSeen[]> {
      const { who, userId } = viewer;
      if (who.role === "customer") {
        const seen = who.tripId === undefined ? undefined : await service.openFor(who.tripId, viewer);
        return seen ? [seen] : [];
      }
      if (who.role !== "agent" && who.role !== "admin") return [];
      const records = await store.listForAgent(userId, limit);
      const seen = await Promise.all(records.map((r) => service.openFor(r.id, viewer)));
      return seen.filter((x): x is TripSeen => x !== undefined);
    },

    /** The trip's margin (`TripMargin`) for staff who may see it; undefined for a customer or anyone else. */
    async marginFor(id: string, viewer: TripViewer): Promise<TripMargin | undefined> {
      const seen = await service.openFor(id, viewer);
      return seen?.sight === "staff" ? marginOf(seen.view) : undefined;
    },

    /**
     * What /report and the digest say of trips over [from, to) (`today` the Bangkok day for due and
     * overdue): the instalments' money, each trip's margin, and the bookings its rounds were booked under
     * (counted with the trips, not among the bookings).
     */
    async figuresBetween(from: number, to: number, today: string): Promise<TripFigures> {
      const [money, active, roundBookings] = await Promise.all([
        store.moneyBetween(from, to, today),
        store.activeBetween(from, to),
        store.roundBookingIds(),
      ]);
      return { money, margins: await Promise.all(active.map(marginOf)), roundBookings };
    },

    /**
     * The trip's agent (or an admin) sends it to its lead customer: a draft becomes QUOTED, and the
     * customer link with the trip's scope (one customer) is made, or the one made before returned.
     */
    async share(id: string, viewer: TripViewer): Promise<ShareOutcome> {
      const view = await store.get(id);
      if (!view || tripSight(viewer, view.trip) !== "staff") return { kind: "refused" };
      await store.moveTrip(db, id, ["DRAFT"], "QUOTED");
      const after = await load(id);
      if (after.trip.state !== "QUOTED") return { kind: "not-open", view: after };
      const existing = await db
        .selectFrom("links")
        .select("token")
        .where("trip_id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      const token =
        existing?.token ?? (await options.links.create({ agentId: view.trip.agent_id, tripId: id, maxUses: 1 })).token;
      return { kind: "shared", token, view: after };
    },

    /**
     * The lead customer sent a slip: the instalment open now (the deposit, then the balance) is
     * `submitted` for a person's decision. Only the trip's lead customer (`access.ts`).
     */
    async submitSlip(id: string, viewer: TripViewer): Promise<SlipOutcome> {
      const seen = await service.openFor(id, viewer);
      if (seen?.sight !== "customer" || seen.view.trip.customer_user_id === null) return { kind: "refused" };
      const open = seen.view.instalments
        .filter(isOpenInstalment)
        .sort((a, b) => (a.kind === "deposit" ? -1 : b.kind === "deposit" ? 1 : 0))[0];
      if (!open || (open.kind === "balance" && seen.view.trip.state !== "DEPOSIT_PAID")) return { kind: "nothing" };
      await store.moveInstalment(db, id, open.kind, OPEN_INSTALMENT_STATES, "submitted");
      const view = await load(id);
      return { kind: "submitted", instalment: view.instalments.find((i) => i.kind === open.kind)!, view };
    },

    /**
     * A person decides a submitted instalment: approved (the deposit books the rounds, once, whoever
     * taps) or rejected (the customer may send another slip). Only the trip's agent or an admin.
     */
    async decide(
      id: string,
      kind: "deposit" | "balance",
      viewer: TripViewer,
      decision: "approve" | "reject",
    ): Promise<DecideOutcome> {
      const seen = await service.openFor(id, viewer);
      if (seen?.sight !== "staff") return { kind: "refused" };
      if (decision === "approve") return service.approve(id, kind, viewer.userId);
      const moved = await store.moveInstalment(db, id, kind, ["submitted"], "rejected", {
        decided_by: viewer.userId,
        decided_at: now(),
      });
      return moved ? { kind: "rejected", view: await load(id) } : { kind: "not-submitted" };
    },

    /** The trip if `viewer` may edit it now (its agent or an admin; DRAFT or QUOTED); why not otherwise. */
    async editableFor(
      id: string,
      viewer: TripViewer,
    ): Promise<{ kind: "editable"; view: TripView } | Extract<EditOutcome, { kind: "refused" | "not-editable" }>> {
      const seen = await service.openFor(id, viewer);
      if (seen?.sight !== "staff") return { kind: "refused" };
      const editable = (EDITABLE_STATES as readonly string[]).includes(seen.view.trip.state);
      return editable ? { kind: "editable", view: seen.view } : { kind: "not-editable", view: seen.view };
    },

    /**
     * The trip's agent (or an admin) changes a trip before its customer accepted (`edits.ts`): in one
     * transaction a sent quote is voided (QUOTED → DRAFT, a compare-and-set), the draft held by a compare-and-set
     * on its state, the change read from the trip as it is then and written. Anyone else is refused; a trip
     * accepted or cancelled meanwhile is not editable and nothing is written.
     */
    async editAs(id: string, viewer: TripViewer, edit: TripEdit): Promise<EditOutcome> {
      const may = await service.editableFor(id, viewer);
      if (may.kind !== "editable") return may;
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const voided = await store.moveTrip(trx, id, ["QUOTED"], "DRAFT");
          if (!(await store.holdDraft(trx, id))) return { kind: "not-editable" as const };
          const parts = draftPartsOf((await store.get(id, trx))!, edit);
          if ("problem" in parts) throw new EditRefused(parts.problem);
          await store.writeDraft(trx, id, parts);
          return { kind: "edited" as const, voided };
        })
        .catch((error: unknown) => {
          if (error instanceof EditRefused) return { kind: "invalid" as const, problem: error.problem };
          throw error;
        });
      if (outcome.kind === "invalid") return outcome;
      return { ...outcome, view: await load(id) };
    },

    /** The lead customer accepts through the screens: only the customer the trip's link admitted (`access.ts`). */
    async acceptFor(id: string, viewer: TripViewer, chatId: number): Promise<AcceptOutcome | { kind: "refused" }> {
      const seen = await service.openFor(id, viewer);
      if (seen?.sight !== "customer") return { kind: "refused" };
      return service.accept(id, { chatId, userId: viewer.userId });
    },

    /** The agent sends the quote (DRAFT → QUOTED); true when this call moved it. */
    async send(id: string, agentId: number): Promise<boolean> {
      const view = await load(id);
      if (view.trip.agent_id !== agentId) return false;
      return store.moveTrip(db, id, ["DRAFT"], "QUOTED");
    },

    /**
     * The lead customer accepts the quote: the trip is theirs (the first to accept through its link), the
     * schedule is frozen from today in Bangkok and its instalments are due. Accepting again is a no-op.
     */
    async accept(id: string, customer: TripCustomer): Promise<AcceptOutcome> {
      const before = await load(id);
      if (before.trip.customer_user_id !== null && Number(before.trip.customer_user_id) !== customer.userId) {
        return { kind: "not-theirs" };
      }
      const at = now();
      const schedule = scheduleOf({
        total: before.total,
        deposit: before.deposit,
        balanceDaysBefore: before.trip.balance_days_before,
        firstRound: before.rounds[0]!.day,
        acceptedAtMs: at,
      });
      const won = await db.transaction().execute(async (trx) => {
        const moved = await store.moveTrip(trx, id, ["QUOTED"], "ACCEPTED", {
          customer_chat_id: customer.chatId,
          customer_user_id: customer.userId,
          accepted_at: at,
        });
        if (!moved) return false;
        const rows: { kind: "deposit" | "balance"; amount: number; due: string }[] = [
          { kind: "deposit", amount: schedule.deposit.satang, due: schedule.deposit.due },
        ];
        if (schedule.balance.satang > 0)
          rows.push({ kind: "balance", amount: schedule.balance.satang, due: schedule.balance.due });
        await store.addInstalments(trx, id, rows);
        return true;
      });
      const view = await load(id);
      if (won) return { kind: "accepted", view };
      if (view.trip.customer_user_id !== null && Number(view.trip.customer_user_id) !== customer.userId) {
        return { kind: "not-theirs" };
      }
      // Theirs already (a second tap, a replay): the same answer; otherwise not open to accepting.
      const theirs = view.trip.customer_user_id !== null && view.trip.state !== "CANCELLED";
      return theirs ? { kind: "accepted", view } : { kind: "not-open", view };
    },

    /**
     * A person approves an instalment (`actorId`, whom the caller has checked may decide): the deposit moves
     * the trip to DEPOSIT_PAID (PAID with no balance) and books the rounds inside the sales window; the
     * balance moves it to PAID. Approved once, whoever taps (or the slip check, `approveChecked`). The slip's bank
     * reference, when its QR was read, is accepted too: the same transfer pays nothing else.
     */
    async approve(id: string, kind: "deposit" | "balance", actorId: number): Promise<ApproveOutcome> {
      const open = (await store.get(id))?.instalments.find((i) => i.kind === kind && isOpenInstalment(i));
      if (open?.slip_ref) await bookings.acceptSlipRef(open.slip_ref, tripSlipOwner(id, kind));
      return approveAs(id, kind, { by: actorId });
    },

    /**
     * The slip check verified an instalment's slip (`provider`: the transfer happened, to the QR's payee, for the
     * instalment's amount to the satang): its bank reference accepted first, once across bookings and trips (one
     * already another's is `duplicate`, nothing approved), then approved exactly as a person's Paid is —
     * `decided_via` `slip-check:<provider>`, no `decided_by` — so a tap racing it approves once.
     */
    async approveChecked(
      id: string,
      kind: "deposit" | "balance",
      opts: { provider: string; transRef: string },
    ): Promise<ApproveOutcome | { kind: "duplicate"; acceptedFor: string }> {
      const owner = tripSlipOwner(id, kind);
      if (!(await bookings.acceptSlipRef(opts.transRef, owner))) {
        await service.recordSlipCheck(id, kind, "refused:duplicate");
        return { kind: "duplicate", acceptedFor: (await bookings.acceptedRefOf(opts.transRef)) ?? "?" };
      }
      const out = await approveAs(id, kind, { via: `slip-check:${opts.provider}` });
      // Not approved (the trip cancelled meanwhile): the transfer paid for nothing and may pay for something else.
      if (out.kind === "not-due") await bookings.releaseSlipRef(opts.transRef, owner);
      return out;
    },

    /** The PromptPay ID an instalment's QR was made for (the slip check holds the slip's receiver against it). */
    recordQr: (id: string, kind: "deposit" | "balance", payee: string) =>
      store.patchInstalment(id, kind, { payee }, OPEN_INSTALMENT_STATES),
    /** A slip read for a submitted instalment: its bank reference and when it came. */
    recordSlip: (id: string, kind: "deposit" | "balance", slip: { ref: string; at: number }) =>
      store.patchInstalment(id, kind, { slip_ref: slip.ref, slip_at: slip.at }, ["submitted"]),
    /** What the slip check said of an instalment's latest slip, kept while the instalment is open. */
    recordSlipCheck: (id: string, kind: "deposit" | "balance", said: string) =>
      store.patchInstalment(id, kind, { slip_check: said }, OPEN_INSTALMENT_STATES),

    bookRounds,
    bookOpenedRounds,
    settleStuckRounds,
    dueReminders,

    /** What cancelling the trip now returns (the ladder frozen at sale, on today's day in Bangkok). */
    async cancelQuote(id: string): Promise<RefundQuote> {
      return quoteOf(await load(id));
    },

    courseEnded,
    endedRoundOf,
    courseMoved,

    /**
     * Cancels the trip at the quote the person saw (`expectedRefund`, satang): the open instalments void,
     * unbooked rounds cancelled, the refund recorded to return (one row, `t-<trip>`, in the same
     * transaction), then each booked round's reservation refunded through the booking service's refund
     * (`actorId` must be an admin, as for any refund; anyone else is refused before anything changes). A booked round whose refund did
     * not go through stays BOOKED, reported, for an admin's refund later.
     */
    async cancel(id: string, opts: { actorId: number; expectedRefund: number }): Promise<CancelOutcome> {
      if (!options.isAdmin(opts.actorId)) return { kind: "refused" };
      const view = await load(id);
      if (view.rounds.some((r) => r.state === "BOOKING")) return { kind: "busy" };
      const quote = await quoteOf(view);
      if (quote.refund !== opts.expectedRefund) return { kind: "quote-changed", quote };
      const at = now();
      const won = await db
        .transaction()
        .execute(async (trx) => {
          const live = ["DRAFT", "QUOTED", "ACCEPTED", "DEPOSIT_PAID", "PAID"] as const;
          if (!(await store.moveTrip(trx, id, live, "CANCELLED", { cancelled_at: at }))) return false;
          for (const i of view.instalments) {
            if (isOpenInstalment(i)) {
              await store.moveInstalment(trx, id, i.kind, [i.state], "cancelled");
            }
          }
          for (const r of view.rounds) {
            if (r.state === "PLANNED" || r.state === "WAITING_FOR_SALE" || r.state === "FAILED") {
              // A round another call started booking since the view was read: nothing is cancelled (busy).
              if (!(await store.moveRound(trx, r.id, [r.state], "CANCELLED"))) throw new RoundMovedMeanwhile();
            }
          }
          if (view.trip.customer_user_id !== null) {
            await recordOwed(
              trx,
              {
                id: owedId.trip(id),
                reason: "trip",
                booking_id: id,
                move_id: null,
                amount: quote.refund,
                paid_via: "fairway",
                reference: tripReference(id),
                chat_id: Number(view.trip.customer_chat_id),
                user_id: Number(view.trip.customer_user_id),
                agent_id: view.trip.agent_id,
              },
              at,
            );
          }
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof RoundMovedMeanwhile) return "busy" as const;
          throw error;
        });
      if (won === "busy") return { kind: "busy" };
      if (!won) return { kind: "not-open", view: await load(id) };
      const refunds: RoundRefund[] = [];
      for (const r of view.rounds) {
        if (r.state !== "BOOKED" || r.booking_id === null) continue;
        const out = await bookings.refund(r.booking_id, { actor: userActor(opts.actorId) });
        refunds.push({
          bookingId: r.booking_id,
          outcome: out.kind,
          credited: out.kind === "refunded" ? out.refundedAmount : null,
        });
        if (out.kind === "refunded") await store.moveRound(db, r.id, ["BOOKED"], "CANCELLED");
      }
      return { kind: "cancelled", view: await load(id), quote, refunds };
    },
  };
  return service;
}

/**
 * The names a round's reservation carries: a party larger than a tee time plays as several rounds on one
 * course and day (its flights, in order), each with the roster's next players; the first flight is led by the
 * lead customer. The lead's e-mail and mobile are every flight's contact.
 */
export function flightParty(view: Pick<TripView, "players" | "rounds">, round: TripRound): string[] {
  const before = view.rounds
    .filter((r) => r.day === round.day && r.course_id === round.course_id && r.position < round.position)
    .reduce((n, r) => n + r.players, 0);
  const names = view.players.map((p) => p.name);
  // A roster shorter than the flights (a round for more than the roster): the first players again.
  const from = before + round.players <= names.length ? before : 0;
  return names.slice(from, from + round.players);
}

/** Rolls an edit back (a quote voided for nothing is not voided) when the change does not apply. */
class EditRefused extends Error {
  constructor(readonly problem: EditProblem) {
    super(problem);
  }
}

/** Rolls a cancellation back when a round moved after its view was read. */
class RoundMovedMeanwhile extends Error {}

export type TripService = ReturnType<typeof createTripService>;
