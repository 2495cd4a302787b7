import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createGolferCopies } from "../../../src/bookings/golfer-copies.js";
import { createStorage, type Storage } from "../../../src/storage/index.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");
const TEE_OFF = NOW + 24 * 3600_000;

describe.each(databaseFactories)("golfer's copy slots (016), on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    await db?.cleanup();
    storage = undefined;
    db = undefined;
  });

  it("links made before are numbered in the order they were made and count towards the bound", async () => {
    db = make();
    // The database as fairway left it at 015 (PostgreSQL: under the set-up lock, as fairway migrates).
    await withMigrator(db.config, async (before, migrator) => {
      const { error } = await migrator.migrateTo("015-customer-scope");
      if (error) throw error instanceof Error ? error : new Error("migration to 015-customer-scope failed");
      const link = (token: string, bookingId: string, createdAt: number, claimedBy: number | null) => ({
        token,
        booking_id: bookingId,
        created_by: 42,
        created_at: createdAt,
        expires_at: TEE_OFF,
        claimed_by: claimedBy,
        claimed_at: claimedBy === null ? null : createdAt + 1,
      });
      await (before as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("golfer_copies")
        .values([
          link("gc_b", "bk-1", NOW + 2, null),
          link("gc_a", "bk-1", NOW + 1, 101),
          link("gc_c", "bk-1", NOW + 2, 102),
          link("gc_z", "bk-2", NOW, 103),
        ])
        .execute();
    });

    storage = await createStorage(db.config);
    const rows = await storage.db.selectFrom("golfer_copies").select(["token", "slot"]).orderBy("token").execute();
    expect(rows.map((r) => [r.token, Number(r.slot)])).toEqual([
      ["gc_a", 1],
      ["gc_b", 2],
      ["gc_c", 3],
      ["gc_z", 1],
    ]);
    // Three links of a booking for three players: its unopened one is given again, then none is left.
    const copies = createGolferCopies(storage.db, () => NOW + 10);
    const opts = { createdBy: 42, expiresAt: TEE_OFF, limit: 3 };
    expect(await copies.issue("bk-1", opts)).toMatchObject({ kind: "again", copy: { token: "gc_b", slot: 2 } });
    await storage.db.updateTable("golfer_copies").set({ claimed_by: 104 }).where("token", "=", "gc_b").execute();
    expect(await copies.issue("bk-1", opts)).toEqual({ kind: "all-used", limit: 3 });
    expect(await copies.issue("bk-2", opts)).toMatchObject({ kind: "new", copy: { slot: 2 } });
  });
});
