/**
 * A watch's top price is the selling price, as /find's: with PRICE_MARKUP=20% an agent
 * watching Saturday 7–8 in Pattaya "under 3000" is alerted to a tee time released whose selling price is
 * within it, not to one whose net is within it but whose selling price is not; the alert says the
 * selling total with the net beside it. English and Thai.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { PriceBook } from "../../../../src/pricing/rules.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { callbackAnswerText, expectTelegramRules, panel, tapData } from "../../../helpers/flow.js";
import { messagesMatching, release, SATURDAY, sellOut, tapWatch } from "./helpers.js";

const AGENT = 2741;
const ADMIN = 2749;
const TOP = 3000;
const BOOK = new PriceBook({
  agency: { kind: "percent", basisPoints: 2000 },
  agencySource: "env",
  rounding: 10,
  courses: new Map(),
  agents: new Map(),
});

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a watch's top price with a markup", () => {
  it.each([
    ["en", "sat 7:00-8:00 4 pax pattaya under 3000", /A tee time just opened/, "net"],
    ["th", "เสาร์นี้ 7:00-8:00 4 คน พัทยา ไม่เกิน 3000", /มีเวลาออกรอบว่างขึ้น 1 เวลา/, "ทุน"],
  ] as const)(
    "%s: what the customer pays is compared; the alert shows it and the net",
    async (lang, query, alert, word) => {
      h = await startHarness({
        env: { AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", PRICE_ROUNDING: "10", WATCH_READS_PER_MINUTE: "600" },
      });
      const w = h;
      const agent = w.user(AGENT, lang);
      const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
      const net = (hold: (typeof holds)[number]) =>
        w.sandbox.slots(hold.courseId, SATURDAY).find((s) => s.id === hold.slotId)!.price;
      const selling = (hold: (typeof holds)[number]) =>
        BOOK.perPlayer(net(hold), { courseId: hold.courseId, agentId: AGENT });
      // One within the top price at what the customer pays; one only at the net.
      const within = holds.find((x) => selling(x) <= TOP * 100)!;
      const netOnly = holds.find((x) => net(x) <= TOP * 100 && selling(x) > TOP * 100)!;
      expect(within && netOnly).toBeTruthy();

      agent.send(query);
      await w.settle();
      tapWatch(agent);
      await w.settle();
      w.clock.advance(0);
      await w.app.watches.tick();
      await w.settle();

      await release(w.sandbox, within.reservationId);
      await release(w.sandbox, netOnly.reservationId);
      w.clock.advance(4 * 60_000);
      expect(await w.app.watches.tick()).toMatchObject({ alerts: 1 });
      await w.settle();
      const alerts = messagesMatching(agent, alert);
      expect(alerts, panel(agent).text).toHaveLength(1);
      const text = alerts[0]!.text!;
      const courseOf = (x: (typeof holds)[number]) => w.sandbox.courses().find((c) => c.id === x.courseId)!;
      const name = (x: (typeof holds)[number]) => (lang === "th" ? courseOf(x).nameTH : courseOf(x).name);
      expect(text).toContain(name(within));
      expect(text).not.toContain(name(netOnly));
      expect(text).toContain(`${formatBaht(selling(within) * 4, lang)} · ${word} ${formatBaht(net(within) * 4, lang)}`);
      expectTelegramRules(w);
    },
  );

  it("Book it re-checks the top price at what the customer pays now: over it after a markup rise, still watching; open again once the markup is back", async () => {
    h = await startHarness({
      env: {
        AGENT_IDS: String(AGENT),
        ADMIN_IDS: String(ADMIN),
        PRICE_MARKUP: "20%",
        PRICE_ROUNDING: "10",
        WATCH_READS_PER_MINUTE: "600",
      },
    });
    const w = h;
    const agent = w.user(AGENT, "en");
    const admin = w.user(ADMIN, "en");
    const { holds } = await sellOut(w.sandbox, { date: SATURDAY, from: 420, to: 480, persons: 4, area: "pattaya" });
    const net = (hold: (typeof holds)[number]) =>
      w.sandbox.slots(hold.courseId, SATURDAY).find((s) => s.id === hold.slotId)!.price;
    const within = holds.find((x) => BOOK.perPlayer(net(x), { courseId: x.courseId, agentId: AGENT }) <= TOP * 100)!;
    agent.send("sat 7:00-8:00 4 pax pattaya under 3000");
    await w.settle();
    tapWatch(agent);
    await w.settle();
    w.clock.advance(0);
    await w.app.watches.tick();
    await release(w.sandbox, within.reservationId);
    w.clock.advance(4 * 60_000);
    expect(await w.app.watches.tick()).toMatchObject({ alerts: 1 });
    await w.settle();
    const alertMessage = messagesMatching(agent, /A tee time just opened/)[0]!;

    // The agency now adds 3,000 baht a player: the tee time is still open, but over the watch's top price.
    admin.send("/prices 3000");
    await w.settle();
    const over = tapData(agent, /^wt:b:/);
    await w.settle();
    expect(callbackAnswerText(w, over)).toBe(
      "That tee time now costs more than the top price of this watch. I am still watching and will tell you when another opens.",
    );
    expect(w.sandbox.reservations().filter((r) => r.slotId === within.slotId && r.status === "PENDING")).toEqual([]);
    expect(panel(agent).message?.message_id).toBe(alertMessage.message_id);

    // Back to the environment's 20 %: Book it opens the booking on it.
    admin.send("/prices default");
    await w.settle();
    const open = tapData(agent, /^wt:b:/);
    await w.settle();
    expect(callbackAnswerText(w, open)).toBeUndefined();
    expect(panel(agent).text).not.toContain("A tee time just opened");
    expectTelegramRules(w);
  });
});
