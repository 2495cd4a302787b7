/**
 * What the course changed, told (issue 50): the course-changes poll (src/bookings/course-changes.ts) finds
 * a paid reservation the course ended or moved; here the booker (the agent credited, else whoever booked),
 * the customer (a customer's own booking, in their language) and the admins are each told once what
 * happened, what went back to the agency's credit (staff only: the net never reaches a customer) and what
 * the customer is owed. Each change has a key (`end:<booking>`, `time:<booking>:<tee time>`); its row in
 * `course_notices` and its messages in the outbox are written in one transaction, so a change is told
 * once, whatever instance, replayed pass or crash comes between. An end with a full tax invoice issues its
 * credit note (ใบลดหนี้, for what the customer is owed back), sent by the pass that told the end.
 */
import type { Kysely } from "kysely";
import type { Access } from "../../../access/index.js";
import type { BookingRecord, BookingService } from "../../../bookings/index.js";
import type { CourseChange } from "../../../bookings/course-changes.js";
import type { BookingQueries } from "../../../bookings/queries.js";
import type { Logger } from "../../../logger.js";
import type { PartnerCatalog } from "../../../partner/catalog.js";
import type { TeeTime } from "../../../partner/types.js";
import { nearestSlots } from "../../../search/groups.js";
import type { Database } from "../../../storage/schema.js";
import type { Locale } from "../../format/locale.js";
import { dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import type { Notifications } from "../../notifications.js";
import type { Outbox, OutboxMessage } from "../../outbox.js";
import type { Receipts } from "../../../receipts/receipts.js";
import { tripReference, type EndedRound, type TripService } from "../../../trips/service.js";
import type { TripView } from "../../../trips/store.js";
import { CREDIT_REASONS, refundCredit, sendCreditNote } from "../after-booking/credit-notes.js";
import { amountText, bookingArgs, translate } from "../after-booking/notices.js";
import { alternativeData } from "./alternatives.js";

export interface CourseNoticesOptions {
  db: Kysely<Database>;
  outbox: Pick<Outbox, "enqueue">;
  notifications: Pick<Notifications, "localeOf" | "agentChats" | "deliver">;
  /** A booking's tax invoice: an end issues its credit note (absent: none). */
  receipts?: Pick<Receipts, "creditNote">;
  access: Pick<Access, "adminIds">;
  bookings: Pick<BookingService, "owedOf">;
  ledger: Pick<BookingQueries, "courseEndsUntold">;
  /** The course's tee times that day, for the alternatives named to the booker of an ended booking. */
  catalog?: Pick<PartnerCatalog, "teeTimes">;
  /** Trips: a trip's round the course ended leaves the trip's price, told with the end (absent: no trips). */
  trips?: Pick<TripService, "courseEnded" | "endedRoundOf" | "courseMoved">;
  /**
   * Sends a trip's lead customer its itinerary and calendar again (a round ended or moved: `papers.ts`) and, when a
   * round ended, the open balance's QR for its new amount.
   */
  tripPapers?: (view: TripView, change: CourseChange["kind"]) => Promise<void>;
  logger: Logger;
  now: () => number;
}

/** The key a change is told under: one notice per end, one per tee time the course moved a booking to. */
export function noticeKey(change: CourseChange): string {
  return change.kind === "ended" ? `end:${change.booking.id}` : `time:${change.booking.id}:${change.startsAt}`;
}

/** The customer of a booking who is told apart from its agent: one who booked it themselves through an agent. */
export function customerOf(b: Pick<BookingRecord, "agent_id" | "user_id" | "chat_id">): number | undefined {
  return b.agent_id !== null && b.agent_id !== b.user_id ? b.chat_id : undefined;
}

export function createCourseNotices(options: CourseNoticesOptions) {
  const { db, notifications, logger } = options;

  /** The staff who hear of it: the booker (the agent credited, else whoever booked) and the admins, once each. */
  async function staffOf(b: BookingRecord): Promise<number[]> {
    const booker = b.agent_id !== null ? await notifications.agentChats(b.agent_id) : [b.user_id];
    return [...new Set([...booker, ...options.access.adminIds()].map(Number))];
  }

  /** Satang still owed to the customer for the booking (its rows to return). */
  async function owedFor(bookingId: string): Promise<number> {
    const rows = await options.bookings.owedOf(bookingId);
    return rows.filter((r) => r.state === "to-return").reduce((sum, r) => sum + r.amount, 0);
  }

  /**
   * Up to three open tee times at the same course on the same day that take the party, nearest the ended
   * one: what the booker may rebook with one tap. None when the course's list cannot be read.
   */
  async function alternativesOf(b: BookingRecord): Promise<TeeTime[]> {
    if (!options.catalog) return [];
    const date = dateKeyOf(b.slot_starts_at, b.time_zone);
    const slots = await options.catalog.teeTimes(b.course_id, date).catch((err: unknown) => {
      logger.warn({ err, bookingId: b.id }, "alternatives not read; the notice goes without them");
      return [];
    });
    const at = options.now();
    const open = slots.filter(
      (s) =>
        s.status.toUpperCase() === "OPEN" && s.startsAt > at && s.minPerson <= b.persons && b.persons <= s.maxPerson,
    );
    return nearestSlots(open, b.slot_starts_at, new Set([b.slot_id]));
  }

  /** The booker's lines and buttons for the alternatives. */
  function withAlternatives(text: string, b: BookingRecord, alternatives: TeeTime[], locale: Locale) {
    const buttons = alternatives
      .map((s) => ({ s, data: alternativeData(b.id, s.id) }))
      .filter((x): x is { s: TeeTime; data: string } => x.data !== undefined)
      .map(({ s, data }) => [
        {
          text: translate(locale, "course-alt-button", { time: formatTime(s.startsAt, b.time_zone, locale) }),
          callback_data: data,
        },
      ]);
    if (buttons.length === 0) return { text: `${text}\n${translate(locale, "course-alt-none")}` };
    return { text: `${text}\n${translate(locale, "course-alt-some")}`, replyMarkup: { inline_keyboard: buttons } };
  }

  /** The line a trip's round adds: its price off the trip's, and the balance still to pay. */
  function tripLine(ended: EndedRound, locale: Locale): string {
    const line = translate(locale, "course-ended-trip", {
      reference: tripReference(ended.view.trip.id),
      price: formatBaht(ended.round.selling_amount, locale),
    });
    return ended.balance === null
      ? line
      : `${line}\n${translate(locale, "course-ended-trip-balance", { balance: formatBaht(ended.balance, locale) })}`;
  }

  /** The message of one change for one reader. */
  function textOf(change: CourseChange, locale: Locale, audience: "staff" | "customer", owed: number): string {
    const b = change.booking;
    const args = {
      ...bookingArgs(b, locale),
      customer: escapeHtml(b.customer_name),
      players: b.persons,
    };
    if (change.kind === "tee-time-changed") {
      return translate(locale, `course-moved-${audience}`, {
        ...args,
        fromDate: formatDate(dateKeyOf(change.from, b.time_zone), locale),
        fromTime: formatTime(change.from, b.time_zone, locale),
      });
    }
    return translate(locale, `course-ended-${audience}`, {
      ...args,
      how: change.partnerStatus === "REFUND" ? "refund" : "cancel",
      credited: amountText(b.refunded_amount, locale),
      owed: formatBaht(owed, locale),
      owes: owed > 0 ? "yes" : "no",
    });
  }

  /** Every message of a change: one per staff chat, one to the customer. */
  async function messagesOf(change: CourseChange, offer: boolean): Promise<OutboxMessage[]> {
    const b = change.booking;
    const owed = change.kind === "ended" ? await owedFor(b.id) : 0;
    const trip = change.kind === "ended" ? await options.trips?.endedRoundOf(b.id) : undefined;
    const what = change.kind === "ended" ? "course-ended" : "course-moved";
    const textFor = (locale: Locale, audience: "staff" | "customer") => {
      const text = textOf(change, locale, audience, owed);
      return trip ? `${text}\n${tripLine(trip, locale)}` : text;
    };
    const messages: OutboxMessage[] = [];
    const customer = customerOf(b);
    const alternatives = change.kind === "ended" && offer ? await alternativesOf(b) : [];
    const bookers = new Set(
      (b.agent_id !== null ? await notifications.agentChats(b.agent_id) : [b.user_id]).map(Number),
    );
    for (const chatId of await staffOf(b)) {
      if (chatId === customer) continue;
      const locale = await notifications.localeOf(chatId);
      const text = textFor(locale, "staff");
      const told =
        change.kind === "ended" && offer && bookers.has(chatId)
          ? withAlternatives(text, b, alternatives, locale)
          : { text };
      messages.push({ chatId, ...told, what });
    }
    if (customer !== undefined) {
      const locale = await notifications.localeOf(customer);
      messages.push({ chatId: customer, text: textFor(locale, "customer"), what });
    }
    return messages;
  }

  /**
   * The credit note of a booking the course ended, when it has a full tax invoice: for what the customer is
   * owed back (the ledger's rows to return; else their share of what the partner credited), the same cause
   * as an admin's refund (`refund:<booking>`), so one note whichever path ended it.
   */
  async function creditEnded(b: BookingRecord): Promise<void> {
    const owed = await owedFor(b.id);
    const credit = owed > 0 ? { ...refundCredit(b), creditedSatang: owed } : refundCredit(b);
    await sendCreditNote({ receipts: options.receipts!, notifications, logger }, b, {
      ...credit,
      reason: CREDIT_REASONS.courseEnded,
    });
  }

  /**
   * Tells a change once: its notice row and its messages in one transaction, none when the key is told
   * already. True when this call told it. The booker of an end is offered tee times near it unless
   * `alternatives` is false (a closed course-day: none of that course's is to be had).
   */
  async function tell(change: CourseChange, opts: { alternatives?: boolean } = {}): Promise<boolean> {
    const id = noticeKey(change);
    const told = await db.selectFrom("course_notices").select("id").where("id", "=", id).executeTakeFirst();
    if (told) return false;
    // A trip's round leaves the trip's price before anyone is told (its money rows first; once, whoever calls),
    // or follows the tee time the course moved it to.
    const trip =
      change.kind === "ended"
        ? (await options.trips?.courseEnded(change.booking.id))?.view
        : await options.trips?.courseMoved(change.booking.id);
    const messages = await messagesOf(change, opts.alternatives !== false);
    const kind = change.kind === "ended" ? "ended" : "tee-time";
    const won = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("course_notices")
        .values({ id, booking_id: change.booking.id, kind, created_at: options.now() })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      for (const message of messages) await options.outbox.enqueue(message, trx);
      return true;
    });
    if (!won) return false;
    logger.info({ bookingId: change.booking.id, key: id, told: messages.length }, "course change told");
    if (change.kind === "ended" && options.receipts) await creditEnded(change.booking);
    // The trip's itinerary and calendar again: the round cancelled, or at its new time.
    if (trip && options.tripPapers)
      await options
        .tripPapers(trip, change.kind)
        .catch((err: unknown) =>
          logger.warn({ err, tripId: trip.trip.id }, "a trip's papers were not sent again after the course's change"),
        );
    return true;
  }

  /**
   * Bookings the course ended whose notice was never written (a crash between the ledger's move and the
   * notice, or a person's /mybookings that read the end first), tee time not yet past: told now.
   */
  async function tellUntold(limit = 50): Promise<number> {
    const rows = await options.ledger.courseEndsUntold(options.now(), limit);
    let told = 0;
    for (const booking of rows) {
      const partnerStatus = booking.state === "REFUNDED" ? "REFUND" : "CANCEL";
      if (await tell({ kind: "ended", before: booking, booking, partnerStatus })) told += 1;
    }
    return told;
  }

  return { tell, tellUntold };
}

export type CourseNotices = ReturnType<typeof createCourseNotices>;
