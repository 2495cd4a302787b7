/**
 * PostgreSQL's connections cut while queries and chat locks hold them (a TCP proxy between the pools and
 * the real server; the server itself is shared with other tests and never stopped): each caller gets an
 * error that says the database is unreachable, the process goes on (pg emits 'error' on a client in use,
 * which would end it with no listener), and once the database is back both pools serve again.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createPgChatLocks } from "../../src/storage/chat-locks.js";
import { connect } from "../../src/storage/connect.js";
import { isDatabaseUnavailable } from "../../src/storage/unavailable.js";
import { TEST_POSTGRES_URL } from "../helpers/databases.js";
import { startPgOutageProxy, type PgOutageProxy } from "../helpers/pg-outage-proxy.js";
import { freePort } from "../helpers/round-robin-proxy.js";

describe("PostgreSQL connections cut while in use", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function proxy(): Promise<PgOutageProxy> {
    const upstream = new URL(TEST_POSTGRES_URL);
    const p = await startPgOutageProxy(
      { host: upstream.hostname, port: Number(upstream.port || 5432) },
      await freePort(),
    );
    cleanups.push(() => p.close());
    return p;
  }

  /** Resolves once PostgreSQL shows `count` sessions of this test's application name sleeping. */
  async function sleeping(count: number, name: string): Promise<void> {
    const db = await connect({ kind: "postgres", url: TEST_POSTGRES_URL });
    try {
      for (let i = 0; i < 600; i++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where application_name = ${name} and query like '%pg_sleep%' and state = 'active'`.execute(db);
        if ((rows[0]?.n ?? 0) >= count) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${count} sleeping queries of ${name} never showed`);
    } finally {
      await db.destroy();
    }
  }

  it("a query and a chat lock in progress fail as 'unreachable'; the process lives; both pools work once it is back", async () => {
    const pg = await proxy();
    const name = `conn_loss_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const url = pg.urlFor(`${TEST_POSTGRES_URL}?application_name=${name}`);
    const db = await connect({ kind: "postgres", url });
    cleanups.push(() => db.destroy());
    const locks = createPgChatLocks({ url, schema: name });
    cleanups.push(() => locks.close());

    const query = sql`select pg_sleep(30)`.execute(db).then(
      () => "finished",
      (error: unknown) => error,
    );
    const locked = locks
      .run("chat:1", () => sql`select pg_sleep(30)`.execute(db))
      .then(
        () => "finished",
        (error: unknown) => error,
      );
    await sleeping(2, name);
    await pg.cut();
    const [queryError, lockError] = await Promise.all([query, locked]);
    expect(isDatabaseUnavailable(queryError), String(queryError)).toBe(true);
    expect(isDatabaseUnavailable(lockError), String(lockError)).toBe(true);
    // While it is away, a new query is refused at once (not held until it returns).
    const refused = await sql`select 1`.execute(db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);

    await pg.restore();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
    expect(await locks.run("chat:1", () => Promise.resolve("locked again"))).toBe("locked again");
  });
});
