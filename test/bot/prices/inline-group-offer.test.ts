/**
 * An agent's inline group card, opened by a customer, is paid first (issues 25 and 30): with
 * PRICE_MARKUP=20% and PROMPTPAY_ID set, the customer who taps the card's "Book these tee times" and
 * chooses the card's party is proposed the card's tee times at the card's total, holds them, and gets
 * one QR for exactly that total; nothing is confirmed with the partner before the agent approves.
 * The net appears nowhere in what the customer received. English and Thai.
 */
import { parse } from "promptparse";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { formatBaht } from "../../../src/bot/format/money.js";
import { customerDetails, panel, tapData } from "../../helpers/flow.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { qrInPhoto } from "../../helpers/slips.js";

const AGENT = 9502;
const CHAT = 880_951;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

function qrAmount(m: ChatMessage): string | undefined {
  const found = qrInPhoto(m);
  return found ? parse(found, true, true)?.getTagValue("54") : undefined;
}

describe("an inline group card opened by a customer", () => {
  it.each([
    ["en", "riverside tomorrow 12 pax", /💰 (฿[\d,]+) in all/, "12 players · 3 tee times"],
    ["th", "ริเวอร์ไซด์ พรุ่งนี้ 12 คน", /💰 รวม (฿[\d,]+)/, "ผู้เล่น 12 คน"],
  ] as const)(
    "%s: the card's tee times at the card's total, one QR for it, no confirm",
    async (lang, query, total, players) => {
      h = await startHarness({
        env: { AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", PROMPTPAY_ID: "0812345678" },
      });
      const x = h;
      const agent = x.user(AGENT, lang, "Anan");
      const id = agent.inlineQuery(query);
      await x.settle();
      const result = x.telegram.inlineAnswer(id)!.results[0]!;
      const card = agent.chooseInlineResult(id, result.id, CHAT);
      await x.settle();
      const cardTotal = total.exec(card.text ?? "")?.[1];
      expect(cardTotal, card.text).toBeDefined();
      const url = card.reply_markup?.inline_keyboard
        .flat()
        .map((b) => b as { url?: string })
        .find((b) => b.url !== undefined)?.url;
      expect(url).toBeDefined();

      const customer = x.user(100_951, lang, "Nok", "stranger");
      customer.openLink(url!);
      await x.settle();
      tapData(customer, /:p:12$/);
      await x.settle();
      expect(panel(customer).text).toContain(cardTotal);
      tapData(customer, /:next$/);
      await x.settle();
      await customerDetails(x, customer);
      tapData(customer, /:skip$/);
      await x.settle();
      const held = panel(customer).text;
      expect(held).toContain(players);
      expect(held).toContain(cardTotal);
      // The tee times held are the card's.
      const times = [...held.matchAll(/🕒 (\d\d:\d\d)/g)].map((m) => m[1]!);
      expect(times).toHaveLength(3);
      for (const time of times) expect(card.text).toContain(time);
      tapData(customer, /:ok$/);
      await x.settle();
      const qr = customer.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0);
      expect(qr, "one QR for the group").toHaveLength(1);
      expect(formatBaht(Math.round(Number(qrAmount(qr[0]!)) * 100), lang)).toBe(cardTotal);
      const groups = await x.app.storage.db.selectFrom("booking_groups").selectAll().execute();
      expect(groups).toHaveLength(1);
      const view = (await x.app.bookings.getGroup(groups[0]!.id))!;
      expect(view.flights.map((f) => f.state)).toEqual(["HELD", "HELD", "HELD"]);
      expect(view.flights.every((f) => f.agent_id === AGENT)).toBe(true);
      expect(x.sandbox.requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path))).toHaveLength(0);
      const nets = view.flights.map((f) => formatBaht(f.expected_amount, lang));
      nets.push(
        formatBaht(
          view.flights.reduce((s, f) => s + f.expected_amount, 0),
          lang,
        ),
      );
      for (const m of customer.messages())
        for (const figure of nets) expect(m.text ?? m.caption ?? "", `net ${figure}`).not.toContain(figure);
    },
  );
});
