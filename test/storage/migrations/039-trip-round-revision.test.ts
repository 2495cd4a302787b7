/**
 * 039-trip-round-revision on SQLite and PostgreSQL: applied on a booked round, the round reads revision 0 until
 * the course moves its tee time, keeps what is written, and it rolls back to 036 with the round intact.
 */
import { afterEach, describe, expect, it } from "vitest";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");

describe.each(databaseFactories)("039-trip-round-revision on $name", ({ make }) => {
  let db: TestDatabase;
  afterEach(async () => {
    await db.cleanup();
  });

  it("adds the round's revision (0 for existing rows), and rolls back to 036", async () => {
    db = make();
    await withMigrator(db.config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("036-trip-slip-check");
      await k
        .insertInto("trip_rounds")
        .values({
          id: "r1",
          trip_id: "t1",
          position: 0,
          course_id: "c1",
          course_name: "Course",
          time_zone: "Asia/Bangkok",
          day: "2026-12-10",
          tee_time: "07:30",
          slot_id: "s1",
          starts_at: Date.parse("2026-12-10T07:30:00+07:00"),
          players: 4,
          selling_amount: 1_000_000,
          net_amount: 800_000,
          max_net_amount: null,
          state: "BOOKED",
          booking_id: "b1",
          last_error: null,
          updated_at: NOW,
        })
        .execute();
      await step("039-trip-round-revision");
      const before = await k.selectFrom("trip_rounds").select(["id", "revision"]).executeTakeFirstOrThrow();
      expect({ ...before, revision: Number(before.revision) }).toEqual({ id: "r1", revision: 0 });
      await k.updateTable("trip_rounds").set({ revision: 1 }).where("id", "=", "r1").execute();
      expect(Number((await k.selectFrom("trip_rounds").select("revision").executeTakeFirstOrThrow()).revision)).toBe(1);

      await step("036-trip-slip-check");
      await expect(k.selectFrom("trip_rounds").select("revision").execute()).rejects.toThrow();
      expect(await k.selectFrom("trip_rounds").select(["id", "state"]).execute()).toEqual([
        { id: "r1", state: "BOOKED" },
      ]);
    });
  });
});
