import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { countPendingRequests } from "../../src/bookings/index.js";
import { cancelRequestData } from "../../src/bot/callback-data.js";
import { formatBaht } from "../../src/bot/format/money.js";
import type { SandboxOptions } from "../../src/local/sandbox/index.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  paidBooking,
  callbackAnswerText,
  customerBooks,
  expectTelegramRules,
  forgeTap,
  panel,
  tapData,
} from "../helpers/flow.js";

const ADMIN = 9001;
const ADMIN_2 = 9004;
const AGENT = 9002;
const OTHER_AGENT = 9003;
const ENV = { ADMIN_IDS: `${ADMIN},${ADMIN_2}`, AGENT_IDS: `${AGENT},${OTHER_AGENT}` };

let h: Harness;
afterEach(async () => {
  await h.stop();
});

async function start(sandbox: SandboxOptions = {}): Promise<Harness> {
  h = await startHarness({ env: ENV, sandbox });
  // Both admins have opened the bot (else Telegram refuses their cards: "chat not found").
  h.user(ADMIN, "en");
  h.user(ADMIN_2, "th").send("/help"); // so fairway knows this admin reads Thai
  await h.settle();
  return h;
}

const refunds = () => h.sandbox.count("POST", /^\/api\/v1\/ext\/order\/[^/]+\/refund$/);
const reservationOf = (name: string) => h.sandbox.reservations().find((r) => r.customerName === name)!;

/** /mybookings → the booking → Request cancellation; returns the bot's question. */
async function askToCancel(user: SimulatedUser, bookingId: string) {
  user.send("/mybookings");
  await h.settle();
  tapData(user, new RegExp(`^mb:view:${bookingId}$`));
  await h.settle();
  expect(panel(user).labels).toContain("🙋 Request cancellation");
  tapData(user, new RegExp(`^cr:${bookingId}$`));
  await h.settle();
  return panel(user);
}

/** The admin's latest card of a cancellation request. */
function card(admin: SimulatedUser) {
  const message = [...admin.messages()].reverse().find((m) => m.text?.includes("Cancellation request"));
  const data = (message?.reply_markup?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
  return { text: message?.text ?? "", data, id: message?.message_id };
}

describe("cancellation requests", () => {
  it("an agent asks with a reason; two admins tap Approve at once (one twice): refunded once, the partner's amount shown, the agent told", async () => {
    await start({ refundPercent: 80 });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const admin2 = h.user(ADMIN_2, "th");
    const booking = await paidBooking(h, agent, "Somchai Approve");
    const question = await askToCancel(agent, booking.id);
    expect(question.text).toContain("Why do you want to cancel?");
    expect(question.data).toEqual([`rq:skip:${booking.id}`]);
    agent.send("Rain all week");
    await h.settle();
    expect(panel(agent).text).toContain(
      `Your cancellation request for ${booking.reservation_code} was sent to the administrators`,
    );
    expect(await countPendingRequests(h.app.storage)).toBe(1);

    const first = card(admin);
    expect(first.text).toContain("Somchai Approve");
    expect(first.text).toContain("Reason: Rain all week");
    expect(first.text).toContain(`Asked by ${AGENT} (the booker)`);
    expect(first.data).toEqual([expect.stringMatching(/^rq:ok:[0-9a-f-]{36}$/), expect.stringMatching(/^rq:no:/)]);
    expect(card(admin2).text).toBe(""); // not in English: the Thai admin's card is in Thai
    expect(admin2.lastMessage()?.text).toContain("คำขอยกเลิกการจอง");

    // Two admins at once, and one of them twice: one decision, one refund.
    const taps = [
      admin.tap((b) => "callback_data" in b && b.callback_data.startsWith("rq:ok:")),
      admin.tap((b) => "callback_data" in b && b.callback_data.startsWith("rq:ok:")),
    ];
    taps.push(admin2.tap((b) => "callback_data" in b && b.callback_data.startsWith("rq:ok:")));
    await h.settle();
    expect(refunds()).toBe(1);
    expect(reservationOf("Somchai Approve").status).toBe("REFUND");
    const stored = await h.app.bookings.get(booking.id);
    expect(stored?.state).toBe("REFUNDED");
    const amount = stored!.refunded_amount!;
    expect(amount).toBeLessThan(stored!.amount!); // 80 %: the partner decides
    const refusals = taps
      .map((q) => callbackAnswerText(h, q) ?? "")
      .filter((t) => /already (approved|being decided)|ได้รับการอนุมัติแล้ว|อยู่ระหว่างการพิจารณา/.test(t));
    expect(refusals).toHaveLength(2);
    // The deciding admin's card shows what the partner credited back.
    const shown = [...admin.messages(), ...admin2.messages()].filter(
      (m) => /credited back|คืนเครดิต/.test(m.text ?? "") && m.text!.includes(formatBaht(amount, "en")),
    );
    expect(shown).toHaveLength(1);
    expect(agent.lastMessage()?.text).toContain("Your cancellation request was approved");
    expect(agent.lastMessage()?.text).toContain(formatBaht(amount, "en"));
    expect(await countPendingRequests(h.app.storage)).toBe(0);

    // A replayed tap later changes nothing either.
    const late = forgeTap(admin, first.data[0]!, first.id);
    await h.settle();
    expect(callbackAnswerText(h, late)).toMatch(/already approved/);
    expect(refunds()).toBe(1);
    expectTelegramRules(h);
  });

  it("a customer asks (Skip: no reason); an admin declines: the customer and the crediting agent are told, nothing is refunded", async () => {
    await start();
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en");
    const course = h.sandbox.courses()[0]!;
    const link = await h.app.access.links.create({ agentId: AGENT, courseId: course.id, courseName: course.name });
    const customer = h.user(100_010, "en", "Nok", "stranger");
    customer.send(`/start ${link.token}`);
    await h.settle();
    await customerBooks(h, customer);
    const [booking] = await h.app.bookings.listForUser(100_010);
    expect(booking?.state).toBe("PAID");
    // A customer's own receipt offers no "Send to golfer" (that is an agent's): only its PDF.
    const receipt = customer.messages().find((m) => m.text?.includes("Booking confirmed"));
    expect(receipt?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual(["🧾 Receipt"]);
    await askToCancel(customer, booking!.id);
    tapData(customer, /^rq:skip:/);
    await h.settle();
    expect(panel(customer).text).toContain("was sent to the administrators");
    expect(card(admin).text).toContain("No reason given.");
    expect(card(admin).text).toContain("(the booker)");

    tapData(admin, /^rq:no:/);
    await h.settle();
    expect(card(admin).text).toContain("Declined. The requester has been told");
    expect(card(admin).data).toEqual([]);
    expect(customer.lastMessage()?.text).toContain("Your cancellation request for the booking");
    expect(customer.lastMessage()?.text).toContain("was declined");
    expect(agent.lastMessage()?.text).toContain("was declined");
    expect(refunds()).toBe(0);
    expect((await h.app.bookings.get(booking!.id))?.state).toBe("PAID");
    // Asking again is possible after a decline.
    await askToCancel(customer, booking!.id);
    expect(panel(customer).text).toContain("Why do you want to cancel?");
    customer.send("/cancel");
    await h.settle();
    expect(panel(customer).text).toBe("No cancellation request was sent.");
    expect(await countPendingRequests(h.app.storage)).toBe(0);
    expectTelegramRules(h);
  });

  it("raced with /refund: one refund; the customer is told once by /refund; the request's Approve then refunds nothing", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const admin2 = h.user(ADMIN_2, "th");
    const booking = await paidBooking(h, agent, "Malee Race");
    await askToCancel(agent, booking.id);
    agent.send("Injured");
    await h.settle();
    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    // Confirm refund in one admin's chat and Approve in the other's, at once.
    tapData(admin, /^ad:rf:/);
    tapData(admin2, /^rq:ok:/);
    await h.settle();
    expect(refunds()).toBe(1);
    expect(reservationOf("Malee Race").status).toBe("REFUND");
    expect((await h.app.bookings.get(booking.id))?.state).toBe("REFUNDED");
    expect(await countPendingRequests(h.app.storage)).toBe(0);
    const told = agent.messages().filter((m) => /cancelled your booking|request was approved/.test(m.text ?? ""));
    expect(told.length).toBeGreaterThanOrEqual(1);

    // The other admin's card, tapped after: nothing more.
    const again = tapData(admin, /^rq:ok:/);
    await h.settle();
    expect(callbackAnswerText(h, again)).toMatch(/already (approved|closed)/);
    expect(refunds()).toBe(1);
    admin.send("/requests");
    await h.settle();
    expect(panel(admin).text).toBe("No cancellation requests are waiting.");
    expectTelegramRules(h);
  });

  it("/refund first: the request is closed, the booker told with the amount; Approve afterwards refunds nothing", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const admin2 = h.user(ADMIN_2, "th");
    const booking = await paidBooking(h, agent, "Kanya First");
    await askToCancel(agent, booking.id);
    tapData(agent, /^rq:skip:/);
    await h.settle();
    admin.send(`/refund ${booking.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const stored = await h.app.bookings.get(booking.id);
    expect(agent.lastMessage()?.text).toContain("An administrator cancelled your booking");
    expect(agent.lastMessage()?.text).toContain(formatBaht(stored!.refunded_amount!, "en"));
    const q = tapData(admin2, /^rq:ok:/);
    await h.settle();
    expect(callbackAnswerText(h, q)).toContain("ถูกปิด"); // "already closed", in the Thai admin's language
    expect(refunds()).toBe(1);
    expectTelegramRules(h);
  });

  it("forged callback data: someone else's booking, a non-admin's Approve, unknown ids change nothing", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const other = h.user(OTHER_AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const booking = await paidBooking(h, agent, "Forge Target");
    other.send("/mybookings");
    await h.settle();
    let q = forgeTap(other, cancelRequestData(booking.id));
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe("That booking was not found.");
    other.send("I want it cancelled");
    await h.settle();
    expect(await countPendingRequests(h.app.storage)).toBe(0);

    await askToCancel(agent, booking.id);
    agent.send("Real reason");
    await h.settle();
    const { data } = card(admin);
    const requestId = data[0]!.slice("rq:ok:".length);
    q = forgeTap(other, `rq:ok:${requestId}`);
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe("This command is for administrators.");
    q = forgeTap(agent, `rq:ok:${requestId}`);
    await h.settle();
    expect(callbackAnswerText(h, q)).toBe("This command is for administrators.");
    q = forgeTap(other, `rq:skip:${booking.id}`);
    await h.settle();
    expect(await countPendingRequests(h.app.storage)).toBe(1);
    q = forgeTap(admin, "rq:ok:00000000-0000-0000-0000-000000000000");
    await h.settle();
    expect(callbackAnswerText(h, q)).toMatch(/button/i);
    q = forgeTap(admin, "rq:ok:x'; DROP TABLE bookings");
    await h.settle();
    expect(refunds()).toBe(0);
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
    // A second request while one is pending is refused.
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, new RegExp(`^mb:view:${booking.id}$`));
    await h.settle();
    q = tapData(agent, /^cr:/);
    await h.settle();
    expect(callbackAnswerText(h, q)).toContain("already waiting");
    expectTelegramRules(h);
  });

  it("/requests lists the pending ones for admins only", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const booking = await paidBooking(h, agent, "List Me");
    await askToCancel(agent, booking.id);
    agent.send("Change of plans");
    await h.settle();
    agent.send("/requests");
    await h.settle();
    expect(panel(agent).text).toBe("This command is for administrators.");
    admin.send("/requests");
    await h.settle();
    const cards = admin
      .messages()
      .filter((m) => m.text?.includes("Cancellation request") && m.text.includes("List Me"));
    expect(cards).toHaveLength(2); // the card sent when asked, and the one /requests showed
    expect(admin.messages().some((m) => m.text === "One cancellation request is waiting:")).toBe(true);
    tapData(admin, /^rq:ok:/);
    await h.settle();
    expect(refunds()).toBe(1);
    expectTelegramRules(h);
  });
});
