/**
 * A trip's rows (migration 029): the trip, its roster, rounds, priced lines and instalments. Every state
 * change is a compare-and-set typed from the tables of legal moves (`moves.ts`) and checked again at run
 * time, so two instances, a replay or a double tap move a row once.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import * as v from "valibot";
import { LOCALES } from "../locale.js";
import type {
  Database,
  TripInstalmentsTable,
  TripLinesTable,
  TripPlayersTable,
  TripRoundsTable,
  TripsTable,
} from "../storage/schema.js";
import { isDateKey } from "../time/date-key.js";
import { normalizeLadder, tripTotal, type DepositRule, type LadderStep } from "./money.js";
import {
  assertTripMoves,
  isOpenInstalment,
  type InstalmentState,
  type InstalmentTargets,
  type RoundState,
  type RoundTargets,
  type TripState,
  type TripTargets,
} from "./moves.js";

export type TripRecord = Selectable<TripsTable>;
export type TripPlayer = Selectable<TripPlayersTable>;
export type TripRound = Selectable<TripRoundsTable>;
export type TripLine = Selectable<TripLinesTable>;
export type TripInstalment = Selectable<TripInstalmentsTable>;

/** A trip with everything in it, and its selling total (satang). */
export interface TripView {
  trip: TripRecord;
  players: TripPlayer[];
  rounds: TripRound[];
  lines: TripLine[];
  instalments: TripInstalment[];
  total: number;
  ladder: LadderStep[];
  deposit: DepositRule;
}

/**
 * A trip's margin as it stands (satang): its selling total — the rounds' and the agency's lines' selling
 * prices — less what the partner charged for its booked rounds (each round's booking, paid at the partner).
 * The lines' cost (a hotel, a transfer) is not known to fairway: their selling price counts whole as the
 * agency's, and says so where it is shown (`lines`). A round not booked yet has no net: its selling price
 * counts until it is (`booked` of `roundCount`). A round the course ended is out of both (as of the trip's total).
 */
export interface TripMargin {
  tripId: string;
  lead: string;
  /** The first and the last round's days, `YYYY-MM-DD`. */
  first: string;
  last: string;
  rounds: number;
  lines: number;
  /** What the partner charged for the booked rounds (their bookings' amounts). */
  nets: number;
  booked: number;
  roundCount: number;
  /** `rounds + lines − nets`. */
  margin: number;
}

/** The rounds a trip's margin counts: every round but those the course ended (out of the trip's price). */
export function marginRounds(view: Pick<TripView, "rounds">): TripRound[] {
  return view.rounds.filter((r) => r.state !== "COURSE_ENDED");
}

/** `TripMargin` of a trip, given what the partner charged for each of its rounds booked and paid there. */
export function tripMargin(view: TripView, nets: readonly number[]): TripMargin {
  // A round the course ended is out of the trip's price (and its booking out of the nets: `marginRounds`).
  const priced = marginRounds(view);
  const rounds = priced.reduce((n, r) => n + r.selling_amount, 0);
  const lines = view.lines.reduce((n, l) => n + l.selling_amount, 0);
  const net = nets.reduce((n, x) => n + x, 0);
  return {
    tripId: view.trip.id,
    lead: view.trip.lead_name,
    first: view.rounds[0]?.day ?? "",
    last: view.rounds.at(-1)?.day ?? "",
    rounds,
    lines,
    nets: net,
    booked: nets.length,
    roundCount: priced.length,
    margin: rounds + lines - net,
  };
}

const Satang = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

/** One player of the roster. */
export const PlayerInputSchema = v.object({
  name: Text(128),
  handicap: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(-10), v.maxValue(54))),
  locale: v.picklist(LOCALES),
  phone: v.nullable(v.pipe(v.string(), v.regex(/^\+?[0-9]{6,15}$/))),
});

/** One round (one tee time) as quoted. */
export const RoundInputSchema = v.pipe(
  v.object({
    courseId: Text(64),
    courseName: Text(256),
    timeZone: Text(64),
    day: v.pipe(
      v.string(),
      v.check((s: string) => isDateKey(s), "a YYYY-MM-DD day"),
    ),
    teeTime: v.pipe(v.string(), v.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)),
    slotId: v.nullable(Text(64)),
    startsAt: v.nullable(v.pipe(v.number(), v.safeInteger())),
    players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64)),
    sellingAmount: Satang,
    netAmount: v.nullable(Satang),
    /** Beyond the sales window: the most the partner may be paid when its day opens (default: the selling price). */
    maxNetAmount: v.optional(v.nullable(Satang)),
  }),
  v.check(
    (r) => r.maxNetAmount == null || (r.maxNetAmount > 0 && r.maxNetAmount <= r.sellingAmount),
    "the agent's limit is above zero and at most the selling price",
  ),
);

/** One of the agency's own priced lines. */
export const LineInputSchema = v.object({
  kind: v.picklist(["hotel", "transfer", "caddie", "other"]),
  description: Text(256),
  sellingAmount: Satang,
});

/** A new trip, as its agent builds it; checked at the boundary. */
export const TripInputSchema = v.object({
  agentId: v.pipe(v.number(), v.safeInteger()),
  leadName: Text(128),
  leadEmail: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(256)),
  leadMobile: v.pipe(v.string(), v.regex(/^\+?[0-9]{6,15}$/)),
  locale: v.picklist(LOCALES),
  players: v.pipe(v.array(PlayerInputSchema), v.minLength(1), v.maxLength(64)),
  rounds: v.pipe(v.array(RoundInputSchema), v.minLength(1), v.maxLength(30)),
  lines: v.pipe(v.array(LineInputSchema), v.maxLength(30)),
  deposit: v.variant("kind", [
    v.object({ kind: v.literal("percent"), percent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)) }),
    v.object({ kind: v.literal("amount"), satang: Satang }),
  ]),
  balanceDaysBefore: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)),
  ladder: v.array(v.object({ daysBefore: v.pipe(v.number(), v.integer()), percent: v.pipe(v.number(), v.integer()) })),
});
export type TripInput = v.InferInput<typeof TripInputSchema>;
export type PlayerInput = v.InferOutput<typeof PlayerInputSchema>;
export type RoundInput = v.InferOutput<typeof RoundInputSchema>;
export type LineInput = v.InferOutput<typeof LineInputSchema>;

/** What an edit writes anew (`writeDraft`), each part checked by its schema first. */
export interface DraftParts {
  players?: PlayerInput[];
  rounds?: RoundInput[];
  lines?: LineInput[];
  deposit?: DepositRule;
}

type Q = Kysely<Database> | Transaction<Database>;

export function createTripStore(db: Kysely<Database>, now: () => number) {
  async function view(q: Q, id: string): Promise<TripView | undefined> {
    const trip = await q.selectFrom("trips").selectAll().where("id", "=", id).executeTakeFirst();
    if (!trip) return undefined;
    const [players, rounds, lines, instalments] = await Promise.all([
      q.selectFrom("trip_players").selectAll().where("trip_id", "=", id).orderBy("position").execute(),
      q.selectFrom("trip_rounds").selectAll().where("trip_id", "=", id).orderBy("position").execute(),
      q.selectFrom("trip_lines").selectAll().where("trip_id", "=", id).orderBy("position").execute(),
      q.selectFrom("trip_instalments").selectAll().where("trip_id", "=", id).orderBy("kind", "desc").execute(),
    ]);
    const norm = <T extends { selling_amount: number }>(rows: T[]) =>
      rows.map((r) => ({ ...r, selling_amount: Number(r.selling_amount) }));
    const r = norm(rounds).map((x) => ({
      ...x,
      net_amount: x.net_amount === null ? null : Number(x.net_amount),
      max_net_amount: x.max_net_amount === null ? null : Number(x.max_net_amount),
      starts_at: x.starts_at === null ? null : Number(x.starts_at),
      revision: Number(x.revision),
    }));
    const l = norm(lines);
    const i = instalments.map((x) => ({
      ...x,
      amount: Number(x.amount),
      decided_by: x.decided_by === null ? null : Number(x.decided_by),
      decided_at: x.decided_at === null ? null : Number(x.decided_at),
      slip_at: x.slip_at === null ? null : Number(x.slip_at),
    }));
    const t = { ...trip, agent_id: Number(trip.agent_id), deposit_value: Number(trip.deposit_value) };
    const deposit: DepositRule =
      t.deposit_kind === "percent"
        ? { kind: "percent", percent: t.deposit_value }
        : { kind: "amount", satang: t.deposit_value };
    const ladder = v.parse(TripInputSchema.entries.ladder, JSON.parse(t.ladder));
    return {
      trip: t,
      players,
      rounds: r,
      lines: l,
      instalments: i,
      // A round the course ended is no longer part of the trip's price (`TripService.courseEnded`).
      total: tripTotal([
        ...r.filter((x) => x.state !== "COURSE_ENDED").map((x) => x.selling_amount),
        ...l.map((x) => x.selling_amount),
      ]),
      ladder,
      deposit,
    };
  }

  async function insertPlayers(q: Q, id: string, players: PlayerInput[]): Promise<void> {
    await q
      .insertInto("trip_players")
      .values(players.map((p, i) => ({ trip_id: id, position: i + 1, ...p })))
      .execute();
  }

  /** A trip's rounds, PLANNED, numbered in the order they are played. */
  async function insertRounds(q: Q, id: string, input: RoundInput[], at: number): Promise<void> {
    const rounds = [...input].sort((a, b) => (a.day + a.teeTime).localeCompare(b.day + b.teeTime));
    await q
      .insertInto("trip_rounds")
      .values(
        rounds.map((r, i) => ({
          id: `${id}-r${i + 1}`,
          trip_id: id,
          position: i + 1,
          course_id: r.courseId,
          course_name: r.courseName,
          time_zone: r.timeZone,
          day: r.day,
          tee_time: r.teeTime,
          slot_id: r.slotId,
          starts_at: r.startsAt,
          players: r.players,
          selling_amount: r.sellingAmount,
          net_amount: r.netAmount,
          max_net_amount: r.maxNetAmount ?? null,
          state: "PLANNED" as const,
          booking_id: null,
          last_error: null,
          updated_at: at,
        })),
      )
      .execute();
  }

  async function insertLines(q: Q, id: string, lines: LineInput[]): Promise<void> {
    if (lines.length === 0) return;
    await q
      .insertInto("trip_lines")
      .values(
        lines.map((l, i) => ({
          trip_id: id,
          position: i + 1,
          kind: l.kind,
          description: l.description,
          selling_amount: l.sellingAmount,
        })),
      )
      .execute();
  }

  return {
    /** Records a new trip (DRAFT, its rounds PLANNED), its ladder frozen; throws `ValiError` for bad input. */
    async create(id: string, input: unknown): Promise<TripView> {
      const t = v.parse(TripInputSchema, input);
      const ladder = normalizeLadder(t.ladder);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("trips")
          .values({
            id,
            agent_id: t.agentId,
            lead_name: t.leadName,
            lead_email: t.leadEmail,
            lead_mobile: t.leadMobile,
            locale: t.locale,
            state: "DRAFT",
            deposit_kind: t.deposit.kind,
            deposit_value: t.deposit.kind === "percent" ? t.deposit.percent : t.deposit.satang,
            balance_days_before: t.balanceDaysBefore,
            ladder: JSON.stringify(ladder),
            customer_chat_id: null,
            customer_user_id: null,
            accepted_at: null,
            cancelled_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await insertPlayers(trx, id, t.players);
        await insertRounds(trx, id, t.rounds, at);
        await insertLines(trx, id, t.lines);
      });
      return (await view(db, id))!;
    },

    get: (id: string, q: Q = db) => view(q, id),

    /**
     * Holds a DRAFT trip for an edit inside `q`'s transaction: a compare-and-set on its state (DRAFT stays DRAFT,
     * `updated_at` moves), so an edit never lands on a trip sent or accepted meanwhile, and (PostgreSQL) a second
     * edit waits for this one's transaction; true if held.
     */
    async holdDraft(q: Q, id: string): Promise<boolean> {
      const held = await q
        .updateTable("trips")
        .set({ updated_at: now() })
        .where("id", "=", id)
        .where("state", "=", "DRAFT")
        .executeTakeFirst();
      return Number(held.numUpdatedRows) === 1;
    },

    /** Writes anew the parts of a held draft (`holdDraft`) given: rounds PLANNED, renumbered in play order. */
    async writeDraft(q: Q, id: string, parts: DraftParts): Promise<void> {
      if (parts.deposit !== undefined) {
        const d = parts.deposit;
        await q
          .updateTable("trips")
          .set({ deposit_kind: d.kind, deposit_value: d.kind === "percent" ? d.percent : d.satang })
          .where("id", "=", id)
          .where("state", "=", "DRAFT")
          .execute();
      }
      if (parts.players) {
        await q.deleteFrom("trip_players").where("trip_id", "=", id).execute();
        await insertPlayers(q, id, parts.players);
      }
      if (parts.rounds) {
        await q.deleteFrom("trip_rounds").where("trip_id", "=", id).where("state", "=", "PLANNED").execute();
        await insertRounds(q, id, parts.rounds, now());
      }
      if (parts.lines) {
        await q.deleteFrom("trip_lines").where("trip_id", "=", id).execute();
        await insertLines(q, id, parts.lines);
      }
    },

    /** An agent's trips, newest first. */
    listForAgent(agentId: number, limit = 20): Promise<TripRecord[]> {
      return db
        .selectFrom("trips")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
    },

    /** Every trip, newest first (an admin's list). */
    listAll(limit = 20): Promise<TripRecord[]> {
      return db.selectFrom("trips").selectAll().orderBy("created_at", "desc").limit(limit).execute();
    },

    /** Moves a trip from one of `from` to `to` (`TRIP_MOVES`); true if this call won. */
    async moveTrip<From extends TripState>(
      q: Q,
      id: string,
      from: readonly From[],
      to: NoInfer<TripTargets<From>>,
      set: Partial<Pick<TripRecord, "customer_chat_id" | "customer_user_id" | "accepted_at" | "cancelled_at">> = {},
    ): Promise<boolean> {
      assertTripMoves("trip", from, to);
      const result = await q
        .updateTable("trips")
        .set({ ...set, state: to, updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a round (`ROUND_MOVES`); true if this call won. */
    async moveRound<From extends RoundState>(
      q: Q,
      id: string,
      from: readonly From[],
      to: NoInfer<RoundTargets<From>>,
      set: Partial<Pick<TripRound, "booking_id" | "last_error" | "slot_id" | "starts_at" | "net_amount">> = {},
    ): Promise<boolean> {
      assertTripMoves("round", from, to);
      const result = await q
        .updateTable("trip_rounds")
        .set({ ...set, state: to, updated_at: now() })
        .where("id", "=", id)
        .where("state", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves an instalment (`INSTALMENT_MOVES`); true if this call won. */
    async moveInstalment<From extends InstalmentState>(
      q: Q,
      tripId: string,
      kind: TripInstalment["kind"],
      from: readonly From[],
      to: NoInfer<InstalmentTargets<From>>,
      set: Partial<Pick<TripInstalment, "decided_by" | "decided_at" | "decided_via" | "slip_check">> = {},
    ): Promise<boolean> {
      assertTripMoves("instalment", from, to);
      const result = await q
        .updateTable("trip_instalments")
        .set({ ...set, state: to, updated_at: now() })
        .where("trip_id", "=", tripId)
        .where("kind", "=", kind)
        .where("state", "in", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The round a booking was made for, if any, and its trip as it is now. */
    async roundOfBooking(bookingId: string): Promise<{ round: TripRound; view: TripView } | undefined> {
      const row = await db
        .selectFrom("trip_rounds")
        .select(["trip_id", "id"])
        .where("booking_id", "=", bookingId)
        .executeTakeFirst();
      const trip = row ? await view(db, row.trip_id) : undefined;
      const round = trip?.rounds.find((r) => r.id === row!.id);
      return trip && round ? { round, view: trip } : undefined;
    },

    /**
     * The course moved a booked round's tee time (from `from`, epoch ms): its start, day and time follow, its
     * revision grows; a compare-and-set on the start it had, so a replayed pass moves it once. True if this call did.
     */
    async moveRoundTime(
      q: Q,
      id: string,
      from: number,
      to: Pick<TripRound, "starts_at" | "slot_id" | "day" | "tee_time">,
    ): Promise<boolean> {
      const result = await q
        .updateTable("trip_rounds")
        .set((eb) => ({ ...to, revision: eb("revision", "+", 1), updated_at: now() }))
        .where("id", "=", id)
        .where("state", "=", "BOOKED")
        .where("starts_at", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Sets an instalment's fields (not its state) while it is in one of `states` (in `q`, a caller's transaction
     * or the database): its QR's payee, its latest slip's reference and arrival, what the slip check said of it,
     * or its amount (the trip's price changed). True when a row was changed.
     */
    async patchInstalment(
      tripId: string,
      kind: TripInstalment["kind"],
      set: Partial<Pick<TripInstalment, "payee" | "slip_ref" | "slip_at" | "slip_check" | "amount">>,
      states: readonly InstalmentState[],
      q: Q = db,
    ): Promise<boolean> {
      const result = await q
        .updateTable("trip_instalments")
        .set({ ...set, updated_at: now() })
        .where("trip_id", "=", tripId)
        .where("kind", "=", kind)
        .where("state", "in", states)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The instalments whose latest slip arrived in [from, to) and that the slip check answered: what /report
     * counts of the checks with the bookings' (`slipChecksBetween` of the booking queries, the same columns).
     */
    slipChecksBetween(from: number, to: number) {
      return db
        .selectFrom("trip_instalments")
        .select(["slip_check", "decided_via", "slip_at", "decided_at", "state"])
        .where("slip_at", ">=", from)
        .where("slip_at", "<", to)
        .where("slip_check", "is not", null)
        .execute();
    },

    /** Records the schedule's instalments (`due`), once. */
    async addInstalments(
      q: Q,
      tripId: string,
      rows: { kind: TripInstalment["kind"]; amount: number; due: string }[],
    ): Promise<void> {
      const at = now();
      await q
        .insertInto("trip_instalments")
        .values(
          rows.map((r) => ({
            trip_id: tripId,
            ...r,
            state: "due" as const,
            decided_by: null,
            decided_at: null,
            updated_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(["trip_id", "kind"]).doNothing())
        .execute();
    },

    /**
     * The money of live and finished trips for /report: the instalments approved in [from, to) (received), and
     * those still open on trips not cancelled, due on or after `today` (due) or before it (overdue); satang.
     */
    async moneyBetween(from: number, to: number, today: string) {
      const rows = await db
        .selectFrom("trip_instalments")
        .innerJoin("trips", "trips.id", "trip_instalments.trip_id")
        .select(["trip_instalments.kind", "trip_instalments.amount", "trip_instalments.state", "trip_instalments.due"])
        .select(["trip_instalments.decided_at", "trips.state as trip_state"])
        .where("trips.state", "!=", "CANCELLED")
        .execute();
      const sum = (xs: typeof rows) => xs.reduce((n, r) => n + Number(r.amount), 0);
      const received = rows.filter(
        (r) =>
          r.state === "approved" && r.decided_at !== null && Number(r.decided_at) >= from && Number(r.decided_at) < to,
      );
      const open = rows.filter(isOpenInstalment);
      return {
        deposits: sum(received.filter((r) => r.kind === "deposit")),
        balances: sum(received.filter((r) => r.kind === "balance")),
        due: sum(open.filter((r) => r.due >= today)),
        overdue: sum(open.filter((r) => r.due < today)),
        overdueCount: open.filter((r) => r.due < today).length,
      };
    },

    /**
     * The trips (not cancelled) with money or a round in [from, to): an instalment approved then, or a round
     * booked then (its move to BOOKED, right after its booking was paid at the partner); earliest first round
     * first. /report and the digest show their margins.
     */
    async activeBetween(from: number, to: number): Promise<TripView[]> {
      const [money, rounds] = await Promise.all([
        db
          .selectFrom("trip_instalments")
          .select("trip_id")
          .where("state", "=", "approved")
          .where("decided_at", ">=", from)
          .where("decided_at", "<", to)
          .execute(),
        db
          .selectFrom("trip_rounds")
          .select("trip_id")
          .where("state", "=", "BOOKED")
          .where("updated_at", ">=", from)
          .where("updated_at", "<", to)
          .execute(),
      ]);
      const ids = [...new Set([...money, ...rounds].map((r) => r.trip_id))];
      const views = (await Promise.all(ids.map((id) => view(db, id)))).filter(
        (x): x is TripView => x !== undefined && x.trip.state !== "CANCELLED",
      );
      return views.sort(
        (a, b) => (a.rounds[0]?.day ?? "").localeCompare(b.rounds[0]?.day ?? "") || a.trip.id.localeCompare(b.trip.id),
      );
    },

    /**
     * The booking ids trips' rounds were booked under: /report and the digest count those bookings in the
     * trips' section (their selling price is the trip's, received through its instalments), not among the
     * bookings, so nothing is counted twice.
     */
    async roundBookingIds(): Promise<Set<string>> {
      const rows = await db
        .selectFrom("trip_rounds")
        .select("booking_id")
        .where("booking_id", "is not", null)
        .execute();
      return new Set(rows.map((r) => r.booking_id!));
    },

    /**
     * Rounds waiting for sale whose day is on sale by `lastOnSale` (`YYYY-MM-DD`), of trips whose deposit is
     * approved: what the openings pass books, soonest first.
     */
    openedRounds(lastOnSale: string, limit = 50): Promise<TripRound[]> {
      return db
        .selectFrom("trip_rounds")
        .innerJoin("trips", "trips.id", "trip_rounds.trip_id")
        .selectAll("trip_rounds")
        .where("trip_rounds.state", "=", "WAITING_FOR_SALE")
        .where("trip_rounds.day", "<=", lastOnSale)
        .where("trips.state", "in", ["DEPOSIT_PAID", "PAID"])
        .orderBy("trip_rounds.day")
        .orderBy("trip_rounds.tee_time")
        .limit(limit)
        .execute();
    },
  };
}

export type TripStore = ReturnType<typeof createTripStore>;
