/**
 * 031-course-ended on SQLite and PostgreSQL: applied on a ledger with rows, every booking reads ended by
 * nobody (null) until the course ends one; `course_notices` keeps one row per key (a second insert of a key
 * is refused, which is what tells a change once); and it rolls back to 029.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bookingRow } from "../../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");
const TEE = NOW + 86_400_000;

describe.each(databaseFactories)("031-course-ended on $name", ({ make }) => {
  let db: TestDatabase;
  afterEach(async () => {
    await db.cleanup();
  });

  it("adds ended_by (null for existing rows) and course_notices (one row per key), and rolls back", async () => {
    db = make();
    await withMigrator(db.config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("029-trips");
      await k
        .insertInto("bookings")
        .values(bookingRow("paid", "PAID", TEE, NOW, { paid_at: NOW }))
        .execute();
      await step("031-course-ended");
      const row = await k.selectFrom("bookings").select(["id", "ended_by"]).executeTakeFirstOrThrow();
      expect(row).toEqual({ id: "paid", ended_by: null });
      await k.updateTable("bookings").set({ ended_by: "course" }).where("id", "=", "paid").execute();
      const notice = { id: "end:paid", booking_id: "paid", kind: "ended" as const, created_at: NOW };
      await k.insertInto("course_notices").values(notice).execute();
      await expect(k.insertInto("course_notices").values(notice).execute()).rejects.toThrow();
      const kept = await k
        .insertInto("course_notices")
        .values(notice)
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      expect(kept).toBeUndefined();

      await step("029-trips");
      await expect(k.selectFrom("course_notices").selectAll().execute()).rejects.toThrow();
      await expect(k.selectFrom("bookings").select("ended_by").execute()).rejects.toThrow();
      expect(await k.selectFrom("bookings").select("id").execute()).toEqual([{ id: "paid" }]);
    });
  });
});
