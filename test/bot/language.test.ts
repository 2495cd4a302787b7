import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";
import { bookUntil, expectTelegramRules, livePanel, panel, tapData } from "../helpers/flow.js";

/** Latin words of 4+ letters outside names, codes and e-mail addresses: English left in a Thai text. */
function englishWords(text: string, allowed: string[] = []): string[] {
  let rest = text;
  for (const a of allowed) rest = rest.replaceAll(a, "");
  rest = rest
    .replace(/\S+@\S+/g, "")
    .replace(/\bGT[A-Z0-9]{6}\b/g, "")
    .replace(/\/[a-z]+/g, "");
  return rest.match(/[A-Za-z]{4,}/g) ?? [];
}

describe("language", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it("/language switches English to Thai and remembers it for later messages", async () => {
    h = await startHarness();
    const user = h.user(4001, "en");
    user.send("/start");
    await h.settle();
    expect(panel(user).text).toContain("I book golf tee times");
    user.send("/language");
    await h.settle();
    expect(panel(user).text).toBe("Choose your language:");
    const q = tapData(user, /^lang:th$/);
    await h.settle();
    expect(h.telegram.callbackAnswers.find((a) => a.queryId === q)?.text).toBe("เปลี่ยนเป็นภาษาไทยแล้ว");
    expect(panel(user).text).toBe("เปลี่ยนเป็นภาษาไทยแล้ว");
    user.send("/help");
    await h.settle();
    expect(panel(user).text).toContain("เราช่วยจองเวลาออกรอบกอล์ฟ");
    expect(panel(user).labels).toContain("⛳ จองเวลาออกรอบ");
    user.send("what?");
    await h.settle();
    expect(panel(user).text).toBe("ขออภัย ไม่เข้าใจข้อความนี้ กรุณาเลือกเมนูด้านล่าง");
    user.send("/book");
    await h.settle();
    expect(livePanel(user).text).toContain("เลือกสนามกอล์ฟ");
    // And back to English from the menu's language button.
    user.send("/start");
    await h.settle();
    tapData(user, /^lang:menu$/);
    await h.settle();
    tapData(user, /^lang:en$/);
    await h.settle();
    expect(panel(user).text).toBe("Language set to English.");
    expectTelegramRules(h);
  });

  it("the choice survives a restart of the bot", async () => {
    h = await startHarness();
    const user = h.user(4002, "en");
    user.send("/language");
    await h.settle();
    tapData(user, /^lang:th$/);
    await h.settle();
    await h.restart();
    user.send("/start");
    await h.settle();
    expect(panel(user).text).toContain("เราช่วยจองเวลาออกรอบกอล์ฟ");
    expectTelegramRules(h);
  });

  it("a language button on a message that cannot take the new text (an old file or photo) still switches, answered once, no error", async () => {
    h = await startHarness();
    const user = h.user(4006, "en");
    user.send("/language");
    await h.settle();
    h.telegram.failNext({
      method: "editMessageText",
      error_code: 400,
      description: "Bad Request: there is no text in the message to edit",
    });
    const q = tapData(user, /^lang:th$/);
    await h.settle();
    expect(h.telegram.callbackAnswers.filter((a) => a.queryId === q).map((a) => a.text)).toEqual([
      "เปลี่ยนเป็นภาษาไทยแล้ว",
    ]);
    expect(h.logs.filter((l) => l.includes("update failed"))).toEqual([]);
    user.send("/help");
    await h.settle();
    expect(panel(user).text).toContain("เราช่วยจองเวลาออกรอบกอล์ฟ");
  });

  it("switching in the middle of a booking: the next panel is Thai, and the booking goes on in Thai", async () => {
    h = await startHarness();
    const user = h.user(4003, "en");
    await bookUntil(h, user, "slot");
    expect(livePanel(user).text).toMatch(/tee times? available/);
    user.send("/language");
    await h.settle();
    tapData(user, /^lang:th$/);
    await h.settle();
    tapData(user, /:s:\d+$/);
    await h.settle();
    const players = livePanel(user);
    expect(players.text).toContain("ผู้เล่นกี่คน");
    expect(players.labels).toContain("‹ ย้อนกลับ");
    tapData(user, /:p:\d+$/);
    await h.settle();
    expect(livePanel(user).text).toContain("ชื่อ-นามสกุลลูกค้า");
    user.send("A");
    await h.settle();
    expect(livePanel(user).text).toContain("ชื่อสั้นเกินไป");
    for (const text of ["สมชาย ใจดี", "somchai@example.com", "0812345678"]) {
      user.send(text);
      await h.settle();
    }
    const held = panel(user);
    expect(held.text).toContain("กันที่เวลาออกรอบให้แล้ว");
    const course = h.sandbox.courses()[0]!;
    expect(held.text).toContain(course.nameTH);
    expect(englishWords(held.text, [course.name])).toEqual([]);
    expect(held.labels).toContain("✅ ยืนยันและชำระเงิน");
    tapData(user, /:ok$/);
    await h.settle();
    expect(user.messages().some((m) => m.text?.includes("ยืนยันการจองแล้ว"))).toBe(true);
    expect(user.messages().find((m) => m.document)?.caption).toBe("📅 เพิ่มลงปฏิทิน");
    expectTelegramRules(h);
  });

  it("switching to English in the middle of a Thai booking at a text step: the next prompt is English", async () => {
    h = await startHarness();
    const user = h.user(4004, "th");
    await bookUntil(h, user, "email", { name: "สมชาย ใจดี" });
    expect(livePanel(user).text).toContain("อีเมลลูกค้า");
    user.send("/language");
    await h.settle();
    tapData(user, /^lang:en$/);
    await h.settle();
    user.send("nope");
    await h.settle();
    const shown = livePanel(user);
    expect(shown.text).toContain("That doesn't look like an e-mail address");
    expect(shown.text).toContain("Customer's e-mail");
    expect(shown.labels).toContain("‹ Back");
    expectTelegramRules(h);
  });

  it("a user whose Telegram language is neither Thai nor English gets the default language (English)", async () => {
    h = await startHarness();
    const user = h.user(4005, "de");
    user.send("/start");
    await h.settle();
    expect(panel(user).text).toContain("I book golf tee times");
    const noCode = h.user(4006, "");
    noCode.send("/book");
    await h.settle();
    expect(livePanel(noCode).text).toContain("Choose a golf course");
    expectTelegramRules(h);
  });

  it("with DEFAULT_LOCALE=th, a German user gets Thai, an English one English, and Telegram's en-GB is English", async () => {
    h = await startHarness({ env: { DEFAULT_LOCALE: "th" } });
    const de = h.user(4007, "de");
    de.send("/book");
    await h.settle();
    expect(livePanel(de).text).toContain("เลือกสนามกอล์ฟ");
    const en = h.user(4008, "en");
    en.send("/start");
    await h.settle();
    expect(panel(en).text).toContain("I book golf tee times");
    const gb = h.user(4009, "en-GB");
    gb.send("/start");
    await h.settle();
    expect(panel(gb).text).toContain("I book golf tee times");
    // A choice made with /language beats both.
    de.send("/cancel");
    await h.settle();
    de.send("/language");
    await h.settle();
    tapData(de, /^lang:en$/);
    await h.settle();
    de.send("/start");
    await h.settle();
    expect(panel(de).text).toContain("I book golf tee times");
    expectTelegramRules(h);
  });
});
