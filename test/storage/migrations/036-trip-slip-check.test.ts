/**
 * 036-trip-slip-check on SQLite and PostgreSQL: applied on a trip whose deposit is open, the instalment reads no
 * payee, slip or verdict (null) until they are written, keeps what is written, and it rolls back to 035 with the
 * instalment intact.
 */
import { afterEach, describe, expect, it } from "vitest";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");
const SLIP_COLUMNS = ["payee", "slip_ref", "slip_at", "slip_check", "decided_via"] as const;

describe.each(databaseFactories)("036-trip-slip-check on $name", ({ make }) => {
  let db: TestDatabase;
  afterEach(async () => {
    await db.cleanup();
  });

  it("adds the instalment's payee, slip and verdict (null for existing rows), and rolls back to 035", async () => {
    db = make();
    await withMigrator(db.config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("035-trip-reminders");
      const row = {
        trip_id: "t1",
        kind: "deposit" as const,
        amount: 500_000,
        due: "2026-11-25",
        state: "due" as const,
      };
      await k
        .insertInto("trip_instalments")
        .values({ ...row, decided_by: null, decided_at: null, updated_at: NOW })
        .execute();
      await step("036-trip-slip-check");
      const before = await k.selectFrom("trip_instalments").select(SLIP_COLUMNS).executeTakeFirstOrThrow();
      expect(before).toEqual({ payee: null, slip_ref: null, slip_at: null, slip_check: null, decided_via: null });
      const written = {
        payee: "0812345678",
        slip_ref: "0142026TRIPD1",
        slip_at: NOW,
        slip_check: "verified",
        decided_via: "slip-check:slipok",
      };
      await k.updateTable("trip_instalments").set(written).where("trip_id", "=", "t1").execute();
      const after = await k.selectFrom("trip_instalments").select(SLIP_COLUMNS).executeTakeFirstOrThrow();
      expect({ ...after, slip_at: Number(after.slip_at) }).toEqual(written);

      await step("035-trip-reminders");
      await expect(k.selectFrom("trip_instalments").select("slip_ref").execute()).rejects.toThrow();
      expect(await k.selectFrom("trip_instalments").select(["trip_id", "kind", "state"]).execute()).toEqual([
        { trip_id: "t1", kind: "deposit", state: "due" },
      ]);
    });
  });
});
