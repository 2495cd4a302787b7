/**
 * 020-ledger-indexes on SQLite and PostgreSQL: applied after 019 on a ledger that has rows, its indexes
 * are there, and it rolls back to 019 cleanly. On SQLite (no statistics, as fairway runs it) the
 * questions of /order, /report and the agents' attribution are answered from them, not by reading the
 * whole table.
 */
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "../../../src/config/index.js";
import type { Database } from "../../../src/storage/index.js";
import { bookingRow } from "../../helpers/booking-row.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");
const INDEXES = [
  "bookings_reservation_code",
  "bookings_created",
  "bookings_agent_created",
  "bookings_paid_moment",
  "bookings_state_tee_off",
  "booking_events_state_at",
];

async function indexNames(db: Kysely<Database>, config: DatabaseConfig): Promise<string[]> {
  if (config.kind === "sqlite") {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{
    name: string;
  }>`select indexname as name from pg_indexes where schemaname = ${config.schema ?? "public"}`.execute(db);
  return rows.map((r) => r.name);
}

describe.each(databaseFactories)("ledger indexes (020), on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it("applies after 019 on a ledger with rows, and rolls back to 019", async () => {
    db = make();
    const config = db.config;
    await withMigrator(config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("019-vouchers");
      await k
        .insertInto("bookings")
        .values([
          bookingRow("b1", "PAID", NOW + 86_400_000, NOW, { reservation_code: "C1", paid_at: NOW + 1, agent_id: 9 }),
          bookingRow("b2", "RELEASED", NOW + 86_400_000, NOW + 5),
        ])
        .execute();
      expect(await indexNames(k, config)).not.toContain("bookings_paid_moment");
      await step("020-ledger-indexes");
      expect(await indexNames(k, config)).toEqual(expect.arrayContaining(INDEXES));
      expect(await k.selectFrom("bookings").select("id").orderBy("id").execute()).toEqual([{ id: "b1" }, { id: "b2" }]);
      await step("019-vouchers");
      const left = await indexNames(k, config);
      expect(INDEXES.filter((name) => left.includes(name))).toEqual([]);
    });
  });
});

describe("ledger indexes (020) on SQLite, without statistics", () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it("/order's lookup, /report's period, /bookings today and the credited agents (all, or of some users) read an index, not the table", async () => {
    db = databaseFactories[0].make();
    await withMigrator(db.config, async (k, migrator) => {
      await migrator.migrateToLatest();
      const plan = async (query: string) => {
        const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(k);
        return rows.map((r) => r.detail).join("; ");
      };
      expect(await plan(`select * from bookings where reservation_id = 'x' or reservation_code = 'x'`)).toMatch(
        /MULTI-INDEX OR.*USING INDEX bookings_reservation_code/,
      );
      expect(
        await plan(`select * from bookings where "state" || '' in ('PAID', 'REFUNDING', 'REFUNDED')
          and coalesce("paid_at", "created_at") >= 1 and coalesce("paid_at", "created_at") < 2
          order by coalesce("paid_at", "created_at"), "id" limit 2000`),
      ).toMatch(/USING INDEX bookings_paid_moment/);
      expect(
        await plan(
          `select * from bookings where state != 'INTENT' and created_at >= 1 order by created_at desc limit 30`,
        ),
      ).toMatch(/USING INDEX bookings_created/);
      expect(await plan(`select (select min(agent_id) from bookings where agent_id > 5)`)).toMatch(
        /COVERING INDEX bookings_agent_created/,
      );
      // `creditedAmong`: whether the ledger credits a user, one probe each.
      expect(
        await plan(
          `select (select agent_id from bookings where agent_id = 5 limit 1) as agent_id
          union all select (select agent_id from bookings where agent_id = 6 limit 1) as agent_id`,
        ),
      ).toMatch(/COVERING INDEX bookings_agent_created.*COVERING INDEX bookings_agent_created/);
      expect(
        await plan(`select * from bookings where state = 'PAID' and slot_starts_at > 1 and slot_starts_at <= 2`),
      ).toMatch(/USING INDEX bookings_state_tee_off/);
    });
  });
});
