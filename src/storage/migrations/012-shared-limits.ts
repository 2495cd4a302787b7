import type { Kysely, Migration } from "kysely";

/**
 * Limits shared by every instance of one bot (docs/operations.md, "Abuse control and rate limits"): Telegram
 * counts a bot token, not a process.
 *
 * - `limit_instances`: each live instance's heartbeat (every second, gone 3 s after the last one),
 *   with what it asked of the outgoing budget lately; every instance divides the bot's budget among
 *   the live ones from these rows.
 * - `limit_buckets`: token buckets by key (a chat's sends, a sender's updates, a stranger's allowance,
 *   an agent's inline queries), used while several instances receive updates. Times are the
 *   database's clock (ms), so the instances' clocks need not agree.
 * - `partner_cache`: the partner's read-only lists (courses, a course's tee times on a date), read once
 *   for every instance; `reading_by` claims a read so the others wait for it instead of reading too.
 */
export const sharedLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("limit_instances")
      .addColumn("bot", "varchar(32)", (c) => c.notNull())
      .addColumn("instance", "varchar(200)", (c) => c.notNull())
      .addColumn("expires_at", "double precision", (c) => c.notNull())
      .addColumn("active", "integer", (c) => c.notNull())
      .addColumn("interactive", "double precision", (c) => c.notNull())
      .addColumn("background", "double precision", (c) => c.notNull())
      .addColumn("stats", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("limit_instances_pk", ["bot", "instance"])
      .execute();

    await db.schema
      .createTable("limit_buckets")
      .addColumn("key", "varchar(200)", (c) => c.primaryKey())
      .addColumn("tokens", "double precision", (c) => c.notNull())
      .addColumn("at", "double precision", (c) => c.notNull())
      .addColumn("paused_until", "double precision", (c) => c.notNull())
      .addColumn("full_at", "double precision", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("limit_buckets_full_at").on("limit_buckets").column("full_at").execute();

    await db.schema
      .createTable("partner_cache")
      .addColumn("key", "varchar(200)", (c) => c.primaryKey())
      .addColumn("value", "text")
      .addColumn("fetched_at", "bigint", (c) => c.notNull())
      .addColumn("reading_by", "varchar(200)")
      .addColumn("reading_until", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("partner_cache").execute();
    await db.schema.dropTable("limit_buckets").execute();
    await db.schema.dropTable("limit_instances").execute();
  },
};
