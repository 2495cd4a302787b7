import { afterEach, describe, expect, it } from "vitest";
import { createPgChatLocks, type ChatLocks } from "../../src/storage/chat-locks.js";
import { TEST_POSTGRES_URL } from "../helpers/databases.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("per-chat locks in PostgreSQL (two instances = two lock pools)", () => {
  const opened: ChatLocks[] = [];
  const instance = (schema = "locks_test") => {
    const locks = createPgChatLocks({ url: TEST_POSTGRES_URL, schema, max: 4 });
    opened.push(locks);
    return locks;
  };
  afterEach(async () => {
    for (const l of opened.splice(0)) await l.close();
  });

  it("work for one chat never overlaps across instances, and runs in arrival order of the lock", async () => {
    const [a, b] = [instance(), instance()];
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const job = (locks: ChatLocks, n: number) =>
      locks.run("chat:42", async () => {
        inside += 1;
        most = Math.max(most, inside);
        await sleep(15);
        order.push(n);
        inside -= 1;
      });
    await Promise.all(Array.from({ length: 8 }, (_, n) => job(n % 2 === 0 ? a : b, n)));
    expect(most).toBe(1);
    expect(order.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("different chats run at the same time; another schema's same chat does not wait", async () => {
    const [a, b, other] = [instance(), instance(), instance("locks_other")];
    let inside = 0;
    let most = 0;
    // Each job waits inside its lock until all three are in (not for a fixed time: on a loaded machine
    // a connection can take longer than any sleep). Locks that serialized them would never let the
    // three in together: each would give up after 5 s, and `most` would stay below 3.
    let allIn: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (allIn = resolve));
    const job = (locks: ChatLocks, key: string) =>
      locks.run(key, async () => {
        inside += 1;
        most = Math.max(most, inside);
        if (inside === 3) allIn();
        await Promise.race([together, sleep(5_000)]);
        inside -= 1;
      });
    await Promise.all([job(a, "chat:1"), job(b, "chat:2"), job(other, "chat:1")]);
    expect(most).toBe(3);
  });

  it("a failing update releases its chat; the next one runs", async () => {
    const [a, b] = [instance(), instance()];
    await expect(a.run("chat:7", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await b.run("chat:7", () => Promise.resolve("next"))).toBe("next");
  });

  it("an instance that dies holding a chat (its connections gone) does not leave the chat locked", async () => {
    const doomed = createPgChatLocks({ url: TEST_POSTGRES_URL, schema: "locks_test", max: 2 });
    const survivor = instance();
    let release: () => void = () => undefined;
    const holding = doomed.run("chat:9", () => new Promise<void>((r) => (release = r)));
    await sleep(50);
    let ran = false;
    const waiting = survivor.run("chat:9", () => Promise.resolve(void (ran = true)));
    await sleep(100);
    expect(ran).toBe(false);
    // The process dies: PostgreSQL ends its sessions (here: every backend of the doomed pool is terminated).
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and objid = (hashtextextended('fairway:locks_test:chat:9', 0) & 4294967295)::oid",
    );
    await admin.end();
    await waiting;
    expect(ran).toBe(true);
    release();
    await holding.catch(() => undefined);
    await doomed.close().catch(() => undefined);
  });
});
