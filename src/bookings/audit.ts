import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AuditLogTable, Database } from "../storage/schema.js";

export type AuditEntry = Selectable<AuditLogTable>;

/** Who did it: a Telegram user, or fairway itself. */
export type Actor = `user:${number}` | "system:reaper" | "system:slip-check";

export function userActor(id: number): Actor {
  return `user:${id}`;
}

/** The audit log of every money-moving partner call: who, what, when, and the partner's answer. */
export function createAuditLog(db: Kysely<Database>, now: () => number) {
  return {
    async record(entry: {
      actor: Actor;
      action: string;
      bookingId?: string;
      reservationId?: string | null;
      outcome: string;
      detail?: unknown;
    }) {
      await db
        .insertInto("audit_log")
        .values({
          id: randomUUID(),
          at: now(),
          actor: entry.actor,
          action: entry.action,
          booking_id: entry.bookingId ?? null,
          reservation_id: entry.reservationId ?? null,
          outcome: entry.outcome,
          detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
        })
        .execute();
    },
    /** The reservation a successful reserve of `bookingId` was answered with, if that answer was recorded. */
    async reservedHold(bookingId: string): Promise<string | undefined> {
      const entry = await db
        .selectFrom("audit_log")
        .select("reservation_id")
        .where("booking_id", "=", bookingId)
        .where("action", "=", "reserve")
        .where("outcome", "in", ["ok", "ok-reconciled"])
        .where("reservation_id", "is not", null)
        .executeTakeFirst();
      return entry?.reservation_id ?? undefined;
    },
    /** Newest first; optionally of one booking. */
    list(limit = 20, bookingId?: string): Promise<AuditEntry[]> {
      let query = db.selectFrom("audit_log").selectAll().orderBy("at", "desc").limit(limit);
      if (bookingId) query = query.where("booking_id", "=", bookingId);
      return query.execute();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
