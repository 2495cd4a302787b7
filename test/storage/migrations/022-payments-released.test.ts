/**
 * 022-payments-released on SQLite and PostgreSQL: the reaper's sweep for pay-first payments whose holds
 * ended unsettled (`endedUnsettled`) reads only payments whose booking or group was released. Applied on
 * a ledger with rows, it marks those already released (so none is left unread); after it a release marks
 * its payment in the same move, a group released with no flight released included; it rolls back to 021;
 * and on SQLite (no statistics) the sweep reads its index, not every payment.
 */
import { CompiledQuery, type Insertable } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createPaymentsStore } from "../../../src/bookings/payments.js";
import { createBookingRepository } from "../../../src/bookings/repository.js";
import type { BookingGroupsTable, PaymentsTable } from "../../../src/storage/schema.js";
import { bookingRow } from "../../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");

/** A customer's pay-first payment for `bookingId` (a booking's or a group's id) in `state`. */
function payment(bookingId: string, state: PaymentsTable["state"]): Insertable<PaymentsTable> {
  return {
    booking_id: bookingId,
    kind: "prepay",
    state,
    amount: 360_000,
    payee: "0812345678",
    reference: `FW${bookingId}`,
    chat_id: 7,
    user_id: 7,
    agent_id: 9,
    slip_file_id: null,
    slip_ref: null,
    slip_reused_of: null,
    slip_at: null,
    decided_by: null,
    decided_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
}

function group(id: string, state: BookingGroupsTable["state"]): Insertable<BookingGroupsTable> {
  return {
    id,
    chat_id: 7,
    user_id: 7,
    agent_id: 9,
    locale: "en",
    course_id: "c1",
    course_name: "Course",
    course_name_th: null,
    time_zone: "Asia/Bangkok",
    persons: 4,
    flights: 2,
    customer_name: "Somchai Jaidee",
    customer_email: "somchai@example.com",
    customer_mobile: "+66812345678",
    expected_amount: 600_000,
    state,
    last_error: null,
    created_at: NOW,
    updated_at: NOW,
    settled_at: null,
  };
}

const TEE = NOW + 86_400_000;

describe.each(databaseFactories)("payments released (022), on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it("after 021 on a ledger with rows, the sweep finds the payments of holds released before it and after; rolls back to 021", async () => {
    db = make();
    await withMigrator(db.config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("021-move-links");
      await k
        .insertInto("bookings")
        .values([
          bookingRow("paid", "PAID", TEE, NOW, { paid_at: NOW }),
          bookingRow("released", "RELEASED", TEE, NOW),
          bookingRow("released-waiting", "RELEASED", TEE, NOW),
          bookingRow("held", "HELD", TEE, NOW, { hold_expires_at: NOW + 900_000 }),
        ])
        .execute();
      await k
        .insertInto("booking_groups")
        .values([group("g-released", "RELEASED"), group("g-failed", "HOLDING")])
        .execute();
      await k
        .insertInto("payments")
        .values([
          payment("paid", "approved"),
          payment("released", "approved"),
          payment("released-waiting", "submitted"),
          payment("held", "approved"),
          payment("g-released", "pending"),
          payment("g-failed", "pending"),
        ])
        .execute();
      await step("022-payments-released");
      const sweep = async () => (await createPaymentsStore(k, () => NOW).endedUnsettled()).sort();
      expect(await sweep()).toEqual(["g-released", "released", "released-waiting"]);
      // After it, a release marks its payment in the same move: a booking's, and a group's whose flights all
      // failed to reserve (released with no flight released). A booking paid is never swept.
      const repo = createBookingRepository(k, () => NOW);
      expect(await repo.transition("held", { from: ["HELD"], to: "RELEASED" })).toBe(true);
      expect(await repo.transitionGroup("g-failed", { from: ["HOLDING"], to: "RELEASED" })).toBe(true);
      expect(await sweep()).toEqual(["g-failed", "g-released", "held", "released", "released-waiting"]);
      await step("021-move-links");
      expect(await k.selectFrom("payments").select("booking_id").execute()).toHaveLength(6);
    });
  });
});

describe("payments released (022) on SQLite, without statistics", () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it("the reaper's sweep reads the released payments' index, not every payment", async () => {
    db = databaseFactories[0].make();
    await withMigrator(db.config, async (k, migrator) => {
      await migrator.migrateToLatest();
      // The sweep's own statement, as the store compiles it, planned by SQLite.
      const statements: CompiledQuery[] = [];
      const watched = k.withPlugin({
        transformQuery: (args) => {
          statements.push(k.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      });
      expect(await createPaymentsStore(watched, () => NOW).endedUnsettled()).toEqual([]);
      const [sweep] = statements;
      const { rows } = await k.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${sweep!.sql}`, [...sweep!.parameters]),
      );
      const plan = rows.map((r) => r.detail).join("; ");
      expect(plan).toMatch(/SEARCH p USING INDEX payments_released/);
      expect(plan).not.toMatch(/SCAN p\b/);
    });
  });
});
