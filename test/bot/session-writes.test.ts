import type { StorageAdapter } from "grammy";
import { describe, expect, it } from "vitest";
import { skipUnchangedWrites } from "../../src/bot/session.js";

/** An in-memory adapter that records the writes it was asked for. */
function recording() {
  const stored = new Map<string, unknown>();
  const writes: [string, unknown][] = [];
  const adapter: StorageAdapter<unknown> = {
    read: (key) => Promise.resolve(structuredClone(stored.get(key))),
    write: (key, value) => {
      writes.push([key, structuredClone(value)]);
      stored.set(key, structuredClone(value));
      return Promise.resolve();
    },
    delete: (key) => Promise.resolve(void stored.delete(key)),
  };
  return { stored, writes, adapter };
}

describe("session writes: an unchanged session is not stored again", () => {
  it("drops the write of what was just read, and stores a change", async () => {
    const inner = recording();
    const s = skipUnchangedWrites(inner.adapter);
    await s.write("1", { __d: { locale: "th" }, v: 1 });
    expect(inner.writes).toHaveLength(1);
    const read = (await s.read("1")) as { __d: { locale: string } };
    await s.write("1", read);
    expect(inner.writes).toHaveLength(1);
    const again = (await s.read("1")) as { __d: { locale: string } };
    again.__d.locale = "en";
    await s.write("1", again);
    expect(inner.writes).toHaveLength(2);
    expect(inner.stored.get("1")).toEqual({ __d: { locale: "en" }, v: 1 });
  });

  it("stores a new session, and a session written twice after one read", async () => {
    const inner = recording();
    const s = skipUnchangedWrites(inner.adapter);
    expect(await s.read("2")).toBeUndefined();
    await s.write("2", {});
    expect(inner.stored.get("2")).toEqual({});
    await inner.adapter.write("3", { a: 1 });
    await s.read("3");
    await s.write("3", { a: 2 });
    await s.write("3", { a: 1 }); // the read is forgotten after the first write: this one goes through
    expect(inner.stored.get("3")).toEqual({ a: 1 });
  });

  it("forgets what it read when the key is deleted", async () => {
    const inner = recording();
    const s = skipUnchangedWrites(inner.adapter);
    await inner.adapter.write("4", { a: 1 });
    await s.read("4");
    await s.delete("4");
    await s.write("4", { a: 1 });
    expect(inner.stored.get("4")).toEqual({ a: 1 });
  });

  it("two updates of one user: a change written by one is not lost to a skipped write of the other", async () => {
    const inner = recording();
    const s = skipUnchangedWrites(inner.adapter);
    await inner.adapter.write("5", { a: 1 });
    const first = await s.read("5");
    const second = (await s.read("5")) as { a: number };
    second.a = 2;
    await s.write("5", second);
    expect(inner.stored.get("5")).toEqual({ a: 2 });
    // The first update wrote nothing new: as without this adapter, grammY writes its copy back (last writer wins).
    await s.write("5", first);
    expect(inner.stored.get("5")).toEqual({ a: 1 });
  });
});
