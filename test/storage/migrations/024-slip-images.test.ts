/**
 * 024-slip-images on SQLite and PostgreSQL: applied on a ledger with payments, each starts with no slip
 * counted; a payment admits at most its limit of slips, every instance together; a slip image (by its
 * file or its pixels) first sent for one booking is reported on another's, not on its own; it rolls back
 * to 022.
 */
import type { Insertable } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createPaymentsStore } from "../../../src/bookings/payments.js";
import type { PaymentsTable } from "../../../src/storage/schema.js";
import { databaseFactories, type TestDatabase } from "../../helpers/databases.js";
import { withMigrator } from "../../helpers/migrator.js";

const NOW = Date.parse("2026-11-25T10:00:00+07:00");

function payment(bookingId: string): Insertable<PaymentsTable> {
  return {
    booking_id: bookingId,
    kind: "prepay",
    state: "awaiting",
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

describe.each(databaseFactories)("slip images (024), on $name", ({ make }) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it("after 022 on a ledger with payments: slips counted to the limit, images claimed once; rolls back to 022", async () => {
    db = make();
    await withMigrator(db.config, async (k, migrator) => {
      const step = async (to: string) => {
        const { error } = await migrator.migrateTo(to);
        if (error) throw error instanceof Error ? error : new Error(`migration to ${to} failed`);
      };
      await step("022-payments-released");
      await k
        .insertInto("payments")
        .values([payment("one"), payment("two")])
        .execute();
      await step("024-slip-images");
      const store = createPaymentsStore(k, () => NOW);
      expect((await store.get("one"))?.slip_count).toBe(0);
      expect((await store.get("one"))?.slip_qr).toBeNull();

      // Ten slips at once for a payment whose limit is 3: three admitted.
      const admitted = await Promise.all(Array.from({ length: 10 }, () => store.admitSlip("one", 3)));
      expect(admitted.filter(Boolean)).toHaveLength(3);
      expect((await store.get("one"))?.slip_count).toBe(3);
      expect(await store.admitSlip("two", 3)).toBe(true);

      expect(await store.claimSlipImage("file", "AgADuniq", "one")).toBeUndefined();
      expect(await store.claimSlipImage("file", "AgADuniq", "one")).toBeUndefined();
      expect(await store.claimSlipImage("file", "AgADuniq", "two")).toBe("one");
      const pixels = "a".repeat(64);
      expect(await store.claimSlipImage("pixels", pixels, "two")).toBeUndefined();
      expect(await store.claimSlipImage("pixels", pixels, "one")).toBe("two");
      // The kinds are apart: the same digest of another kind is another image.
      expect(await store.claimSlipImage("file", pixels, "one")).toBeUndefined();

      await step("022-payments-released");
      expect(await k.selectFrom("payments").select("booking_id").execute()).toHaveLength(2);
      await step("024-slip-images");
      expect((await store.get("one"))?.slip_count).toBe(0);
    });
  });
});
