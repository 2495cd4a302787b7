/** `GET /readyz`: can this process serve updates now? Each check is bounded in time; nothing is cached. */
import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from "kysely";
import { migrationProvider } from "../storage/migrations/index.js";
import type { Database } from "../storage/schema.js";
import { withTimeout } from "./timeout.js";

/** One check's verdict; `detail` is for operators and never carries a secret. */
export interface ReadinessCheck {
  ok: boolean;
  detail?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessCheck>;
}

export type Readiness = () => Promise<ReadinessReport>;

export interface ReadinessOptions {
  db: Kysely<Database>;
  /** Default Date.now. */
  now?: () => number;
  /** The PostgreSQL schema of Kysely's migration tables (the `?schema=` of DATABASE_URL), if any. */
  migrationSchema?: string;
  /**
   * When the partner last answered with a status below 500 (feed it from the partner client's
   * `onRequest`). Without it there is no partner check.
   */
  lastPartnerOkAt?: () => number | undefined;
  /** How recent that answer must be. Default 60 s. */
  partnerMaxAgeMs?: number;
  /**
   * Called when the last answer is older than that (an idle bot makes no partner calls): a cheap read,
   * such as `() => partner.getBalance()`, whose answer refreshes `lastPartnerOkAt`. One at a time.
   */
  partnerProbe?: () => Promise<unknown>;
  /** Whether the partner check decides readiness. Default true; false reports it only. */
  partnerRequired?: boolean;
  /** More named checks (e.g. "webhook registered or polling lease held"). A throw counts as not ok. */
  checks?: Record<string, () => ReadinessCheck | Promise<ReadinessCheck>>;
  /** Time limit of each check. Default 2000 ms. */
  timeoutMs?: number;
}

/** Creates the readiness function `createHttpServer` serves at `/readyz`. */
export function createReadiness(options: ReadinessOptions): Readiness {
  const { db } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 2000;
  const partnerMaxAgeMs = options.partnerMaxAgeMs ?? 60_000;
  // Kysely's migration table, read directly: its Migrator would list every table of every schema in
  // the database on each probe (and fail on one dropped meanwhile) to learn whether this one exists.
  const migrationTable = options.migrationSchema
    ? sql.id(options.migrationSchema, DEFAULT_MIGRATION_TABLE)
    : sql.id(DEFAULT_MIGRATION_TABLE);
  let probing: Promise<unknown> | undefined;

  const database = async (): Promise<ReadinessCheck> => {
    await sql`select 1`.execute(db);
    return { ok: true };
  };

  const migrations = async (): Promise<ReadinessCheck> => {
    const rows = await sql<{ name: string }>`select name from ${migrationTable}`.execute(db).then(
      (result) => result.rows,
      (error: unknown) => {
        // No migration table yet (SQLite: "no such table", PostgreSQL: "does not exist"): nothing applied.
        if (error instanceof Error && /no such table|does not exist/.test(error.message)) return [];
        throw error;
      },
    );
    const applied = new Set(rows.map((r) => r.name));
    const pending = Object.keys(await migrationProvider.getMigrations()).filter((name) => !applied.has(name));
    return pending.length === 0 ? { ok: true } : { ok: false, detail: `pending: ${pending.join(", ")}` };
  };

  const partner = async (lastOkAt: () => number | undefined): Promise<ReadinessCheck> => {
    const fresh = () => {
      const at = lastOkAt();
      return at !== undefined && now() - at <= partnerMaxAgeMs;
    };
    if (!fresh() && options.partnerProbe) {
      probing ??= options.partnerProbe().finally(() => {
        probing = undefined;
      });
      await probing.catch(() => undefined);
    }
    if (fresh()) return { ok: true };
    const at = lastOkAt();
    return {
      ok: false,
      detail:
        at === undefined ? "no answer from the partner yet" : `last answer ${Math.round((now() - at) / 1000)} s ago`,
    };
  };

  const all: Record<string, () => ReadinessCheck | Promise<ReadinessCheck>> = { database, migrations };
  const lastOkAt = options.lastPartnerOkAt;
  if (lastOkAt) all.partner = () => partner(lastOkAt);
  for (const [name, check] of Object.entries(options.checks ?? {})) {
    if (name in all) throw new TypeError(`createReadiness: check "${name}" is built in`);
    all[name] = check;
  }
  const advisory = new Set(options.partnerRequired === false ? ["partner"] : []);

  return async () => {
    const entries = await Promise.all(
      Object.entries(all).map(async ([name, check]): Promise<[string, ReadinessCheck]> => {
        try {
          const result = await withTimeout(Promise.resolve(check()), timeoutMs, name);
          return [name, result.detail === undefined ? { ok: result.ok } : { ok: result.ok, detail: result.detail }];
        } catch (error) {
          // Only the message: a driver's error may carry a connection string, which the detail must not.
          return [name, { ok: false, detail: describe(error) }];
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([name, check]) => check.ok || advisory.has(name));
    return { ready, checks };
  };
}

/** A short description of a failure, with anything URL-like (credentials) removed. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : "failed";
  return message.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[url]").slice(0, 200);
}
