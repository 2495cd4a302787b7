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

  async function claim(key: string, at: number): Promise<boolean> {
    const result = await db
      .insertInto("partner_cache")
      .values({ key, value: null, fetched_at: 0, reading_by: me, reading_until: at + options.claimMs })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({ reading_by: me, reading_until: at + options.claimMs })
          .where((eb) =>
            eb.or([eb("partner_cache.reading_by", "is", null), eb("partner_cache.reading_until", "<=", at)]),
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
        if (row?.value != null) {
          // Read by another process, whose clock may run a little ahead of this one's.
          const age = at - row.fetched_at;
          const usable = wanted.fresh ? row.fetched_at >= asked : age > -CLOCK_SKEW_MS && age < wanted.ttlMs;
          if (usable) return { value: JSON.parse(row.value) as T, at: row.fetched_at };
        }
        const reading = row?.reading_by != null && row.reading_until > at;
        if (!reading && (await claim(key, at))) {
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
