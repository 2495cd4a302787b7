/** The vouchers table (019-vouchers): one row per voucher drawn, found by its unguessable token. */
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, VouchersTable } from "../storage/schema.js";

export type VoucherRow = Selectable<VouchersTable>;

/** A token's shape: 24 base64url characters (144 random bits). Anything else is not looked up. */
export const VOUCHER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function createVoucherStore(db: Kysely<Database>, now: () => number) {
  return {
    /** A new voucher of a booking or of a group, in `locale`; its token. */
    async issue(of: { bookingId: string } | { groupId: string }, locale: string): Promise<string> {
      const token = randomBytes(18).toString("base64url");
      await db
        .insertInto("vouchers")
        .values({
          token,
          booking_id: "bookingId" in of ? of.bookingId : null,
          group_id: "groupId" in of ? of.groupId : null,
          locale,
          created_at: now(),
          replaced_by: null,
        })
        .execute();
      return token;
    },
    /** The voucher behind `token`; undefined for an unknown or malformed one. */
    async find(token: string): Promise<VoucherRow | undefined> {
      if (!VOUCHER_TOKEN_PATTERN.test(token)) return undefined;
      return db.selectFrom("vouchers").selectAll().where("token", "=", token).executeTakeFirst();
    },
    /** Marks `token` as replaced by `by` (a booking moved: the old voucher's page names the new one). */
    async replace(token: string, by: string): Promise<void> {
      await db.updateTable("vouchers").set({ replaced_by: by }).where("token", "=", token).execute();
    },
    /** Marks every voucher of `bookingId` not replaced yet as replaced by `by` (the booking was moved). */
    async replaceOf(bookingId: string, by: string): Promise<void> {
      await db
        .updateTable("vouchers")
        .set({ replaced_by: by })
        .where("booking_id", "=", bookingId)
        .where("replaced_by", "is", null)
        .execute();
    },
  };
}

export type VoucherStore = ReturnType<typeof createVoucherStore>;
