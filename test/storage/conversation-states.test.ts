import { describe, expect, it } from "vitest";
import { createConversationStates } from "../../src/storage/conversation-states.js";
import { processChatLocks } from "../../src/storage/chat-locks.js";
import type { KvStore } from "../../src/storage/kv.js";
import { storageEach } from "../helpers/storage-each.js";

/** The store with a switch: while `down`, every call fails as a refused connection does. */
function switchable(kv: KvStore) {
  const state = { down: false };
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const guard =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (state.down) throw refused();
      return f(...args);
    };
  const wrapped: KvStore = {
    get: async <T>(key: string) => {
      if (state.down) throw refused();
      return kv.get<T>(key);
    },
    getText: guard(kv.getText),
    set: guard(kv.set),
    setText: guard(kv.setText),
    delete: guard(kv.delete),
    compareAndSet: guard(kv.compareAndSet),
    sweep: guard(kv.sweep),
    adapter: kv.adapter,
  };
  return { kv: wrapped, state };
}

const quiet = { info: () => undefined, warn: () => undefined };
const waitFor = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("timed out");
};

describe("conversation states through a database outage", () => {
  const s = storageEach();

  function world() {
    const storage = s.storage;
    const { kv, state } = switchable(storage.kv);
    const states = createConversationStates<{ step: string }>({
      kv,
      prefix: "convo:",
      locks: processChatLocks,
      lockKey: (key) => `chat:${key}`,
      logger: quiet,
      retryMs: 20,
    });
    return { states, state, stored: () => storage.kv.get<{ step: string }>("convo:42") };
  }

  it("a state the database refused is kept and stored once it answers again; the update still fails", async () => {
    const { states, state, stored } = world();
    expect(await states.adapter.read("42")).toBeUndefined();
    await states.adapter.write("42", { step: "players" });
    expect(await states.adapter.read("42")).toEqual({ step: "players" });
    state.down = true;
    await expect(states.adapter.write("42", { step: "name" })).rejects.toThrow("ECONNREFUSED");
    expect(states.kept()).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(states.kept()).toBe(1);
    state.down = false;
    await waitFor(() => states.kept() === 0);
    expect(await stored()).toEqual({ step: "name" });
    await states.close();
  });

  it("this instance's next read of the chat stores the kept state first", async () => {
    const { states, state } = world();
    await states.adapter.read("42");
    await states.adapter.write("42", { step: "players" });
    await states.adapter.read("42");
    state.down = true;
    await expect(states.adapter.write("42", { step: "name" })).rejects.toThrow();
    await expect(states.adapter.read("42")).rejects.toThrow("ECONNREFUSED");
    state.down = false;
    expect(await states.adapter.read("42")).toEqual({ step: "name" });
    expect(states.kept()).toBe(0);
    await states.close();
  });

  it("a newer state stored meanwhile (another instance served the chat) is never overwritten: the kept one is dropped", async () => {
    const { states, state, stored } = world();
    await states.adapter.read("42");
    await states.adapter.write("42", { step: "players" });
    await states.adapter.read("42");
    state.down = true;
    await expect(states.adapter.write("42", { step: "name" })).rejects.toThrow();
    await s.storage.kv.set("convo:42", { step: "date" });
    state.down = false;
    await waitFor(() => states.kept() === 0);
    expect(await stored()).toEqual({ step: "date" });
    await states.close();
  });

  it("a conversation that ended (its state deleted) while the database was away keeps its stored step: an outage that failed a step leaves it to be sent again", async () => {
    const { states, state, stored } = world();
    await states.adapter.read("42");
    await states.adapter.write("42", { step: "mobile" });
    await states.adapter.read("42");
    state.down = true;
    await expect(states.adapter.delete("42")).rejects.toThrow();
    expect(states.kept()).toBe(0);
    state.down = false;
    expect(await stored()).toEqual({ step: "mobile" });
    await states.close();
  });

  it("errors that are not an outage are not kept", async () => {
    const { states } = world();
    const cyclic: { self?: unknown; step: string } = { step: "x" };
    cyclic.self = cyclic;
    await expect(states.adapter.write("42", cyclic)).rejects.toThrow();
    expect(states.kept()).toBe(0);
    await states.close();
  });
});
