/** Readiness checks on a real ledger: database, migrations, partner freshness (and its probe), the caller's checks. */
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { connect } from "../../src/storage/connect.js";
import { createReadiness } from "../../src/runtime/index.js";
import { migrate, type Database } from "../../src/storage/index.js";
import { databaseFactories, sqliteDatabase, type TestDatabase } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

describe.each(databaseFactories)("readiness on $name", ({ make }) => {
  const t = storageEach(make);

  const schemaOf = (d: TestDatabase) => (d.config.kind === "postgres" ? d.config.schema : undefined);

  it("is ready with the database up and every migration applied", async () => {
    const readiness = createReadiness({ db: t.storage.db, migrationSchema: schemaOf(t.db) });
    expect(await readiness()).toEqual({ ready: true, checks: { database: { ok: true }, migrations: { ok: true } } });
  });

  it("is not ready once the database is gone, with no connection detail in the answer", async () => {
    const readiness = createReadiness({ db: t.storage.db, migrationSchema: schemaOf(t.db) });
    await t.storage.close();
    const report = await readiness();
    expect(report.ready).toBe(false);
    expect(report.checks.database?.ok).toBe(false);
    expect(JSON.stringify(report)).not.toMatch(/postgres:\/\//);
  });
});

describe("readiness", () => {
  const t = storageEach();
  let now = 1_000_000;

  it("is not ready while a migration is pending, and names it", async () => {
    const bareDb = sqliteDatabase();
    const bare = await connect(bareDb.config);
    try {
      const readiness = createReadiness({ db: bare });
      const report = await readiness();
      expect(report.ready).toBe(false);
      expect(report.checks.migrations?.detail).toMatch(/^pending: 001-kv, 002-bookings/);
      await migrate(bare);
      expect((await readiness()).ready).toBe(true);
    } finally {
      await bare.destroy();
      await bareDb.cleanup();
    }
  });

  it("needs a partner answer within the last minute", async () => {
    const partner: { lastOk?: number } = {};
    const readiness = createReadiness({ db: t.storage.db, now: () => now, lastPartnerOkAt: () => partner.lastOk });
    expect((await readiness()).checks.partner).toEqual({ ok: false, detail: "no answer from the partner yet" });
    partner.lastOk = now;
    now += 60_000;
    expect(await readiness()).toMatchObject({ ready: true, checks: { partner: { ok: true } } });
    now += 1;
    const stale = await readiness();
    expect(stale.ready).toBe(false);
    expect(stale.checks.partner).toEqual({ ok: false, detail: "last answer 60 s ago" });
  });

  it("probes the partner when its last answer is stale (an idle bot), one probe at a time", async () => {
    let lastOk: number | undefined;
    let probes = 0;
    const readiness = createReadiness({
      db: t.storage.db,
      now: () => now,
      lastPartnerOkAt: () => lastOk,
      partnerProbe: async () => {
        probes += 1;
        await new Promise((r) => setTimeout(r, 20));
        lastOk = now;
      },
    });
    const [a, b] = await Promise.all([readiness(), readiness()]);
    expect(a.ready && b.ready).toBe(true);
    expect(probes).toBe(1);
    await readiness();
    expect(probes).toBe(1);
  });

  it("reports the partner without deciding readiness when partnerRequired is false", async () => {
    const readiness = createReadiness({ db: t.storage.db, lastPartnerOkAt: () => undefined, partnerRequired: false });
    const report = await readiness();
    expect(report.ready).toBe(true);
    expect(report.checks.partner?.ok).toBe(false);
  });

  it("runs the caller's checks: a failure, a throw and a hang each make it not ready", async () => {
    let lease = { ok: true, detail: "polling lease held" };
    const readiness = createReadiness({
      db: t.storage.db,
      timeoutMs: 100,
      checks: { updates: () => lease },
    });
    expect(await readiness()).toEqual({
      ready: true,
      checks: { database: { ok: true }, migrations: { ok: true }, updates: { ok: true, detail: "polling lease held" } },
    });
    lease = { ok: false, detail: "lease held by another process" };
    expect(await readiness()).toMatchObject({ ready: false, checks: { updates: lease } });

    const throwing = createReadiness({
      db: t.storage.db,
      checks: { webhook: () => Promise.reject(new Error("setWebhook failed for https://user:pw@example.com/hook")) },
    });
    const thrown = await throwing();
    expect(thrown.ready).toBe(false);
    expect(thrown.checks.webhook).toEqual({ ok: false, detail: "setWebhook failed for [url]" });

    const hanging = createReadiness({
      db: t.storage.db,
      timeoutMs: 50,
      checks: { slow: () => new Promise(() => undefined) },
    });
    expect((await hanging()).checks.slow).toEqual({ ok: false, detail: "slow took longer than 50 ms" });
  });

  it("refuses a caller's check named like a built-in one", () => {
    expect(() => createReadiness({ db: t.storage.db, checks: { database: () => ({ ok: true }) } })).toThrow(/built in/);
  });

  it("bounds the database check in time", async () => {
    const hang = new Kysely<Database>({
      dialect: new SqliteDialect({ database: () => new Promise<never>(() => undefined) }),
    });
    const readiness = createReadiness({ db: hang, timeoutMs: 50 });
    const report = await readiness();
    expect(report.ready).toBe(false);
    expect(report.checks.database).toEqual({ ok: false, detail: "database took longer than 50 ms" });
  });
});
