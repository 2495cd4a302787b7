import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  bookUntil,
  createLink,
  expectTelegramRules,
  livePanel,
  panel,
  tapData,
  visibleCalls,
} from "../helpers/flow.js";

/** Types `text` and returns the live panel that answered it. */
async function type(h: Harness, user: SimulatedUser, text: string) {
  user.send(text);
  await h.settle();
  return livePanel(user);
}

describe("typed golfer details", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  it("refuses bad names with the reason, stays on the name step, then takes a good one", async () => {
    const user = h.user(2001, "en");
    await bookUntil(h, user, "name");
    expect(livePanel(user).text).toContain("Customer's full name");
    const cases: [string, RegExp][] = [
      ["A", /That name is too short/],
      ["12345", /letters, spaces, dots, apostrophes and hyphens only/],
      ["R2-D2", /letters, spaces, dots, apostrophes and hyphens only/],
      ["Som\u200Bchai Jaidee", /hidden or control characters/],
      ["Somchai \u202EeediaJ", /hidden or control characters/],
      ["Somchai\u200F Jaidee", /hidden or control characters/],
      ["S".repeat(200), /That name is too long/],
      ["😀 Smile", /letters, spaces, dots, apostrophes and hyphens only/],
    ];
    for (const [input, reason] of cases) {
      const shown = await type(h, user, input);
      expect(shown.text, JSON.stringify(input)).toMatch(reason);
      expect(shown.text, "still asking for the name").toContain("Customer's full name");
      expect(shown.text.startsWith("⚠️"), "the reason comes first").toBe(true);
    }
    const good = await type(h, user, "  Somchai   Jaidee ");
    expect(good.text).toContain("Customer's e-mail");
    expect(good.text).not.toContain("⚠️");
    expect(h.sandbox.reservations()).toEqual([]);
    expectTelegramRules(h);
  });

  it("refuses bad e-mail addresses, then takes a good one", async () => {
    const user = h.user(2002, "en");
    await bookUntil(h, user, "email");
    for (const input of [
      "not-an-email",
      "somchai@",
      "@example.com",
      "som chai@example.com",
      "somchai@example",
      `${"a".repeat(250)}@example.com`,
    ]) {
      const shown = await type(h, user, input);
      expect(shown.text, input).toContain("That doesn't look like an e-mail address");
      expect(shown.text).toContain("Customer's e-mail");
    }
    const good = await type(h, user, "Somchai@Example.COM");
    expect(good.text).toContain("Customer's mobile number");
    expect(good.text).not.toContain("⚠️");
    expectTelegramRules(h);
  });

  it("refuses a non-number and a landline, then takes a mobile", async () => {
    const user = h.user(2003, "en");
    await bookUntil(h, user, "mobile");
    const cases: [string, RegExp][] = [
      ["12345", /doesn't look like a phone number/],
      ["call me", /doesn't look like a phone number/],
      ["081-234-5678 ext 12", /doesn't look like a phone number/],
      ["02-123-4567", /looks like a landline/],
    ];
    for (const [input, reason] of cases) {
      const shown = await type(h, user, input);
      expect(shown.text, input).toMatch(reason);
      expect(shown.text).toContain("Customer's mobile number");
    }
    expect(h.sandbox.reservations()).toEqual([]);
    user.send("081-234-5678");
    await h.settle();
    expect(panel(user).text).toContain("Your tee time is on hold");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    expectTelegramRules(h);
  });

  it("says what is wrong in Thai to a Thai user", async () => {
    const user = h.user(2004, "th");
    await bookUntil(h, user, "name", { name: "สมศักดิ์ ใจดี" });
    expect((await type(h, user, "ก")).text).toContain("ชื่อสั้นเกินไป");
    expect((await type(h, user, "สมศักดิ์ ใจดี")).text).toContain("อีเมลลูกค้า");
    expect((await type(h, user, "ไม่ใช่อีเมล")).text).toContain("อีเมลไม่ถูกต้อง");
    expect((await type(h, user, "somsak@example.com")).text).toContain("เบอร์มือถือลูกค้า");
    const landline = await type(h, user, "02-123-4567");
    expect(landline.text).toContain("เบอร์นี้เป็นเบอร์บ้าน");
    expect(landline.text).not.toMatch(/[A-Za-z]{4,}/);
    expectTelegramRules(h);
  });

  it.each(["081-234-5678", "0812345678", "+66 81 234 5678", "(081) 234 5678"])(
    "accepts the Thai mobile %s and shows it as 081-234-5678",
    async (mobile) => {
      const user = h.user(2005, "en");
      await bookUntil(h, user, "held", { mobile });
      const held = panel(user).text;
      expect(held).toContain("Your tee time is on hold");
      expect(held).toContain("081-234-5678");
      const [reservation] = h.sandbox.reservations();
      expect(reservation?.customerMobile.replace(/\D/g, "")).toMatch(/^(66|0)812345678$/);
      expectTelegramRules(h);
    },
  );

  it("a customer (the golfer) shares their own contact at the mobile step; the message placing the hold removes the reply keyboard", async () => {
    const token = await createLink(h, h.user(2016, "en"));
    const user = h.user(100_006, "en", "Nok", "stranger");
    user.send(`/start ${token}`);
    await h.settle();
    user.send("/cancel"); // the link opened a booking; this test starts its own with /book
    await h.settle();
    await bookUntil(h, user, "mobile", { email: "nok@example.com" });
    const keyboard = user.replyKeyboard();
    const button = keyboard?.keyboard.flat()[0];
    expect(button && typeof button === "object" && "request_contact" in button ? button.request_contact : false).toBe(
      true,
    );
    const before = visibleCalls(h);
    user.shareContact("+66812345678");
    await h.settle();
    expect(panel(user).text).toContain("Your tee time is on hold");
    expect(panel(user).text).toContain("081-234-5678");
    expect(user.replyKeyboard()).toBeUndefined();
    // The mobile panel loses its buttons; one message places the hold (taking the keyboard away) and becomes the summary.
    expect(visibleCalls(h) - before).toBe(3);
    expectTelegramRules(h);
  });

  it("an agent is not offered their own number: the customer's is typed (or sent as a contact card)", async () => {
    const user = h.user(2006, "en");
    await bookUntil(h, user, "mobile");
    expect(user.replyKeyboard()).toBeUndefined();
    expect(livePanel(user).text).not.toContain("share your own number");
    user.shareContact("+66812345678");
    await h.settle();
    expect(panel(user).text).toContain("Your tee time is on hold");
    expectTelegramRules(h);
  });

  it("does not take a command typed at the name step as the name", async () => {
    const user = h.user(2007, "en");
    await bookUntil(h, user, "name");
    user.send("/help");
    await h.settle();
    expect(panel(user).text).toContain("I book golf tee times");
    user.send("/frobnicate");
    await h.settle();
    expect(panel(user).text).toContain("Please type your answer, use the buttons above, or /cancel to stop.");
    expect(livePanel(user).text).toContain("Customer's full name");
    const next = await type(h, user, "Somchai Jaidee");
    expect(next.text).toContain("Customer's e-mail");
    tapData(user, /:back$/);
    await h.settle();
    expect(livePanel(user).labels).toContain("Keep: Somchai Jaidee");
    expect(livePanel(user).labels.join(" ")).not.toContain("/help");
    expectTelegramRules(h);
  });

  it("answers text typed on a button step with the buttons hint and changes nothing", async () => {
    const user = h.user(2008, "en");
    for (const step of ["course", "course-info", "date", "slot", "players", "held"] as const) {
      if (step === "course") await bookUntil(h, user, "course");
      else if (step === "held") {
        tapData(user, /:p:\d+$/);
        await h.settle();
        for (const text of ["Somchai Jaidee", "somchai@example.com", "0812345678"]) await type(h, user, text);
      } else {
        const action = { "course-info": /:c:0$/, date: /:go$/, slot: /:d:\d{8}$/, players: /:s:\d+$/ }[step];
        tapData(user, action);
        await h.settle();
      }
      const before = livePanel(user);
      const reservations = JSON.stringify(h.sandbox.reservations());
      user.send("Somchai Jaidee");
      await h.settle();
      expect(panel(user).text, step).toBe("Please use the buttons above, or /cancel to stop.");
      const after = livePanel(user);
      expect(after.message?.message_id, step).toBe(before.message?.message_id);
      expect(after.text, step).toBe(before.text);
      expect(after.data, step).toEqual(before.data);
      expect(JSON.stringify(h.sandbox.reservations()), step).toBe(reservations);
    }
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING"]);
    expectTelegramRules(h);
  });

  it("keeps what was typed when going Back: Keep buttons for the name and the e-mail", async () => {
    const user = h.user(2009, "en");
    await bookUntil(h, user, "mobile", { name: "Malee Srisuk", email: "malee@example.com" });
    tapData(user, /:back$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's e-mail");
    expect(livePanel(user).labels).toContain("Keep: malee@example.com");
    expect(user.replyKeyboard(), "the contact keyboard is gone off the mobile step").toBeUndefined();
    tapData(user, /:back$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's full name");
    expect(livePanel(user).labels).toContain("Keep: Malee Srisuk");
    tapData(user, /:keep$/);
    await h.settle();
    expect(livePanel(user).labels).toContain("Keep: malee@example.com");
    tapData(user, /:keep$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's mobile number");
    user.send("0812345678");
    await h.settle();
    const held = panel(user).text;
    expect(held).toContain("Malee Srisuk");
    expect(held).toContain("malee@example.com");
    expect(h.sandbox.reservations()[0]?.customerName).toBe("Malee Srisuk");
    expectTelegramRules(h);
  });

  it("a typed correction after Back replaces the kept value", async () => {
    const user = h.user(2010, "en");
    await bookUntil(h, user, "email", { name: "Malee Srisuk" });
    tapData(user, /:back$/);
    await h.settle();
    await type(h, user, "Malee Srisuk-Wong");
    const email = livePanel(user);
    expect(email.text).toContain("Customer's e-mail");
    await type(h, user, "malee@example.com");
    await type(h, user, "0812345678");
    expect(panel(user).text).toContain("Malee Srisuk-Wong");
    expectTelegramRules(h);
  });
});

describe("a returning user's golfer details", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  async function bookOnce(user: SimulatedUser) {
    await bookUntil(h, user, "held", { name: "Malee Srisuk", email: "malee@example.com", mobile: "+66 81 234 5678" });
    tapData(user, /:ok$/);
    await h.settle();
  }

  /** From /book to the step after the players (the recent-customer choice). */
  async function toCustomerStep(user: SimulatedUser) {
    await bookUntil(h, user, "players");
    tapData(user, /:p:\d+$/);
    await h.settle();
  }

  it("offers the recent customer, shown as typed, and one tap places the hold", async () => {
    const user = h.user(2101, "en");
    await bookOnce(user);
    await toCustomerStep(user);
    const pick = livePanel(user);
    expect(pick.text).toContain("Who is playing?");
    expect(pick.labels).toContain("Malee Srisuk · 081-234-5678");
    tapData(user, /:rc:0$/);
    await h.settle();
    const held = panel(user).text;
    expect(held).toContain("Your tee time is on hold");
    expect(held).toContain("Malee Srisuk · 081-234-5678 · malee@example.com");
    expectTelegramRules(h);
  });

  it("takes a typed name on the recent-customer step as a new customer's name; Back from the name returns to the choice", async () => {
    const user = h.user(2102, "en");
    await bookOnce(user);
    await toCustomerStep(user);
    user.send("B");
    await h.settle();
    expect(livePanel(user).text).toContain("That name is too short");
    expect(livePanel(user).text).toContain("Customer's full name");
    tapData(user, /:back$/);
    await h.settle();
    expect(livePanel(user).text).toContain("Who is playing?");
    expect(livePanel(user).text).not.toContain("⚠️");
    user.send("Niran Boonmee");
    await h.settle();
    expect(livePanel(user).text).toContain("Customer's e-mail");
    for (const text of ["niran@example.com", "0898765432"]) {
      user.send(text);
      await h.settle();
    }
    expect(panel(user).text).toContain("Niran Boonmee · 089-876-5432 · niran@example.com");
    expectTelegramRules(h);
  });
});
