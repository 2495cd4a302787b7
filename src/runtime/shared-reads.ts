import type { Kysely } from "kysely";
import type { SharedReads } from "../partner/catalog.js";
import type { Database } from "../storage/index.js";
import type { Fleet } from "./fleet.js";

/** How far apart the instances' clocks may be (as for the leader lease, they must agree to well under this). */
const CLOCK_SKEW_MS = 5_000;

export interface SharedReadsOptions {
  db: Kysely<Database>;
  fleet: Fleet;
  /** fairway's clock (epoch ms): a list's age, as the catalog counts it. */
  now: () => number;
  /** How long a read may be claimed before another instance may take it over (a claimer that died). */
  claimMs: number;
  /** Between looks at a list another instance is reading, ms. Default 100. */
  pollMs?: number;
}

/**
 * The partner's read-only lists in `partner_cache` (PostgreSQL), for the catalog while other instances
 * are live: a list is read from the partner by one instance — the one whose conditional upsert claims
 * it — and the others wait for that read and take its answer, so the partner is asked as often as by
 * one process. A failed read leaves nothing behind (the claim is dropped and a waiter claims it next);
 * a claimer that dies is taken over once its claim lapses.
 */
export function createSharedReads(options: SharedReadsOptions): SharedReads {
  const { db, fleet, now } = options;
  const pollMs = options.pollMs ?? 100;
  const me = fleet.instance;

  /**
   * Claims the read of `key` if nobody is reading it and the list there is still not one this caller
   * can use (read within [`usable.since`, `usable.until`]): a read that another instance finished
   * between this caller's look and its claim is then taken, not read again.
   */
  async function claim(key: string, at: number, usable: { since: number; until: number }): Promise<boolean> {
    const result = await db
      .insertInto("partner_cache")
      .values({ key, value: null, fetched_at: 0, reading_by: me, reading_until: at + options.claimMs })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({ reading_by: me, reading_until: at + options.claimMs })
          .where((eb) =>
            eb.and([
              eb.or([eb("partner_cache.reading_by", "is", null), eb("partner_cache.reading_until", "<=", at)]),
              eb.or([
                eb("partner_cache.value", "is", null),
                eb("partner_cache.fetched_at", "<", usable.since),
                eb("partner_cache.fetched_at", ">", usable.until),
              ]),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  return {
    active: () => fleet.shared(),
    async read<T>(key: string, wanted: { ttlMs: number; fresh: boolean; load: () => Promise<T> }) {
      const asked = now();
      for (;;) {
        const at = now();
        const row = await db
          .selectFrom("partner_cache")
          .select(["value", "fetched_at", "reading_by", "reading_until"])
          .where("key", "=", key)
          .executeTakeFirst();
        // A list read within these bounds serves this call (another process's clock may run a little ahead).
        const usable = wanted.fresh
          ? { since: asked, until: Number.MAX_SAFE_INTEGER }
          : { since: at - wanted.ttlMs + 1, until: at + CLOCK_SKEW_MS - 1 };
        if (row?.value != null && row.fetched_at >= usable.since && row.fetched_at <= usable.until)
          return { value: JSON.parse(row.value) as T, at: row.fetched_at };
        const reading = row?.reading_by != null && row.reading_until > at;
        if (!reading && (await claim(key, at, usable))) {
          try {
            const value = await wanted.load();
            await db
              .updateTable("partner_cache")
              .set({ value: JSON.stringify(value), fetched_at: at, reading_by: null, reading_until: 0 })
              .where("key", "=", key)
              .where("reading_by", "=", me)
              .execute();
            return { value, at };
          } catch (error) {
            await db
              .updateTable("partner_cache")
              .set({ reading_by: null, reading_until: 0 })
              .where("key", "=", key)
              .where("reading_by", "=", me)
              .execute()
              .catch(() => undefined);
            throw error;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}
