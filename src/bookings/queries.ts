/**
 * The ledger's read model: every question the rest of fairway asks of the ledger's tables (bookings,
 * booking_groups, booking_events, payments) outside the booking service — admins' lists and reports, the
 * reminders and the digest, the metrics' gauges, the inline offers' recent courses. Nothing here writes;
 * every state change goes through the booking service. ESLint forbids selecting from those tables
 * anywhere else under src/.
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database, PaymentState } from "../storage/schema.js";
import type { PaymentRecord } from "./payments.js";
import { PAID_LINE_COLUMNS, type BookingRecord, type GroupView, type PaidLine } from "./record.js";

export interface RecentQuery {
  /** Only bookings made at or after this instant (epoch ms). */
  since?: number;
  /** Only bookings attributed to this agent (see `attributedTo`). */
  agentId?: number;
  /** Default 30. */
  limit?: number;
}

/**
 * Who a booking counts for: the agent whose customer made it (`agent_id`), else the booker when
 * the booker is an agent (agents booking for their own clients have no `agent_id`), else "direct".
 * `agentIds` is who counts as an agent: see `knownAgentIds`. /bookings, /report and its CSV all use this.
 */
export function attributedTo(
  booking: Pick<BookingRecord, "agent_id" | "user_id">,
  agentIds: ReadonlySet<number>,
): number | "direct" {
  if (booking.agent_id !== null) return booking.agent_id;
  return agentIds.has(booking.user_id) ? booking.user_id : "direct";
}

/** The ledger's read model (see the top of this file). */
/** A booking's part in moves done: the reservation it was moved to, and the one it was moved from. */
export interface MoveLink {
  to?: string;
  from?: string;
}

export function createBookingQueries(db: Kysely<Database>) {
  /** Paid bookings by payment instant in [from, to), ordered as `bookings_paid_moment` (020) is. */
  const paidQuery = (from: number, to: number) =>
    db
      .selectFrom("bookings")
      // Only what the reports read (`PaidLine`): most of a year's report went into building the other columns.
      .select(PAID_LINE_COLUMNS)
      // `state || ''`: the state filters the rows read, it does not pick the index. SQLite (no statistics)
      // would otherwise read every paid booking by state and sort them for each page, instead of walking
      // `bookings_paid_moment` over the period in order.
      .where(sql<string>`"state" || ''`, "in", ["PAID", "REFUNDING", "REFUNDED"])
      .where((eb) => eb(eb.fn.coalesce("paid_at", "created_at"), ">=", from))
      .where((eb) => eb(eb.fn.coalesce("paid_at", "created_at"), "<", to))
      .orderBy((eb) => eb.fn.coalesce("paid_at", "created_at"))
      .orderBy("id");

  return {
    /** Bookings newest first (never the bare intents nobody reserved yet). */
    recent(query: RecentQuery = {}): Promise<BookingRecord[]> {
      let q = db
        .selectFrom("bookings")
        .selectAll()
        .where("state", "!=", "INTENT")
        .orderBy("created_at", "desc")
        .limit(query.limit ?? 30);
      if (query.since !== undefined) q = q.where("created_at", ">=", query.since);
      const agentId = query.agentId;
      if (agentId !== undefined) {
        q = q.where((eb) =>
          eb.or([eb("agent_id", "=", agentId), eb.and([eb("agent_id", "is", null), eb("user_id", "=", agentId)])]),
        );
      }
      return q.execute();
    },

    /**
     * Bookings that were paid (PAID, REFUNDING, REFUNDED) with their payment instant in [from, to),
     * epoch ms, in the order they were paid (then by id); a booking without a recorded payment time
     * counts by when it was made.
     */
    paidBetween(from: number, to: number): Promise<PaidLine[]> {
      return paidQuery(from, to).execute();
    },

    /**
     * `paidBetween` a window of time at a time (`windowMs`, default a day), in the same order: a year of
     * a large agency's bookings is read without holding them all. Each window is a query of its own over
     * the index of the payment instant (`bookings_paid_moment`), so no connection or transaction stays
     * open between pages, and every row is read once: a page is the bookings paid in one window (a
     * day's, however busy), empty windows skipped.
     */
    async *paidPages(from: number, to: number, windowMs = 86_400_000): AsyncGenerator<PaidLine[]> {
      for (let start = from; start < to; start += windowMs) {
        const page = await paidQuery(start, Math.min(to, start + windowMs)).execute();
        if (page.length > 0) yield page;
      }
    },

    /**
     * For each booking paid in [from, to) (as `paidBetween` counts it) that a move done took part in: the
     * reservation code it was moved to (the old booking) or from (the new one). One query for a whole
     * /report: moves are rare (about one paid booking in a thousand), so it reads every move done and its
     * two bookings by key. A lookup per day's page by its bookings' ids sent a thousand ids each time, and
     * PostgreSQL planned each such list (8 ms a day, 3 s for a year of a large agency).
     */
    async moveLinksBetween(from: number, to: number): Promise<Map<string, MoveLink>> {
      const paidIn = (booking: "o" | "n") =>
        sql<SqlBool>`coalesce(${sql.ref(`${booking}.paid_at`)}, ${sql.ref(`${booking}.created_at`)}) >= ${from}
          and coalesce(${sql.ref(`${booking}.paid_at`)}, ${sql.ref(`${booking}.created_at`)}) < ${to}`;
      const rows = await db
        .selectFrom("booking_moves as m")
        .innerJoin("bookings as o", "o.id", "m.old_booking_id")
        .innerJoin("bookings as n", "n.id", "m.new_booking_id")
        .select([
          "m.old_booking_id",
          "m.new_booking_id",
          "o.reservation_code as old_code",
          "n.reservation_code as new_code",
        ])
        .where("m.state", "=", "DONE")
        .where((eb) => eb.or([paidIn("o"), paidIn("n")]))
        .execute();
      const links = new Map<string, MoveLink>();
      for (const r of rows) {
        links.set(r.old_booking_id, { ...links.get(r.old_booking_id), to: r.new_code ?? r.new_booking_id });
        links.set(r.new_booking_id, { ...links.get(r.new_booking_id), from: r.old_code ?? r.old_booking_id });
      }
      return links;
    },

    /**
     * Every user id that is or was an agent as far as the ledger knows: the `agent_id`s of bookings.
     * Read as a skip scan (the next agent id after the last, one index probe each), so it costs the
     * number of agents, not of bookings.
     */
    async ledgerAgentIds(): Promise<number[]> {
      const { rows } = await sql<{ agent_id: number | string }>`
        with recursive credited (agent_id) as (
          select min(agent_id) from bookings
          union all
          select (select min(b.agent_id) from bookings b where b.agent_id > c.agent_id)
          from credited c where c.agent_id is not null
        )
        select agent_id from credited where agent_id is not null`.execute(db);
      return rows.map((r) => Number(r.agent_id));
    },

    /**
     * Which of `userIds` the ledger credits (the `agent_id` of some booking): what `ledgerAgentIds` would
     * say of them, by one probe each on `bookings_agent_created` instead of a probe per credited agent.
     * For attributing a few bookings (/bookings' list, /order's booking) without reading every agent.
     */
    async creditedAmong(userIds: readonly number[]): Promise<Set<number>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Set();
      const probes = ids.map(
        (id) => sql`select (select agent_id from bookings where agent_id = ${id} limit 1) as agent_id`,
      );
      const { rows } = await sql<{ agent_id: number | string | null }>`${sql.join(probes, sql` union all `)}`.execute(
        db,
      );
      return new Set(rows.flatMap((r) => (r.agent_id === null ? [] : [Number(r.agent_id)])));
    },

    /** Bookings by state, and how many holds are past their end (HELD with `hold_expires_at` ≤ `at`). */
    async countsByState(at: number): Promise<{ byState: Map<string, number>; overdue: number }> {
      const rows = await db
        .selectFrom("bookings")
        .select((eb) => ["state", eb.fn.countAll().as("n")])
        .groupBy("state")
        .execute();
      const overdue = await db
        .selectFrom("bookings")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("state", "=", "HELD")
        .where("hold_expires_at", "<=", at)
        .executeTakeFirst();
      return { byState: new Map(rows.map((r) => [r.state, Number(r.n)])), overdue: Number(overdue?.n ?? 0) };
    },

    /** How many tee times each of the groups `ids` has. */
    async groupSizes(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom("booking_groups").select(["id", "flights"]).where("id", "in", ids).execute();
      return new Map(rows.map((r) => [r.id, Number(r.flights)]));
    },

    /** A group and its flights in order; undefined if unknown. */
    async group(groupId: string): Promise<GroupView | undefined> {
      const group = await db.selectFrom("booking_groups").selectAll().where("id", "=", groupId).executeTakeFirst();
      if (!group) return undefined;
      const flights = await db
        .selectFrom("bookings")
        .selectAll()
        .where("group_id", "=", groupId)
        .orderBy("flight")
        .execute();
      return { group, flights };
    },

    /**
     * Paid bookings with a reminder due at `at` and not claimed yet: for one of `offsets` (minutes),
     * its moment (tee-off minus the offset) has come, had not come when the booking was paid, and no
     * row in `reminders_sent` claims it. Soonest tee-off first, at most `limit`. Only what is due is
     * read: a busy day's reminded bookings never crowd out one that is due.
     */
    paidWithDueReminders(at: number, offsets: readonly number[], limit: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("state", "=", "PAID")
        .where("slot_starts_at", ">", at)
        .where("slot_starts_at", "<=", at + Math.max(...offsets) * 60_000)
        .where((eb) =>
          eb.or(
            offsets.map((m) =>
              eb.and([
                eb("slot_starts_at", "<=", at + m * 60_000),
                sql<SqlBool>`"slot_starts_at" - coalesce("paid_at", "created_at") > ${m * 60_000}`,
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom("reminders_sent")
                      .select("reminders_sent.booking_id")
                      .whereRef("reminders_sent.booking_id", "=", "bookings.id")
                      .where("reminders_sent.offset_minutes", "=", m),
                  ),
                ),
              ]),
            ),
          ),
        )
        .orderBy("slot_starts_at")
        .limit(limit)
        .execute();
    },

    /**
     * Paid bookings (single, group flights, moves' new bookings alike) whose tee time is after `at` and
     * whose partner read is due by `bands` (the course-changes poll's schedule): a booking whose tee time
     * is within a band's `within` ms is due when its last read (`refreshed_at`, else its payment) is at
     * least that band's `everyMs` old. Soonest tee time first, at most `limit`.
     */
    paidDueForRecheck(
      at: number,
      bands: readonly { within: number; everyMs: number }[],
      limit: number,
    ): Promise<BookingRecord[]> {
      return (
        db
          .selectFrom("bookings")
          .selectAll()
          .where("state", "=", "PAID")
          .where("reservation_id", "is not", null)
          .where("slot_starts_at", ">", at)
          .where((eb) =>
            eb.or(
              bands.map((band) =>
                eb.and([
                  ...(Number.isFinite(band.within) ? [eb("slot_starts_at", "<=", at + band.within)] : []),
                  eb(eb.fn.coalesce("refreshed_at", "paid_at", "created_at"), "<=", at - band.everyMs),
                ]),
              ),
            ),
          )
          // The most overdue for its band first (time since its last read over its band's interval), so when the
          // budget cannot keep every band's schedule, every band falls behind alike instead of the furthest
          // tee times never being read; the sooner tee time on a tie.
          .orderBy(
            sql`(${at} - coalesce(refreshed_at, paid_at, created_at)) * 1.0 / (case ${sql.join(
              bands
                .filter((b) => Number.isFinite(b.within))
                .map((b) => sql`when slot_starts_at <= ${at + b.within} then ${sql.lit(b.everyMs)}`),
              sql` `,
            )} else ${sql.lit(bands.at(-1)!.everyMs)} end)`,
            "desc",
          )
          .orderBy("slot_starts_at")
          .orderBy("id")
          .limit(limit)
          .execute()
      );
    },

    /**
     * Bookings the course ended (`ended_by` course) whose tee time is after `at` and whose end was never
     * told (no `course_notices` row `end:<booking>`): a crash between the ledger's move and the notice, or a
     * person's read that found the end before the course-changes poll did.
     */
    courseEndsUntold(at: number, limit: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("ended_by", "=", "course")
        .where("slot_starts_at", ">", at)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("course_notices")
                .select("course_notices.id")
                .where("course_notices.id", "=", sql<string>`${"end:"} || bookings.id`),
            ),
          ),
        )
        .limit(limit)
        .execute();
    },

    /** How many holds were released in [from, to) (expired, cancelled or orphaned). */
    async releasedBetween(from: number, to: number): Promise<number> {
      const row = await db
        .selectFrom("booking_events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("to_state", "=", "RELEASED")
        // A paid booking the course cancelled is no hold released (`courseEndedBetween` counts it).
        .where((eb) => eb.or([eb("from_state", "is", null), eb("from_state", "!=", "PAID")]))
        .where("at", ">=", from)
        .where("at", "<", to)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** When each hold released in [from, to) ended (expired, cancelled or orphaned), epoch ms, earliest first. */
    async releasedTimesBetween(from: number, to: number): Promise<number[]> {
      const rows = await db
        .selectFrom("booking_events")
        .select("at")
        .where("to_state", "=", "RELEASED")
        .where("at", ">=", from)
        .where("at", "<", to)
        .orderBy("at")
        .execute();
      return rows.map((r) => Number(r.at));
    },

    /**
     * Bookings refunded (the partner answered) in [from, to), whenever they were paid — except the old
     * booking of a move done: that refund is the move's (the digest counts it on its moves line), so each
     * refund is counted once.
     */
    refundedBetween(from: number, to: number): Promise<BookingRecord[]> {
      // From the period's refund events (few), not from every booking ever refunded.
      return (
        db
          .selectFrom("bookings")
          .selectAll("bookings")
          .where("state", "=", "REFUNDED")
          // The course's own ends are counted apart (`courseEndedBetween`).
          .where("ended_by", "is", null)
          .where("id", "not in", (eb) =>
            eb
              .selectFrom("booking_moves")
              .select("booking_moves.old_booking_id")
              .where("booking_moves.state", "=", "DONE"),
          )
          .where("id", "in", (eb) =>
            eb
              .selectFrom("booking_events")
              .select("booking_events.booking_id")
              .where("booking_events.to_state", "=", "REFUNDED")
              .where("booking_events.at", ">=", from)
              .where("booking_events.at", "<", to),
          )
          .execute()
      );
    },

    /** Paid bookings whose tee time is in [from, to), every course's, by course and tee time (a closed day's list). */
    paidTeeTimesBetween(from: number, to: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("state", "=", "PAID")
        .where("slot_starts_at", ">=", from)
        .where("slot_starts_at", "<", to)
        .orderBy("course_id")
        .orderBy("slot_starts_at")
        .orderBy("id")
        .execute();
    },

    /**
     * Paid bookings the course ended (cancelled, refunded, a closed day: `ended_by` course) in [from, to),
     * whenever they were paid: apart from the refunds the agency asked for.
     */
    courseEndedBetween(from: number, to: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll("bookings")
        .where("ended_by", "=", "course")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("booking_events")
            .select("booking_events.booking_id")
            .where("booking_events.to_state", "in", ["REFUNDED", "RELEASED"])
            .where("booking_events.from_state", "=", "PAID")
            .where("booking_events.at", ">=", from)
            .where("booking_events.at", "<", to),
        )
        .execute();
    },

    /** The courses of the latest bookings `agentId` made or was credited with, newest first (up to 50 rows read). */
    async coursesBookedBy(agentId: number): Promise<string[]> {
      const rows = await db
        .selectFrom("bookings")
        .select("course_id")
        .where((eb) => eb.or([eb("agent_id", "=", agentId), eb("user_id", "=", agentId)]))
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      return rows.map((r) => r.course_id);
    },

    /**
     * Pay-first payments (`prepay`) in one of `states` whose customer was not warned yet of their hold's end
     * (no row in `hold_warnings`: the bot's warnings, bot/features/payments/hold-warnings.ts), oldest first.
     */
    prepaysNotWarned(states: readonly PaymentState[], limit = 500): Promise<PaymentRecord[]> {
      return db
        .selectFrom("payments")
        .selectAll()
        .where("kind", "=", "prepay")
        .where("state", "in", states)
        .where("booking_id", "not in", db.selectFrom("hold_warnings").select("booking_id"))
        .orderBy("created_at")
        .limit(limit)
        .execute();
    },

    /**
     * The payments whose latest slip arrived in [from, to) and that the slip check answered (`slip_check` set):
     * what /report counts of the checks (report-slips.ts).
     */
    slipChecksBetween(from: number, to: number) {
      return db
        .selectFrom("payments")
        .select(["slip_check", "decided_via", "slip_at", "decided_at", "state"])
        .where("slip_at", ">=", from)
        .where("slip_at", "<", to)
        .where("slip_check", "is not", null)
        .execute();
    },

    /** Agents added by command, with who added them and when, oldest first. */
    addedAgents() {
      return db.selectFrom("agents").selectAll().orderBy("added_at").execute();
    },
  };
}

export type BookingQueries = ReturnType<typeof createBookingQueries>;
