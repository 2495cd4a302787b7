/**
 * Read-only questions admins ask of the ledger: recent bookings, bookings paid in a period, agents
 * as stored. Nothing here writes; every state change goes through the booking service.
 */
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema.js";
import type { BookingRecord } from "./record.js";

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

/** Ledger queries for the admin commands. */
export function createBookingQueries(db: Kysely<Database>) {
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
     * epoch ms; a booking without a recorded payment time counts by when it was made.
     */
    paidBetween(from: number, to: number): Promise<BookingRecord[]> {
      return db
        .selectFrom("bookings")
        .selectAll()
        .where("state", "in", ["PAID", "REFUNDING", "REFUNDED"])
        .where((eb) => eb(eb.fn.coalesce("paid_at", "created_at"), ">=", from))
        .where((eb) => eb(eb.fn.coalesce("paid_at", "created_at"), "<", to))
        .orderBy("created_at")
        .execute();
    },

    /** Every user id that is or was an agent as far as the ledger knows: the `agent_id`s of bookings. */
    async ledgerAgentIds(): Promise<number[]> {
      const rows = await db
        .selectFrom("bookings")
        .select("agent_id")
        .distinct()
        .where("agent_id", "is not", null)
        .execute();
      return rows.flatMap((r) => (r.agent_id === null ? [] : [Number(r.agent_id)]));
    },

    /** Agents added by command, with who added them and when, oldest first. */
    addedAgents() {
      return db.selectFrom("agents").selectAll().orderBy("added_at").execute();
    },
  };
}

export type BookingQueries = ReturnType<typeof createBookingQueries>;
