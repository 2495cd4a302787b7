import { describe, it } from "vitest";
import { startHarness } from "../helpers/harness.js";
import { bookUntil, panel, tapData } from "../helpers/flow.js";

/**
 * A tap never silently does nothing: when the view it asked for must wait for Telegram's limits (the
 * bot's budget is queued for longer than two seconds), the tap's answer says fairway is busy, and the
 * view arrives when it can. Real time is the subject (the outgoing budget's pace).
 */

const BUSY = {
  en: "⏳ fairway is busy right now: your answer is on its way",
  th: "⏳ ขณะนี้ fairway มีงานมาก คำตอบของคุณกำลังตามมา",
};

describe("a tap while fairway's sends are queued", { timeout: 60_000 }, () => {
  it.for(["en", "th"] as const)(
    "%s: the tap's answer says fairway is busy, the view arrives once the queue reaches it, and a tap in quiet times gets the usual empty answer",
    async (lang, { expect, onTestFinished }) => {
      // One send a second for the whole bot, so a handful of other chats' answers fill several seconds.
      const crowd = [8811, 8812, 8813, 8814, 8815, 8816];
      const h = await startHarness({
        productionLimits: true,
        env: { TELEGRAM_SENDS_PER_SECOND: "1", AGENT_IDS: [8801, ...crowd].join(",") },
      });
      onTestFinished(() => h.stop());
      const agent = h.user(8801, lang);
      await bookUntil(h, agent, "course");
      await h.settle();

      for (const id of crowd) h.user(id, "en").send("/start");
      await expect.poll(() => h.app.sendsWaiting(), { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(4);
      const busyTap = tapData(agent, /:c:0$/);
      await h.settle();
      const answer = (id: string) => h.telegram.callbackQueries().find((q) => q.id === id)?.answer;
      expect(answer(busyTap)?.text).toBe(BUSY[lang]);
      // The view came, late: the panel moved on to the course's details.
      expect(panel(agent).data.some((d) => d.endsWith(":go"))).toBe(true);

      // Nothing queued now: the next tap is answered as usual (no text) and its view goes at once.
      const quietTap = tapData(agent, /:go$/);
      await h.settle();
      expect(answer(quietTap)?.text).toBeUndefined();
      expect(h.telegram.rateLimited()).toEqual([]);
    },
  );
});
