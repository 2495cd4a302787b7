/**
 * A customer in their own language (Korean, Japanese, Chinese) through an agent's link, against the real
 * parts (fairway, the sandbox over HTTP, the local Bot API server): every message, caption and button
 * they see is in it, from the link's welcome to the e-voucher and the reminder (with the date as that
 * language writes it); a /language choice beats Telegram's language on every surface and survives a
 * restart; the staff around them (an agent whose Telegram speaks Korean too) read English, the flood
 * notice included.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createLink, customerBooks, expectTelegramRules, panel, pickDate, tapData, tomorrow } from "../helpers/flow.js";
import { dateKeyOf } from "../../src/bot/format/dates.js";
import { translate } from "../../src/bot/i18n.js";
import { wallClock } from "../../src/time/zoned.js";
import { flood, waitUntil } from "../helpers/flood.js";
import { englishWords, HANGUL, KANA, THAI } from "../helpers/languages.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { qrOf, slipPhoto } from "../helpers/slips.js";
import { HOUR, passAt, received } from "./features/after-booking/helpers.js";

const ADMIN = 9401;
const AGENT = 9402;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Everything `user` sees from the bot now: texts, captions and button labels. */
function seen(user: SimulatedUser): string[] {
  return user
    .messages()
    .flatMap((m) => [
      ...(m.text ? [m.text] : []),
      ...(m.caption ? [m.caption] : []),
      ...(m.reply_markup?.inline_keyboard.flat().map((b) => b.text) ?? []),
    ]);
}

/** The courses' texts as the partner gives them (shown as they are, in any language). */
function partnerTexts(x: Harness): string[] {
  return x.sandbox
    .courses()
    .flatMap((c) => [c.name, c.place, c.address, c.openingHours, c.website])
    .filter((s): s is string => typeof s === "string" && s.length > 0)
    .sort((a, b) => b.length - a.length);
}

/** What `user` sees that is not in their language: English words or Thai letters. */
function foreign(user: SimulatedUser, allowed: string[]): string[] {
  return seen(user).flatMap((t) => {
    const words = englishWords(t, allowed);
    return words.length > 0 || THAI.test(t) ? [`${words.join(" ")} in: ${t}`] : [];
  });
}

describe("the customer's own language", () => {
  it("a Korean customer books through a link, pays by PromptPay and gets the receipt, all in Korean; the agent (Telegram in Korean) reads English", async () => {
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), PRICE_MARKUP: "20%", PROMPTPAY_ID: "0812345678" },
    });
    const agent = h.user(AGENT, "ko", "Anan");
    h.user(ADMIN, "en", "Ploy");
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    expect(panel(agent).text).toContain("Your customer link is ready");
    const customer = h.user(100_401, "ko", "Jiho", "stranger");
    // The partner's own data (names, places, addresses, hours, sites) is shown as the partner gives it.
    const allowed = [...partnerTexts(h), "Jiho", "Anan"];
    const check = (step: string) => expect(foreign(customer, allowed), step).toEqual([]);

    customer.send(`/start ${token}`);
    await h.settle();
    expect(seen(customer).join("\n")).toContain("환영합니다, Jiho님!");
    check("the link's welcome and the course");
    tapData(customer, /:go$/);
    await h.settle();
    check("the date picker");
    const day = tomorrow(h.clock());
    await pickDate(h, customer, day);
    await h.settle();
    check("the tee times");
    // The day as Koreans write it, at the course (e.g. 11월 28일 (토)).
    const [, month, date] = day.split("-").map(Number);
    expect(panel(customer).text).toMatch(new RegExp(`${month}월 ${date}일 \\([월화수목금토일]\\)`));
    tapData(customer, /:s:\d+$/);
    await h.settle();
    check("the players");
    tapData(customer, /:p:2$/);
    await h.settle();
    tapData(customer, /:keep$/);
    await h.settle();
    customer.send("jiho@example.com");
    await h.settle();
    customer.send("+82 10 1234 5678");
    await h.settle();
    check("the summary");
    const summary = panel(customer).text;
    expect(summary).toContain("티타임이 홀드되었습니다");
    expect(summary).toMatch(/선결제: 그린피 ฿[\d,]+/);

    tapData(customer, /:ok$/);
    await h.settle();
    const qr = customer.messages().find((m) => (m.photo?.length ?? 0) > 0);
    expect(qr?.caption).toContain("PromptPay로 ฿");
    expect(qr?.caption).toContain("까지 결제해 주세요");
    check("the QR's caption and deadline");

    customer.sendPhoto(await slipPhoto("014202611250401"));
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("감사합니다");
    check("the slip's acknowledgement");
    const card = agent
      .messages()
      .filter((m) => (m.photo?.length ?? 0) > 0)
      .at(-1)!;
    expect(card.caption).toContain("Payment slip from Jiho");
    expect(HANGUL.test(card.caption ?? "")).toBe(false);
    const [booking] = await h.app.bookings.listForUser(100_401);
    agent.tap({ messageId: card.message_id, data: `py:a:${booking!.id}` });
    await h.settle();
    expect((await h.app.bookings.get(booking!.id))?.state).toBe("PAID");
    expect(booking!.locale).toBe("ko");
    const receipt = customer.messages().find((m) => m.text?.includes("예약 확정"));
    expect(receipt?.text).toContain(`예약 코드 ${(await h.app.bookings.get(booking!.id))!.reservation_code}`);
    expect(customer.messages().find((m) => m.document)?.caption).toBe("📅 캘린더에 추가");
    check("the receipt");
    // The e-voucher follows the receipt (it may be drawn a moment after it), its caption in Korean.
    const caption = translate("ko", "voucher-caption", { course: booking!.course_name });
    expect(caption).toMatch(/전자 바우처입니다/);
    const voucher = () => customer.messages().filter((m) => (m.photo?.length ?? 0) > 0 && m.caption === caption);
    await waitUntil(h.telegram, "the e-voucher", () => voucher().length > 0, 30_000);
    await h.settle();
    expect(voucher()).toHaveLength(1);
    check("the e-voucher's caption");
    // Every step spoke Korean, not only "not English".
    expect(seen(customer).filter((t) => HANGUL.test(t)).length).toBeGreaterThan(5);

    // The agent, whose Telegram speaks Korean, read every staff screen in English.
    expect(agent.messages().some((m) => HANGUL.test(m.text ?? m.caption ?? ""))).toBe(false);
    agent.send("/language");
    await h.settle();
    expect(panel(agent).text).toBe("Choose your language:");
    expect(panel(agent).labels).toEqual(["🇹🇭 ภาษาไทย", "🇬🇧 English"]);
    customer.send("/language");
    await h.settle();
    expect(panel(customer).text).toBe("언어를 선택하세요:");
    expect(panel(customer).labels).toEqual(["🇹🇭 ภาษาไทย", "🇬🇧 English", "🇰🇷 한국어", "🇯🇵 日本語", "🇨🇳 中文"]);
    // The menu's language button names what /language offers: the agent two languages, a customer five.
    agent.send("/help");
    await h.settle();
    expect(panel(agent).labels).toContain("🌐 ภาษาไทย / English");
    tapData(customer, /^lang:en$/);
    await h.settle();
    customer.send("/help");
    await h.settle();
    expect(panel(customer).labels).toContain("🌐 ไทย / English / 한국어 / 日本語 / 中文");
    expectTelegramRules(h);
  });

  it("a Japanese customer's reminder and refund notice are in Japanese; the agent's line and the admin's screens in English; a Chinese choice in /language switches", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) } });
    const agent = h.user(AGENT, "ja");
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(100_402, "ja", "Yui", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    await customerBooks(h, customer);
    const b = (await h.app.bookings.listForUser(100_402))[0]!;
    expect((await h.app.bookings.get(b.id))?.state).toBe("PAID");
    expect(customer.messages().some((m) => m.text?.includes("予約が確定しました"))).toBe(true);

    await passAt(h, b.slot_starts_at - 2 * HOUR);
    const reminder = received(customer, "リマインダー：あと2時間でティーオフです");
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.text).toContain(`予約コード ${(await h.app.bookings.get(b.id))!.reservation_code}`);
    // The day and time at the course as Japanese write them: 11月26日(木) · 07:30.
    const paid = (await h.app.bookings.get(b.id))!;
    const [year, month, day] = dateKeyOf(paid.slot_starts_at, paid.time_zone).split("-").map(Number);
    const weekday = "日月火水木金土"[new Date(Date.UTC(year!, month! - 1, day)).getUTCDay()];
    const { hour, minute } = wallClock(paid.slot_starts_at, paid.time_zone);
    const at = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
    expect(reminder[0]!.text).toContain(`📅 ${month}月${day}日(${weekday}) · 🕒 ${at}`);
    expect((reminder[0]!.reply_markup?.inline_keyboard ?? []).flat().map((x) => x.text)).toEqual([
      "📋 予約を見る",
      "✋ キャンセルを依頼",
      "🔁 別のティータイムに変更",
      "📍 地図",
    ]);
    const allowed = [...partnerTexts(h), "Yui"];
    expect(englishWords(reminder[0]!.text ?? "", allowed)).toEqual([]);
    const line = received(agent, "tees off in 2 hours");
    expect(line).toHaveLength(1);
    expect(KANA.test(line[0]!.text ?? "")).toBe(false);

    // An admin (Telegram in Chinese, reading English) refunds it: the customer is told in Japanese.
    const admin = h.user(ADMIN, "zh-hans", "Ploy");
    const code = (await h.app.bookings.get(b.id))!.reservation_code!;
    admin.send(`/refund ${code}`);
    await h.settle();
    expect(panel(admin).text).toContain("Refund this booking?");
    tapData(admin, /^ad:rf:/);
    await h.settle();
    expect((await h.app.bookings.get(b.id))?.state).toBe("REFUNDED");
    const notice = received(customer, "管理者が");
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(`（コード ${code}）をキャンセルし、返金しました`);
    expect(englishWords(notice[0]!.text ?? "", allowed)).toEqual([]);

    customer.send("/language");
    await h.settle();
    tapData(customer, /^lang:zh$/);
    await h.settle();
    expect(panel(customer).text).toBe("语言已设为中文。");
    customer.send("/mybookings");
    await h.settle();
    expect(panel(customer).text).toContain("我的预订");
    expectTelegramRules(h);
  });

  it("a customer whose Telegram speaks Korean and who chose Chinese reads Chinese everywhere, after a restart too: the flow, the receipt, the e-voucher and its page, the reminder, /mybookings", async () => {
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), VOUCHER_URL: "https://vouchers.fairway.example" },
    });
    const x = h;
    const agent = x.user(AGENT, "en", "Anan");
    const token = await createLink(x, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = x.user(100_407, "ko", "Jiho", "stranger");
    customer.send(`/start ${token}`);
    await x.settle();
    customer.send("/language");
    await x.settle();
    tapData(customer, /^lang:zh$/);
    await x.settle();
    await x.restart();
    const from = customer.messages().length;
    customer.send("/help");
    await x.settle();
    expect(panel(customer).text).toContain("Jiho");
    // The link's booking waits where it was: resumed, in Chinese.
    customer.send("/book");
    await x.settle();
    tapData(customer, /^g:resume$/);
    await x.settle();
    await customerBooks(x, customer);
    const b = (await x.app.bookings.listForUser(100_407))[0]!;
    const paid = (await x.app.bookings.get(b.id))!;
    expect([paid.state, paid.locale]).toEqual(["PAID", "zh"]);
    expect(customer.messages().some((m) => m.text?.includes("预订已确认"))).toBe(true);
    const caption = translate("zh", "voucher-caption", { course: paid.course_name });
    const voucher = () => customer.messages().filter((m) => (m.photo?.length ?? 0) > 0 && m.caption === caption);
    await waitUntil(x.telegram, "the e-voucher", () => voucher().length > 0, 30_000);
    const page = await fetch(`${x.app.httpUrl()}${new URL(qrOf(voucher()[0]!)).pathname}`);
    const html = await page.text();
    expect(html).toContain('<html lang="zh">');
    expect(html).toContain(`<h1>${translate("zh", "voucher-check-valid")}</h1>`);

    await passAt(x, paid.slot_starts_at - 2 * HOUR);
    expect(received(customer, "提醒")).toHaveLength(1);
    customer.send("/mybookings");
    await x.settle();
    expect(panel(customer).text).toContain("我的预订");

    // Nothing since the choice in Korean, English or Thai.
    // (The language button keeps "Language" beside the language's own word, for whoever cannot read it.)
    const allowed = [...partnerTexts(x), "Jiho", "Anan", "Language"];
    const since = customer.messages().slice(from);
    const texts = since.flatMap((m) => [
      ...(m.text ? [m.text] : []),
      ...(m.caption ? [m.caption] : []),
      ...(m.reply_markup?.inline_keyboard.flat().map((k) => k.text) ?? []),
    ]);
    expect(texts.length).toBeGreaterThan(10);
    expect(
      texts.filter((t) => HANGUL.test(t) || THAI.test(t) || englishWords(t, allowed).length > 0),
      "not Chinese",
    ).toEqual([]);
    expect(customer.user.language_code).toBe("ko");
    expectTelegramRules(x);
  });

  it("the flood notice is in the member's language by role and choice: an agent whose Telegram speaks Korean reads English, a Korean customer who chose Japanese reads Japanese", async () => {
    // Six updates at once, then one a minute: the seventh within the minute is dropped, with the notice.
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), USER_RATE_BURST: "6", USER_RATE_PER_MINUTE: "1" },
    });
    const x = h;
    const agent = x.user(AGENT, "ko", "Anan");
    const token = await createLink(x, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = x.user(100_406, "ko", "Minji", "stranger");
    customer.send(`/start ${token}`);
    await x.settle();
    customer.send("/language");
    await x.settle();
    tapData(customer, /^lang:ja$/);
    await x.settle();
    expect(panel(customer).text).toBe("言語を日本語に設定しました。");

    const notices = (user: SimulatedUser, text: string) => user.messages().filter((m) => m.text === text);
    const english = translate("en", "flood-notice");
    const japanese = translate("ja", "flood-notice");
    for (const [user, notice] of [
      [agent, english],
      [customer, japanese],
    ] as const) {
      await flood(user, 8, 100, "hello");
      await waitUntil(x.telegram, "the flood notice", () => notices(user, notice).length > 0, 10_000);
      await x.settle();
      expect(notices(user, notice)).toHaveLength(1);
    }
    for (const other of [translate("ko", "flood-notice"), translate("th", "flood-notice")])
      expect([...notices(agent, other), ...notices(customer, other)]).toEqual([]);
    expectTelegramRules(x);
  });

  it("Telegram's Chinese variants (zh-hans, zh-hant, zh-CN) all read Simplified Chinese; an admin whose Telegram speaks Chinese reads English", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN), DEFAULT_LOCALE: "th" } });
    for (const [id, code] of [
      [100_403, "zh-hans"],
      [100_404, "zh-hant"],
      [100_405, "zh-CN"],
    ] as const) {
      const user = h.user(id, code, "Wei", "stranger");
      user.send("/start");
      await h.settle();
      expect(panel(user).text, code).toContain("fairway 为我们的销售代理及其客户预订高尔夫开球时间");
    }
    const admin = h.user(ADMIN, "zh-hans", "Ploy");
    admin.send("/start");
    await h.settle();
    expect(panel(admin).text).toContain("I book golf tee times");
    expectTelegramRules(h);
  });
});
