/**
 * "🧾 Receipt" on a paid booking: the receipt as a PDF in the chat, numbered next in its series, the same
 * number when asked again, read back by poppler's pdftotext (a reader fairway did not write); someone
 * else's booking is refused and sends nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { bahtFigures } from "../../../../src/receipts/amounts.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { pdfsOf } from "../../../helpers/pdfs.js";
import {
  callbackAnswerText,
  createLink,
  customerBooks,
  expectTelegramRules,
  forgeTap,
  paidBooking,
  panel,
  tapData,
} from "../../../helpers/flow.js";

const ADMIN = 9101;
const AGENT = 9102;
const CUSTOMER = 100_911;
const OTHER_AGENT = 9103;
/** What a refused tap is answered in Japanese (`my-bookings-not-found`). */
const JA_NOT_FOUND = "その予約は見つかりませんでした。";
const RECEIPT_NUMBER = /^RC-RE-00000-\d{4}-(\d{6})$/;

let h: Harness;
afterEach(async () => {
  await h.stop();
});

/** Taps the receipt button of the message that carries it (the receipt message, newest first). */
async function tapReceipt(user: SimulatedUser, label: string): Promise<void> {
  const message = [...user.messages()]
    .reverse()
    .find((m) => (m.reply_markup?.inline_keyboard ?? []).flat().some((b) => b.text === label));
  expect(message, `a message with ${label}`).toBeDefined();
  const button = message!.reply_markup!.inline_keyboard.flat().find((b) => b.text === label)!;
  user.tap({ messageId: message!.message_id, data: (button as { callback_data: string }).callback_data });
  await h.settle();
}

describe("the receipt PDF of a paid booking", () => {
  it("is sent on a tap, numbered next in its series, the same number again; a forged tap for another's booking is refused", async () => {
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}`, PRICE_MARKUP: "20%" },
    });
    const admin = h.user(ADMIN, "en", "Ploy");
    const agent = h.user(AGENT, "en", "Anan");

    // The agent's own sale: the receipt message offers the PDF beside "Send to golfer".
    const sold = await paidBooking(h, agent, "Receipt Agent");
    await tapReceipt(agent, "🧾 Receipt");
    const [first] = pdfsOf(h, agent);
    expect(first, "the agent's receipt PDF").toBeDefined();
    const number = RECEIPT_NUMBER.exec(first!.filename.replace(/^receipt-|\.pdf$/g, ""));
    expect(number?.[1]).toBe("000001");
    expect(first!.caption).toContain(sold.reservation_code!);
    expect(first!.text).toContain("ใบเสร็จรับเงิน");
    expect(first!.text).toContain(bahtFigures(sold.selling_amount!));
    expect(first!.text).toContain("Receipt Agent");

    // Asked again: the same document, sent again.
    await tapReceipt(agent, "🧾 Receipt");
    const again = pdfsOf(h, agent);
    expect(again.map((d) => d.filename)).toEqual([first!.filename, first!.filename]);
    expect(again[1]!.bytes.equals(first!.bytes)).toBe(true);

    // /mybookings offers it on the booking's view too.
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, new RegExp(`^mb:view:${sold.id}$`));
    await h.settle();
    expect(panel(agent).labels).toContain("🧾 Receipt");

    // A customer through the agent's link, in Japanese: their receipt message carries the button too.
    const link = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(CUSTOMER, "ja", "さくら", "stranger");
    customer.send(`/start ${link}`);
    await h.settle();
    await customerBooks(h, customer);
    const theirs = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("user_id", "=", CUSTOMER)
      .executeTakeFirstOrThrow();
    expect(theirs.state).toBe("PAID");
    await tapReceipt(customer, "🧾 領収書");
    const [customerPdf] = pdfsOf(h, customer);
    expect(customerPdf?.filename).toMatch(/-000002\.pdf$/);
    expect(customerPdf!.caption).toContain("領収書");
    expect(customerPdf!.text).toContain(bahtFigures(theirs.selling_amount!));
    // Customers see selling prices, never the net.
    expect(theirs.amount).not.toBe(theirs.selling_amount);
    expect(customerPdf!.text).not.toContain(bahtFigures(theirs.amount!));

    // The agent told of the customer's booking may send its receipt on: the same document.
    const notice = agent
      .messages()
      .find((m) =>
        (m.reply_markup?.inline_keyboard ?? [])
          .flat()
          .some((b) => "callback_data" in b && b.callback_data === `rcp:${theirs.id}`),
      );
    expect(notice?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual(["🧾 Receipt", "🧾 Tax invoice"]);
    agent.tap({ messageId: notice!.message_id, data: `rcp:${theirs.id}` });
    await h.settle();
    expect(pdfsOf(h, agent).at(-1)?.filename).toBe(customerPdf!.filename);

    // The customer forges a tap for the agent's booking: refused, nothing sent, no number used.
    const sentBefore = pdfsOf(h, customer).length;
    const q = forgeTap(customer, `rcp:${sold.id}`);
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe(JA_NOT_FOUND);
    expect(pdfsOf(h, customer).length).toBe(sentBefore);
    // Another agent likewise (not the agent the booking is credited to).
    const other = h.user(OTHER_AGENT, "en", "Mallory");
    other.send("/mybookings");
    await h.settle();
    forgeTap(other, `rcp:${theirs.id}`);
    await h.settle();
    expect(pdfsOf(h, other)).toEqual([]);

    // An admin may ask for any booking's: the same number as the customer's.
    admin.send("/mybookings");
    await h.settle();
    forgeTap(admin, `rcp:${theirs.id}`);
    await h.settle();
    expect(pdfsOf(h, admin).map((d) => d.filename)).toEqual([customerPdf!.filename]);

    const documents = await h.app.storage.db.selectFrom("documents").select(["number", "source"]).execute();
    expect(documents.map((d) => d.number.slice(-6)).sort()).toEqual(["000001", "000002"]);
    expectTelegramRules(h);
  });
});
