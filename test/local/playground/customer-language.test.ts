/**
 * The customer's own language in the playground, driven through its HTTP API as the page drives it: the
 * Customer's Telegram is switched to Korean, they open the agent's link and book, and every message,
 * caption and button they get is Korean; the e-voucher's QR, read back from the PNG (pngjs, jsQR), opens a
 * page on the playground's port that says, in Korean, that the booking is valid, and after the admin's
 * /refund that it is void. With the admin's markup, neither the voucher nor the page carries the net.
 */
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netOf } from "../../../src/bot/format/booking-money.js";
import { formatBaht } from "../../../src/bot/format/money.js";
import { translate } from "../../../src/bot/i18n.js";
import {
  PLAYGROUND_ADMIN_ID,
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
  PLAYGROUND_IDENTITIES,
} from "../../../src/local/playground/index.js";
import { voucherContent } from "../../../src/vouchers/content.js";
import { tomorrow } from "../../helpers/flow.js";
import { englishWords, HANGUL, THAI } from "../../helpers/languages.js";
import { qrInPng } from "../../helpers/slips.js";
import {
  type EventStream,
  type Json,
  type PlaygroundApp,
  openEvents,
  say,
  startPlaygroundApp,
  tapData,
} from "./helpers.js";

const CUSTOMER = PLAYGROUND_IDENTITIES.find((i) => i.id === PLAYGROUND_CUSTOMER_ID)!;

let p: PlaygroundApp;
let events: EventStream;

beforeAll(async () => {
  p = await startPlaygroundApp({ PRICE_MARKUP: "20%" });
  events = await openEvents(p.url);
}, 30_000);

afterAll(async () => {
  events?.close();
  await p?.stop();
});

/** The bot's messages in a chat as the page has them. */
async function botMessages(userId: number): Promise<Json[]> {
  const { json } = await p.get(`/playground/chat?userId=${userId}`);
  return (json.messages as Json[]).filter((m) => m.from?.is_bot);
}

/** Everything the bot showed `userId`: texts, captions and button labels. */
async function seen(userId: number): Promise<string[]> {
  return (await botMessages(userId)).flatMap((m) => [
    ...(m.text ? [m.text as string] : []),
    ...(m.caption ? [m.caption as string] : []),
    ...((m.reply_markup?.inline_keyboard ?? []) as Json[][]).flat().map((b) => b.text as string),
  ]);
}

/** The bot's newest photo in `userId`'s chat whose caption contains `caption`, once it has arrived. */
async function photoWith(userId: number, caption: string): Promise<Json> {
  // The voucher may be drawn a little after the receipt (in the outbox's drain): looked for until it is there.
  const deadline = performance.now() + 30_000;
  for (;;) {
    await p.settle();
    const found = (await botMessages(userId)).filter((m) => m.photo && m.caption?.includes(caption)).at(-1);
    if (found) return found;
    if (performance.now() > deadline) throw new Error(`no photo captioned "${caption}" in chat ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The check page the QR of a voucher photo opens (its address read back from the PNG). */
async function openQr(photo: Json): Promise<{ url: string; status: number; html: string }> {
  const png = Buffer.from(await (await fetch(new URL(photo.file.href, p.url))).arrayBuffer());
  expect(png.length, "under 300 KB").toBeLessThan(300 * 1024);
  expect(PNG.sync.read(png).width, "at least 800 px wide").toBeGreaterThanOrEqual(800);
  const url = qrInPng(png);
  expect(url, "a QR in the voucher").toBeDefined();
  expect(url).toMatch(new RegExp(`^${new URL(p.url).origin}/v/[A-Za-z0-9_-]{24}$`));
  const res = await fetch(url!);
  return { url: url!, status: res.status, html: await res.text() };
}

describe("a customer whose Telegram speaks Korean, in the playground", { timeout: 90_000 }, () => {
  it("books through the agent's link in Korean, and the voucher's QR opens a Korean page: valid, then void after /refund", async () => {
    // The page's language switch: the Customer's phone in Korean.
    const switched = await p.post("/playground/language", { userId: PLAYGROUND_CUSTOMER_ID, language: "ko" });
    expect(switched).toEqual({ status: 200, json: { language_code: "ko" } });
    await events.next((e) => e.event === "language" && e.data.chat_id === PLAYGROUND_CUSTOMER_ID);
    const snapshot = await p.get("/playground/snapshot");
    expect(snapshot.json.identities.find((i: Json) => i.id === PLAYGROUND_CUSTOMER_ID).language_code).toBe("ko");

    // The agent's link to a course, opened by the Customer.
    await say(p, PLAYGROUND_AGENT_ID, "/link");
    await tapData(p, PLAYGROUND_AGENT_ID, /^lk:cc:/);
    await tapData(p, PLAYGROUND_AGENT_ID, /^lk:s:0:/);
    await tapData(p, PLAYGROUND_AGENT_ID, /^lk:go:/);
    const linkText = (await botMessages(PLAYGROUND_AGENT_ID)).at(-1).text as string;
    const token = new RegExp(`https://t\\.me/${p.telegram.botInfo.username}\\?start=([A-Za-z0-9_-]+)`).exec(
      linkText,
    )?.[1];
    expect(token, linkText).toBeDefined();
    await say(p, PLAYGROUND_CUSTOMER_ID, `/start ${token}`);
    expect((await seen(PLAYGROUND_CUSTOMER_ID)).join("\n")).toContain(`환영합니다, ${CUSTOMER.first_name}님!`);

    // Course, date (as Koreans write it), tee time, players, their details, Confirm.
    await tapData(p, PLAYGROUND_CUSTOMER_ID, /:go$/);
    const day = tomorrow(p.clock());
    const key = day.replaceAll("-", "");
    await tapData(p, PLAYGROUND_CUSTOMER_ID, new RegExp(`:d:${key}$`)).catch(async () => {
      await tapData(p, PLAYGROUND_CUSTOMER_ID, new RegExp(`:m:${key.slice(0, 6)}$`));
      await tapData(p, PLAYGROUND_CUSTOMER_ID, new RegExp(`:d:${key}$`));
    });
    const [, month, date] = day.split("-").map(Number);
    expect((await botMessages(PLAYGROUND_CUSTOMER_ID)).at(-1).text).toMatch(
      new RegExp(`${month}월 ${date}일 \\([월화수목금토일]\\)`),
    );
    await tapData(p, PLAYGROUND_CUSTOMER_ID, /:s:\d+$/);
    await tapData(p, PLAYGROUND_CUSTOMER_ID, /:p:2$/);
    await tapData(p, PLAYGROUND_CUSTOMER_ID, /:keep$/);
    await say(p, PLAYGROUND_CUSTOMER_ID, "somchai@example.com");
    await say(p, PLAYGROUND_CUSTOMER_ID, "+82 10 1234 5678");
    expect((await botMessages(PLAYGROUND_CUSTOMER_ID)).at(-1).text).toContain("티타임이 홀드되었습니다");
    await tapData(p, PLAYGROUND_CUSTOMER_ID, /:ok$/);

    const [booking] = await p.app.bookings.listForUser(PLAYGROUND_CUSTOMER_ID);
    expect(booking?.state).toBe("PAID");
    expect(booking?.locale).toBe("ko");
    const code = booking!.reservation_code!;
    expect(await seen(PLAYGROUND_CUSTOMER_ID)).toContainEqual(expect.stringContaining("예약 확정"));

    // The voucher: a Korean caption, its QR opening the check page on the playground's port.
    const course = booking!.course_name;
    const photo = await photoWith(PLAYGROUND_CUSTOMER_ID, translate("ko", "voucher-caption", { course }));
    const valid = await openQr(photo);
    expect(valid.status).toBe(200);
    expect(valid.html).toContain('<html lang="ko">');
    expect(valid.html).toContain(`<h1>${translate("ko", "voucher-check-valid")}</h1>`);
    expect(valid.html).toContain(translate("ko", "voucher-check-valid-detail"));
    expect(valid.html).toContain(code);
    // The markup's net is on neither the voucher nor its page.
    const net = [formatBaht(netOf(booking!), "ko"), formatBaht(Math.round(netOf(booking!) / booking!.persons), "ko")];
    const drawn = JSON.stringify(voucherContent([booking!], { locale: "ko", agency: { name: "A", contact: "B" } }));
    for (const figure of net) for (const shown of [drawn, valid.html]) expect(shown).not.toContain(figure);

    // Every message, caption and button the customer got is Korean: no English left, no Thai.
    const partner = (await p.app.partner.listCourses())
      .flatMap((c) => [c.name, c.place, c.address, c.openingHours, c.website])
      .filter((s) => s.length > 0)
      .sort((a, b) => b.length - a.length);
    const allowed = [...partner, CUSTOMER.first_name, CUSTOMER.last_name ?? ""];
    const foreign = (await seen(PLAYGROUND_CUSTOMER_ID)).filter(
      (t) => englishWords(t, allowed).length > 0 || THAI.test(t),
    );
    expect(foreign).toEqual([]);
    expect((await seen(PLAYGROUND_CUSTOMER_ID)).filter((t) => HANGUL.test(t)).length).toBeGreaterThan(5);

    // The admin refunds it: the same page now says void, in Korean; the customer is told in Korean.
    await say(p, PLAYGROUND_ADMIN_ID, `/refund ${code}`);
    await tapData(p, PLAYGROUND_ADMIN_ID, /^ad:rf:/);
    expect((await p.app.bookings.get(booking!.id))?.state).toBe("REFUNDED");
    const voided = await openQr(photo);
    expect(voided.url).toBe(valid.url);
    expect(voided.status).toBe(200);
    expect(voided.html).toContain('<html lang="ko">');
    expect(voided.html).toContain(`<h1>${translate("ko", "voucher-check-void")}</h1>`);
    expect(voided.html).toContain(translate("ko", "voucher-check-void-detail"));
    expect(voided.html).not.toContain(translate("ko", "voucher-check-valid-detail"));
    const notice = (await botMessages(PLAYGROUND_CUSTOMER_ID)).at(-1).text as string;
    expect(notice).toContain("관리자가");
    expect(notice).toContain(code);
    expect(englishWords(notice, allowed)).toEqual([]);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("offers every language fairway speaks on the switch, and refuses one it does not", async () => {
    for (const language of ["ja", "zh", "th"]) {
      const res = await p.post("/playground/language", { userId: PLAYGROUND_CUSTOMER_ID, language });
      expect(res).toEqual({ status: 200, json: { language_code: language } });
    }
    const refused = await p.post("/playground/language", { userId: PLAYGROUND_CUSTOMER_ID, language: "de" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("language must be one of en, th, ko, ja, zh");
  });
});
