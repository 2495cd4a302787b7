import type { Kysely, Migration } from "kysely";

/**
 * Slips beyond their bank reference:
 * - `payments.slip_count`: the slips a payment took (the service refuses one past `SLIPS_PER_PAYMENT`,
 *   counted before the image is read or forwarded);
 * - `payments.slip_qr`: what came of reading the latest slip's QR (`read`, `no-qr`, `too-large`,
 *   `unread`: not downloaded, or the reader busy, slow or closed); null before any slip;
 * - `slip_images`: each slip image, once, by Telegram's `file_unique_id` (kind `file`) and by the SHA-256
 *   of its decoded pixels (kind `pixels`), with the booking (or group) whose slip it was first: the same
 *   image on another payment's slip is flagged as re-used, whatever its QR says.
 */
export const slipImages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("payments")
      .addColumn("slip_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("payments").addColumn("slip_qr", "varchar(16)").execute();
    await db.schema
      .createTable("slip_images")
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("digest", "varchar(128)", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("slip_images_pk", ["kind", "digest"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("slip_images").execute();
    await db.schema.alterTable("payments").dropColumn("slip_qr").execute();
    await db.schema.alterTable("payments").dropColumn("slip_count").execute();
  },
};
