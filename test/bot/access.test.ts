import { afterEach, describe, expect, it } from "vitest";
import { WORLD_START, worldClock } from "../helpers/clock.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { createLink, customerBooks, expectTelegramRules, panel, tapData } from "../helpers/flow.js";

const ADMIN = 7001;

describe("who may do what", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("a stranger gets a polite explanation and causes not a single partner call, whatever they send", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN) } });
    const stranger = h.user(100_001, "th", "Somsak", "stranger");
    const before = h.sandbox.requests.length;
    for (const text of [
      "/start",
      "/book",
      "/mybookings",
      "/link",
      "/links",
      "/balance",
      "/refund GT123",
      "hello",
      "/cancel",
    ]) {
      stranger.send(text);
      await h.settle();
    }
    for (const data of [
      "g:book",
      "g:restart",
      "g:resume",
      "b:abcdef:ok",
      "mb:list",
      "mb:release:x",
      "lk:go:-:10:30",
      "lr:abc",
      "ad:rf:x",
    ]) {
      stranger.forgeTap(data);
      await h.settle();
    }
    expect(h.sandbox.requests.length).toBe(before);
    expect(stranger.lastMessage()?.text).toContain("fairway");
    expect(stranger.messages().every((m) => !m.reply_markup)).toBe(true);
    expect(stranger.messages().some((m) => m.text?.includes("ขอลิงก์ส่วนตัวจากตัวแทน"))).toBe(true);
    const answers = h.telegram.callbackAnswers;
    expect(answers.slice(-9).every((a) => a.text?.includes("fairway"))).toBe(true);
    expectTelegramRules(h);
  });

  it("a customer arrives through an agent's course-bound link, books for themselves, and the agent is credited and told", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN) } });
    const agent = h.user(7101, "en", "Anan");
    const course = h.sandbox.courses()[2]!;
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(panel(agent).text).toContain(course.name);

    const customer = h.user(100_002, "en", "Nok", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    expect(customer.messages().some((m) => m.text?.includes("Your agent invited you"))).toBe(true);
    expect(panel(customer).text).toContain(course.name);
    await customerBooks(h, customer);
    expect(customer.messages().some((m) => m.text?.includes("Booking confirmed"))).toBe(true);

    const [booking] = await h.app.bookings.listForUser(100_002);
    expect(booking?.state).toBe("PAID");
    expect(booking?.agent_id).toBe(7101);
    expect(booking?.customer_name).toBe("Nok");
    const notice = agent.lastMessage()?.text ?? "";
    expect(notice).toContain("Your customer Nok booked");
    expect(notice).toContain(booking!.reservation_code!);
    expectTelegramRules(h);
  });

  it("every state of a link: used up, revoked, expired and malformed links let no one in", async () => {
    const clock = worldClock(WORLD_START, { stopped: true });
    h = await startHarness({ clock });
    const agent = h.user(7102);
    const single = await createLink(h, agent, [/^lk:s:-:1:30$/]);
    const first = h.user(100_003, "en", "First", "stranger");
    first.send(`/start ${single}`);
    await h.settle();
    expect(first.messages().some((m) => m.text?.includes("Your agent invited you"))).toBe(true);
    first.send("/cancel");
    await h.settle();
    // The same customer may open their link again; a second customer may not.
    first.send(`/start ${single}`);
    await h.settle();
    expect(first.lastMessage()?.text).not.toContain("already been used");
    const second = h.user(100_004, "en", "Second", "stranger");
    second.send(`/start ${single}`);
    await h.settle();
    expect(second.lastMessage()?.text).toContain("already been used as many times as allowed");
    second.send("/book");
    await h.settle();
    expect(second.lastMessage()?.text).toContain("ask your fairway agent for a personal link");

    const revoked = await createLink(h, agent);
    agent.send("/links");
    await h.settle();
    expect(panel(agent).text).toContain("used 1 of 1");
    tapData(agent, new RegExp(`^lr:${revoked}$`));
    await h.settle();
    const third = h.user(100_005, "en", "Third", "stranger");
    third.send(`/start ${revoked}`);
    await h.settle();
    expect(third.lastMessage()?.text).toContain("withdrawn");

    const expiring = await createLink(h, agent, [/^lk:s:-:10:1$/]);
    clock.advance(25 * 60 * 60 * 1000);
    third.send(`/start ${expiring}`);
    await h.settle();
    expect(third.lastMessage()?.text).toContain("expired");

    third.send("/start not a token!");
    await h.settle();
    expect(third.lastMessage()?.text).toContain("not valid");
    third.send(`/start ${"x".repeat(80)}`);
    await h.settle();
    expect(third.lastMessage()?.text).toContain("not valid");
    const bookings = await h.app.bookings.listForUser(100_005);
    expect(bookings).toHaveLength(0);
    expectTelegramRules(h);
  });

  it("revoking a link in /links says what becomes of the customers it let in, and does it", async () => {
    h = await startHarness();
    const agent = h.user(7105);
    const token = await createLink(h, agent);
    const customers = [h.user(100_011, "en", "One", "stranger"), h.user(100_012, "en", "Two", "stranger")];
    for (const c of customers) c.send(`/start ${token}`);
    await h.settle();
    agent.send("/links");
    await h.settle();
    tapData(agent, new RegExp(`^lr:${token}$`));
    await h.settle();
    expect(panel(agent).text).toContain(
      "The 2 customers who joined through it can no longer start a booking; what they have booked stands",
    );
    customers[0]!.send("/book");
    await h.settle();
    expect(customers[0]!.lastMessage()?.text).toContain("Please ask your agent for a new link");
    expect(h.sandbox.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expectTelegramRules(h);
  });

  it("links are the agent's own: another agent's revoke button changes nothing; customers cannot make links", async () => {
    h = await startHarness();
    const owner = h.user(7103);
    const other = h.user(7104);
    const token = await createLink(h, owner);
    other.send("/links");
    await h.settle();
    other.forgeTap(`lr:${token}`);
    await h.settle();
    expect(h.telegram.callbackAnswers.at(-1)?.text).toContain("not revoked");
    expect((await h.app.access.links.get(token))?.revoked_at).toBeNull();

    const customer = h.user(100_006, "en", "Cee", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    customer.send("/cancel");
    await h.settle();
    customer.send("/link");
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("Customer links are for agents");
    customer.forgeTap("lk:go:-:0:0");
    await h.settle();
    expect(await h.app.access.links.listFor(100_006)).toHaveLength(0);
    expectTelegramRules(h);
  });

  it("an agent removed by an admin is a stranger at once, even in the middle of a booking", async () => {
    h = await startHarness();
    const agent = h.user(7105);
    agent.send("/book");
    await h.settle();
    const before = h.sandbox.requests.length;
    await h.app.access.agents.remove(7105);
    tapData(agent, /:c:0$/);
    await h.settle();
    agent.send("/book");
    await h.settle();
    expect(h.sandbox.requests.length).toBe(before);
    expect(agent.lastMessage()?.text).toContain("ask your fairway agent for a personal link");
    expectTelegramRules(h);
  });

  it("a confirmation that leaves the credit below LOW_BALANCE_THB alerts every admin", async () => {
    h = await startHarness({ env: { ADMIN_IDS: `${ADMIN},7002`, LOW_BALANCE_THB: "99000" } });
    const admin = h.telegram.user({ id: ADMIN, language_code: "th" });
    const second = h.telegram.user({ id: 7002, language_code: "en" });
    admin.send("/start");
    second.send("/start");
    await h.settle();
    const agent = h.user(7106);
    const { bookUntilHold } = await import("../helpers/flow.js");
    await bookUntilHold(h, agent);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("เครดิตของคู่ค้าเหลือน้อย");
    expect(second.lastMessage()?.text).toContain("Partner credit is low");
    expect(second.lastMessage()?.text).toContain("฿99,000");
  });
});
