/**
 * A tap the flood gate drops is answered before its update counts as handled: an answer left running
 * after the middleware returned could still be on its way when a graceful stop (or a test) takes the
 * bot as done, and the button would spin.
 */
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { floodGate } from "../../../src/bot/middlewares/flood-gate.js";

/** A stranger's tap whose answer resolves only when `release()` is called. */
function heldTap(userId: number) {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const events: string[] = [];
  const ctx = {
    from: { id: userId, is_bot: false },
    callbackQuery: { id: "q1", data: "lang:t" },
    update: { update_id: 1 },
    answerCallbackQuery: async () => {
      events.push("answer sent");
      await answered;
      events.push("answer done");
      return true;
    },
  } as unknown as Context;
  return { ctx, events, release };
}

describe("the flood gate", () => {
  it("finishes a dropped tap's update only once its answer is done (a stranger past their minute)", async () => {
    const gate = floodGate({
      perUser: { burst: 10, perSecond: 10 },
      strangerPerMinute: 1,
      roleOf: () => Promise.resolve("stranger"),
      notice: () => Promise.resolve(),
      clock: () => 0,
    });
    const passed: number[] = [];
    const first = heldTap(42);
    await Promise.resolve(
      gate(first.ctx, () => {
        passed.push(1);
        return Promise.resolve();
      }),
    );
    expect(passed).toEqual([1]);

    const second = heldTap(42);
    let handled = false;
    const handling = Promise.resolve(
      gate(second.ctx, () => {
        passed.push(2);
        return Promise.resolve();
      }),
    ).then(() => {
      handled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.events).toEqual(["answer sent"]);
    expect(handled, "not handled while its answer is on its way").toBe(false);
    second.release();
    await handling;
    expect(second.events).toEqual(["answer sent", "answer done"]);
    expect(passed, "the dropped tap reaches no feature").toEqual([1]);
  });

  it("lets an agent's updates through while their role cannot be read (the database away), and reads it again next time", async () => {
    let databaseUp = false;
    const reads: number[] = [];
    const gate = floodGate({
      perUser: { burst: 10, perSecond: 10 },
      strangerPerMinute: 1,
      roleOf: (userId) => {
        reads.push(userId);
        return databaseUp
          ? Promise.resolve("agent")
          : Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
      },
      notice: () => Promise.resolve(),
      clock: () => 0,
    });
    const passed: number[] = [];
    // Three updates in the same minute: a stranger would have one; each goes on, to be told fairway is busy.
    for (const n of [1, 2, 3]) {
      const tap = heldTap(42);
      tap.release();
      await gate(tap.ctx, () => {
        passed.push(n);
        return Promise.resolve();
      });
    }
    expect(passed).toEqual([1, 2, 3]);
    expect(reads).toEqual([42, 42, 42]);
    databaseUp = true;
    const tap = heldTap(42);
    await gate(tap.ctx, () => {
      passed.push(4);
      return Promise.resolve();
    });
    expect(passed).toEqual([1, 2, 3, 4]);
  });
});
