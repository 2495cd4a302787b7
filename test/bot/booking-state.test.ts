/**
 * The booking conversation's stored state is bounded (docs/performance.md): what fairway keeps for one chat's
 * booking — the conversation's replay log (`convo:<chat>`; a `flow:<chat>` row is counted too, were one ever written again) —
 * stays under 8 KB at every step, and does not grow with the number of taps.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { FLOW_STEPS, bookUntil, livePanel, panel, tapData } from "../helpers/flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";

const LIMIT = 8 * 1024;

/** Bytes (UTF-8) fairway stores for the booking of `chatId`, and the number of entries in its replay log. */
async function stored(h: Harness, chatId: number): Promise<{ bytes: number; ops: number }> {
  const rows = await h.app.storage.db
    .selectFrom("kv")
    .select(["key", "value"])
    .where("key", "in", [`convo:${chatId}`, `flow:${chatId}`])
    .execute();
  const bytes = rows.reduce((sum, r) => sum + Buffer.byteLength(r.key) + Buffer.byteLength(r.value), 0);
  const convo = rows.find((r) => r.key.startsWith("convo:"));
  const state = convo
    ? (JSON.parse(convo.value) as { state?: { booking?: { replay: { send: unknown[] } }[] } })
    : undefined;
  return { bytes, ops: state?.state?.booking?.[0]?.replay.send.length ?? 0 };
}

describe("the booking conversation's stored state", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it.each(["en", "th"])("stays under 8 KB at every step of a booking, to the paid receipt (%s)", async (language) => {
    const sizes: Record<string, number> = {};
    for (const [i, step] of FLOW_STEPS.entries()) {
      const user: SimulatedUser = h.user(2100 + i + (language === "th" ? 50 : 0), language);
      await bookUntil(h, user, step, language === "th" ? { name: "สมศักดิ์ ใจดี" } : {});
      sizes[step] = (await stored(h, user.chatId)).bytes;
      if (step === "held") {
        tapData(user, /:ok$/);
        await h.settle();
        expect(
          user.messages().some((m) => m.document),
          "the receipt's calendar file",
        ).toBe(true);
        sizes.paid = (await stored(h, user.chatId)).bytes;
      }
    }
    for (const [step, bytes] of Object.entries(sizes))
      expect(bytes, `${step}: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(LIMIT);
    expect(sizes.held, "something is stored while the hold waits").toBeGreaterThan(0);
    expect(sizes.paid, "nothing is left once the booking is done").toBe(0);
  });

  it("300 taps store no more than 3, and every update replays the same short log", async () => {
    const user = h.user(2200);
    await bookUntil(h, user, "date");
    const months = livePanel(user).data.filter((d) => /:m:\d{6}$/.test(d));
    expect(months, "the calendar can turn to the next month").toHaveLength(1);
    const turn = async () => {
      tapData(user, /:m:\d{6}$/); // next month, then back (the only month button on each page)
      await h.settle();
    };
    for (let i = 0; i < 3; i += 1) await turn();
    const afterThree = await stored(h, user.chatId);
    // The panel is rendered and shown in one `external`: the log keeps the panel's message id, not
    // Telegram's answer (the whole calendar message and its keyboard), and a replay renders nothing.
    const log = await h.app.storage.db
      .selectFrom("kv")
      .select("value")
      .where("key", "=", `convo:${user.chatId}`)
      .executeTakeFirstOrThrow();
    expect(log.value).not.toContain("inline_keyboard");
    for (let i = 3; i < 300; i += 1) await turn();
    const afterThreeHundred = await stored(h, user.chatId);
    expect(afterThreeHundred.bytes).toBeLessThanOrEqual(afterThree.bytes);
    expect(afterThreeHundred.ops).toBe(afterThree.ops);
    // …and the flow still works after them.
    tapData(user, /:m:\d{6}$/);
    await h.settle();
    expect(panel(user).text).toContain(": choose a date");
  }, 120_000);
});
