/**
 * The warning before a pay-first hold lapses (issue 49): a customer who has not paid, or whose slip is not
 * decided, is told PAYMENT_WARNING_MINUTES before the hold ends, in their language, with the QR for the exact
 * amount again; once, whatever passes, restarts or database; never once paid or cancelled. Against the real
 * parts: fairway, the sandbox over HTTP, the local Bot API server; the world's clock moved by the test.
 */
import { parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { databaseFactories } from "../../helpers/databases.js";
import { customerShownQr, expectTelegramRules } from "../../helpers/flow.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { qrOf, slipPhoto } from "../../helpers/slips.js";

const ADMIN = 9501;
const AGENT = 9502;
const ENV = {
  ADMIN_IDS: String(ADMIN),
  AGENT_IDS: String(AGENT),
  PRICE_MARKUP: "20%",
  PROMPTPAY_ID: "0812345678",
  PAYMENT_WINDOW_MINUTES: "30",
  PAYMENT_WARNING_MINUTES: "5",
};
const MINUTE = 60_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const photos = (u: SimulatedUser) => u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0);
const warnings = (u: SimulatedUser, marker: string) => photos(u).filter((m) => m.caption?.includes(marker));
const dataOf = (m: ChatMessage) =>
  (m.reply_markup?.inline_keyboard.flat() ?? []).flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));

/** A customer of AGENT shown the QR of a 30-minute hold, and the minutes until it ends. */
async function shown(x: Harness, id: number, name: string, locale = "en") {
  x.user(ADMIN, "en", "Ploy");
  const got = await customerShownQr(x, { agentId: AGENT, id, name, locale });
  const payment = (await x.app.bookings.payment(got.booking.id))!;
  const endsAt = got.booking.hold_expires_at!;
  return { ...got, payment, endsAt };
}

/** One warning pass at `msBeforeEnd` before the hold's end, its messages delivered. */
async function passAt(x: Harness, endsAt: number, msBeforeEnd: number) {
  x.clock.set(endsAt - msBeforeEnd);
  await x.app.holdWarnings.tick();
  await x.settle();
}

describe("the warning before a hold lapses unpaid", () => {
  for (const { name, make } of databaseFactories)
    it(`a customer who has not paid is warned once, in Japanese, with the QR for the exact amount, across a second pass and a restart (${name})`, async () => {
      h = await startHarness({ db: make(), env: ENV });
      const { customer, booking, payment, endsAt } = await shown(h, 100_501, "Aoi", "ja");
      const marker = "仮押さえは";
      const before = photos(customer).length;
      // Six minutes left: not yet.
      await passAt(h, endsAt, 6 * MINUTE);
      expect(warnings(customer, marker)).toHaveLength(0);
      // Four minutes left: warned, with the QR again.
      await passAt(h, endsAt, 4 * MINUTE);
      const [warning] = warnings(customer, marker);
      expect(warning, "the warning").toBeDefined();
      expect(warning!.caption).toContain("残り 4分");
      expect(warning!.caption).toContain(payment.reference);
      const qr = parse(qrOf(warning!), true, true)!;
      expect(qr.getTagValue("54")).toBe((payment.amount / 100).toFixed(2));
      expect(qr.getTagValue("62", "05")).toBe(payment.reference);
      expect(dataOf(warning!).some((d) => d.startsWith("py:x:"))).toBe(true);
      // Two passes at once, then a restart and a pass: still one warning.
      h.clock.advance(MINUTE);
      await Promise.all([h.app.holdWarnings.tick(), h.app.holdWarnings.tick()]);
      await h.restart();
      h.clock.advance(MINUTE);
      await h.app.holdWarnings.tick();
      await h.settle();
      expect(warnings(customer, marker)).toHaveLength(1);
      expect(photos(customer)).toHaveLength(before + 1);
      expect((await h.app.bookings.get(booking.id))?.state).toBe("HELD");
      expectTelegramRules(h);
    });

  it("a customer whose slip waits for a person is told it is still checked, without a Cancel button", async () => {
    h = await startHarness({ env: ENV });
    const { customer, endsAt } = await shown(h, 100_502, "Nok");
    customer.sendPhoto(await slipPhoto("0142026WAIT"));
    await h.settle();
    await passAt(h, endsAt, 3 * MINUTE);
    const [warning] = warnings(customer, "your slip is still being checked");
    expect(warning, "the warning").toBeDefined();
    expect(warning!.caption).toContain("3 minutes left");
    expect(dataOf(warning!)).toEqual([]);
    expect(warnings(customer, "no payment has reached us yet")).toHaveLength(0);
  });

  it("a customer whose slip was approved, or who cancelled, is not warned", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const paid = await shown(h, 100_503, "Mai", "th");
    paid.customer.sendPhoto(await slipPhoto("0142026PAID"));
    await h.settle();
    const card = photos(agent).at(-1)!;
    agent.tap({ messageId: card.message_id, data: `py:a:${paid.booking.id}` });
    await h.settle();
    expect((await h.app.bookings.get(paid.booking.id))?.state).toBe("PAID");

    const cancelled = await shown(h, 100_504, "Lek", "zh");
    const qr = photos(cancelled.customer).at(-1)!;
    cancelled.customer.tap({ messageId: qr.message_id, data: dataOf(qr).find((d) => d.startsWith("py:x:"))! });
    await h.settle();
    expect((await h.app.bookings.payment(cancelled.booking.id))?.state).toBe("cancelled");

    const waiting = await shown(h, 100_505, "Jin", "ko");
    await passAt(h, Math.min(paid.endsAt, cancelled.endsAt, waiting.endsAt), 2 * MINUTE);
    expect(warnings(paid.customer, "เหลือ")).toHaveLength(0);
    expect(warnings(cancelled.customer, "还剩")).toHaveLength(0);
    // The one still waiting is warned (Korean), so the pass did run.
    expect(warnings(waiting.customer, "분 남음")).toHaveLength(1);
  });
});
