import type { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createOutbox } from "../../src/bot/outbox.js";
import { createLogger } from "../../src/logger.js";
import type { Storage } from "../../src/storage/index.js";
import { storageEach } from "../helpers/storage-each.js";

/**
 * The storage's database, except that the drain's next look for rows, once it finds none, waits at
 * `gate` after the query has run: the window in which another task of the same process enqueues a row
 * the look did not see.
 */
function withHeldEmptyLook(db: Storage["db"]) {
  let armed = true;
  let heldLook!: () => void;
  const held = new Promise<void>((resolve) => (heldLook = resolve));
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "execute")
          return async (...args: unknown[]) => {
            const rows = (await (value as (...a: unknown[]) => Promise<unknown[]>).apply(target, args)) ?? [];
            if (armed && rows.length === 0) {
              armed = false;
              heldLook();
              await gate;
            }
            return rows;
          };
        return (...args: unknown[]) => {
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return typeof out === "object" && out !== null ? wrap(out) : out;
        };
      },
    });
  const proxied = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key !== "selectFrom") return (value as (...a: unknown[]) => unknown).bind(target);
      return (table: string) => {
        const builder = (value as (t: string) => object).call(target, table);
        return table === "outbox" ? wrap(builder) : builder;
      };
    },
  });
  return { db: proxied, held, open };
}

/** A Bot API client that records the messages sent. */
function recordingApi() {
  const sent: { chatId: number; text: string }[] = [];
  const api = {
    sendMessage: (chatId: number, text: string) => {
      sent.push({ chatId, text });
      return Promise.resolve({});
    },
  } as unknown as Api;
  return { sent, api };
}

describe("the outbox's drain and a row enqueued while it looks", () => {
  const s = storageEach();

  it("a row enqueued during a look that found nothing is sent at once, and the drain counts as busy until then", async () => {
    const { sent, api } = recordingApi();
    const look = withHeldEmptyLook(s.storage.db);
    const outbox = createOutbox({
      db: look.db,
      api,
      logger: createLogger({ level: "silent" }),
      now: () => 1_800_000_000_000,
      perSecond: 100,
      // A drain that naps would hold the row for a minute: the test would time out.
      pollMs: 60_000,
    });
    try {
      outbox.start();
      await look.held;
      await outbox.enqueue({ chatId: 7, text: "Your hold has been released.", what: "reaper-released" });
      look.open();
      // What a test's settle() asks between the look's end and the send: never "idle" with a row waiting.
      for (let i = 0; i < 500 && sent.length === 0; i++) {
        expect(outbox.busy(), "a row waits to be sent").toBe(true);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(sent).toEqual([{ chatId: 7, text: "Your hold has been released." }]);
      for (let i = 0; i < 100 && outbox.busy(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(outbox.busy(), "idle once sent").toBe(false);
    } finally {
      look.open();
      await outbox.stop();
    }
  });
});

describe("the outbox's drain and one chat's backlog", () => {
  const s = storageEach();

  it("a chat with four notifications waiting gets one a second, in order, and the drain reads the table a few times per send, not every few milliseconds while the chat waits", async () => {
    const { sent, api } = recordingApi();
    let looks = 0;
    const db = new Proxy(s.storage.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "selectFrom")
          return (table: string) => {
            if (table === "outbox") looks += 1;
            return (value as (t: string) => unknown).call(target, table);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    const outbox = createOutbox({
      db,
      api,
      logger: createLogger({ level: "silent" }),
      now: () => 1_800_000_000_000,
      perSecond: 100,
      pollMs: 1_000,
    });
    for (const n of [1, 2, 3, 4]) await outbox.enqueue({ chatId: 7, text: `notice ${n}`, what: "test" });
    try {
      outbox.start();
      for (let i = 0; i < 800 && sent.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
      expect(sent.map((m) => m.text)).toEqual(["notice 1", "notice 2", "notice 3", "notice 4"]);
      // Each send: a look for the rows due and a read of the claimed row's message; a few more looks
      // while the chat waits its second. Polling every 20 ms over the three seconds would be ~150.
      expect(looks).toBeLessThanOrEqual(20);
    } finally {
      await outbox.stop();
    }
  });
});
