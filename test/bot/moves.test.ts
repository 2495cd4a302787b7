/**
 * /move through the bot, against the real parts (fairway, the sandbox over HTTP, the local Bot API
 * server): an agent moves a paid booking to another tee time the next day, an admin approves it once,
 * and the partner has the old reservation refunded and the new one paid; with the refund refused, the
 * old stays paid, the new hold is released, and the agent is told so.
 */
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingRecord } from "../../src/bookings/index.js";
import { courseToday, formatDate } from "../../src/bot/format/dates.js";
import { formatBaht } from "../../src/bot/format/money.js";
import type { ChatMessage } from "../../src/local/bot-api-server/store.js";
import {
  createLink,
  customerBooks,
  dateAndTime,
  expectTelegramRules,
  forgeTap,
  moveAndApprove,
  otherTeeTime,
  paidBooking,
  tapData,
} from "../helpers/flow.js";
import { bookGroup } from "../helpers/group-flow.js";
import { qrOf } from "../helpers/slips.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { checkInvariants } from "../helpers/invariants.js";

const ADMIN = 9301;
const AGENT = 9302;
const STRANGER = 9366;
const ENV = { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) };
const REFUND = /^\/api\/v1\/ext\/order\/[^/]+\/refund$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;

/** How an English move result names where a booking is: "<course>, <date> at <HH:MM>, <n> players". */
function whereOf(b: BookingRecord): string {
  const { date, time } = dateAndTime(b.slot_starts_at, b.time_zone);
  const players = b.persons === 1 ? "1 player" : `${b.persons} players`;
  return `${b.course_name}, ${formatDate(date, "en")} at ${time}, ${players}`;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("/move", () => {
  it("an agent's move, an admin's approval: the old reservation refunded, the new one paid, the balance moved by the new amount less the refund", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, agent, "Somchai Move");
    const { date, time } = otherTeeTime(h, old);
    const before = h.sandbox.balance();
    agent.send(`/move ${old.reservation_code} ${date} ${time}`);
    await h.settle();
    const card = agent.lastMessage()!;
    expect(card.text).toContain(`Move ${old.reservation_code}`);
    expect(card.text).toContain("Sent to the administrators for approval.");
    expect(h.sandbox.count("POST", REFUND)).toBe(0);
    // The agent's own card has no approval: the refund is an admin's.
    const agentButtons = (card.reply_markup?.inline_keyboard.flat() ?? []).map((b) =>
      "callback_data" in b ? b.callback_data : "",
    );
    expect(agentButtons.every((d) => d.startsWith("mv:x:"))).toBe(true);
    // A forged approval from the agent spends nothing.
    forgeTap(agent, agentButtons[0]!.replace("mv:x:", "mv:a:"), card.message_id);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(0);

    const request = admin.messages().find((m) => m.text?.includes("An agent asks to move a booking"));
    expect(request?.text).toContain(old.reservation_code!);
    const approve = tapData(admin, /^mv:a:/);
    await h.settle();
    const done = admin.lastMessage()!.text!;
    expect(done).toContain(`Moved: ${old.reservation_code} was refunded`);
    const moved = await h.app.bookings.findByReservation(old.reservation_code!);
    expect(moved?.state).toBe("REFUNDED");
    const [move] = await h.app.bookings.movesOf(old.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.new.state).toBe("PAID");
    const oldAtPartner = h.sandbox.reservations().find((r) => r.id === old.reservation_id)!;
    const newAtPartner = h.sandbox.reservations().find((r) => r.id === view.new.reservation_id)!;
    expect(oldAtPartner.status).toBe("REFUND");
    expect(newAtPartner.status).toBe("PAID");
    expect(h.sandbox.balance()).toBe(before - newAtPartner.amount + (oldAtPartner.refundedAmount ?? 0));
    // Where the booking went, on the admin's screen and in the agent's notice: the new course, date,
    // time (the course's clock) and players.
    const where = whereOf(view.new);
    expect(done).toContain(where);
    const told = agent.messages().find((m) => m.text?.includes(`Moved: ${old.reservation_code}`));
    expect(told?.text).toContain(where);
    // A second tap on the approval: already decided, nothing refunded again.
    forgeTap(admin, approve, request!.message_id);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(1);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("/report counts the move and its bookings CSV names, for each, the reservation it was moved to or from", async () => {
    h = await startHarness({ env: ENV });
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, admin, "Somchai Report");
    const moved = (await moveAndApprove(h, admin, old, otherTeeTime(h, old))).new;
    expect(moved.state).toBe("PAID");

    const today = courseToday(h.clock(), "Asia/Bangkok");
    admin.send(`/report ${today} ${today}`);
    await h.settle();
    const report = admin.messages().find((m) => m.text?.startsWith("Report"));
    expect(report?.text).toMatch(/Moves to another tee time: 1 done \(.+ credited back for the old ones\)/);
    const csv = [...admin.messages()].reverse().find((m) => m.document?.file_name?.startsWith("fairway-bookings-"))!;
    const lines = h.telegram
      .file(csv.document!.file_id)!
      .data!.toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    const header = lines[0]!;
    const row = (code: string) => lines.find((l) => l[header.indexOf("reservation_code")] === code)!;
    const cell = (code: string, column: string) => row(code)[header.indexOf(column)];
    expect(cell(old.reservation_code!, "status")).toBe("REFUNDED");
    expect(cell(old.reservation_code!, "moved_to")).toBe(moved.reservation_code);
    expect(cell(moved.reservation_code!, "moved_from")).toBe(old.reservation_code);
    expect(cell(moved.reservation_code!, "moved_to")).toBe("");
  });

  it("with a markup, the move's card states the difference at the selling price: more for another player, less for a cheaper tee time", async () => {
    h = await startHarness({ env: { ...ENV, PRICE_MARKUP: "20%" } });
    const x = h;
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, admin, "Somchai Markup");
    const { date } = dateAndTime(old.slot_starts_at, old.time_zone);
    const slots = h.sandbox.slots(old.course_id, date);
    const oldPrice = slots.find((s) => s.id === old.slot_id)!.price;
    const open = (fits: (s: (typeof slots)[number]) => boolean) =>
      slots.find(
        (s) => s.status === "OPEN" && s.persons === 0 && s.id !== old.slot_id && s.startMs > x.clock() && fits(s),
      )!;
    /** Holds the move to `slot` for `persons` and returns its card and the two selling amounts. */
    const hold = async (slot: (typeof slots)[number], persons: number) => {
      admin.send(`/move ${old.reservation_code} ${date} ${dateAndTime(slot.startMs, old.time_zone).time} ${persons}`);
      await x.settle();
      const card = admin.lastMessage()!.text!;
      const open = await x.app.bookings.openMoveOf(old.id);
      const view = await x.app.bookings.getMove(open!.id);
      return { card, old: view.old, new: view.new };
    };
    const dearer = await hold(
      open((s) => s.maxPerson > old.persons),
      old.persons + 1,
    );
    const more = dearer.new.selling_amount! - dearer.old.selling_amount!;
    expect(more).toBeGreaterThan(0);
    // The customer's price, not the partner's: the markup is in the difference.
    expect(more).not.toBe(dearer.new.amount! - dearer.old.amount!);
    expect(dearer.card).toContain(`The new tee time costs ${formatBaht(more, "en")} more.`);
    tapData(admin, /^mv:x:/);
    await h.settle();

    const cheaper = await hold(
      open((s) => s.price < oldPrice && s.minPerson <= old.persons && s.maxPerson >= old.persons),
      old.persons,
    );
    const less = cheaper.old.selling_amount! - cheaper.new.selling_amount!;
    expect(less).toBeGreaterThan(0);
    expect(cheaper.card).toContain(
      `The new tee time costs ${formatBaht(less, "en")} less: that is to be returned to the customer.`,
    );
    tapData(admin, /^mv:x:/);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(0);
    await checkInvariants(h);
  });

  it("the refund refused: the old booking stays paid, the new hold is released, and the agent is told", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const old = await paidBooking(h, agent, "Somchai Unwind");
    const { date, time } = otherTeeTime(h, old);
    admin.send(`/move ${old.reservation_code} ${date} ${time}`);
    await h.settle();
    h.sandbox.faults.add({ method: "POST", path: REFUND, kind: "status", status: 422 });
    tapData(admin, /^mv:a:/);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("refused the refund");
    expect((await h.app.bookings.get(old.id))?.state).toBe("PAID");
    const [move] = await h.app.bookings.movesOf(old.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.move.state).toBe("UNWOUND");
    expect(view.new.state).toBe("RELEASED");
    expect(agent.messages().some((m) => m.text?.includes("refused the refund"))).toBe(true);
    await checkInvariants(h);
  });

  it("the confirm refused after the refund, then booked by the reaper: its done event names the new course, date, time and players to the agent and the admins, in their languages", async () => {
    h = await startHarness({ env: { ...ENV, ADMIN_IDS: `${ADMIN},9303` } });
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const thaiAdmin = h.user(9303, "th", "Nok");
    // fairway learns the admin's language from their first update.
    thaiAdmin.send("/start");
    await h.settle();
    const old = await paidBooking(h, agent, "Somchai Reaper");
    const { date, time } = otherTeeTime(h, old);
    agent.send(`/move ${old.reservation_code} ${date} ${time}`);
    await h.settle();
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, times: Infinity });
    tapData(admin, /^mv:a:/);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("could not be paid yet");
    h.sandbox.faults.clear();
    const seen = { agent: agent.messages().length, admin: admin.messages().length, th: thaiAdmin.messages().length };
    h.clock.advance(61_000);
    await h.app.reaper.tick();
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.move.state).toBe("DONE");
    const after = (u: typeof agent, from: number) =>
      u
        .messages()
        .slice(from)
        .map((m) => m.text ?? "")
        .join("\n");
    for (const [who, text] of [
      ["agent", after(agent, seen.agent)],
      ["admin", after(admin, seen.admin)],
    ] as const) {
      expect(text, who).toContain(`Moved: ${old.reservation_code} was refunded`);
      expect(text, who).toContain(whereOf(view.new));
    }
    const { time: newTime } = dateAndTime(view.new.slot_starts_at, view.new.time_zone);
    const th = after(thaiAdmin, seen.th);
    expect(th).toContain(`ย้ายแล้ว: คืนเงิน ${old.reservation_code}`);
    expect(th).toContain(`เวลา ${newTime} ${view.new.persons} คน`);
    await checkInvariants(h);
  });

  it("a customer's booking moved: they hear it in Korean without the partner's figures, and get a calendar file that replaces the old event and a new voucher; the old voucher's page says moved", async () => {
    const origin = "https://vouchers.fairway.example";
    h = await startHarness({ env: { ...ENV, PRICE_MARKUP: "20%", VOUCHER_URL: origin } });
    const x = h;
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const link = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(100_701, "ko", "민수", "stranger");
    customer.send(`/start ${link}`);
    await h.settle();
    await customerBooks(h, customer);
    const [old] = await h.app.bookings.listForUser(100_701);
    expect(old?.state).toBe("PAID");
    const page = async (photo: ChatMessage | undefined) => {
      const url = qrOf(photo!);
      expect(url.startsWith(`${origin}/v/`)).toBe(true);
      return (await fetch(`${x.app.httpUrl()}${new URL(url).pathname}`)).text();
    };
    const vouchers = () => customer.messages().filter((m) => m.photo && m.file?.data);
    await expect.poll(() => vouchers().length).toBe(1);
    const oldVoucher = vouchers()[0];

    const { date, time } = otherTeeTime(h, old!);
    agent.send(`/move ${old!.reservation_code} ${date} ${time}`);
    await h.settle();
    tapData(admin, /^mv:a:/);
    await h.settle();
    const [move] = await h.app.bookings.movesOf(old!.id);
    const view = await h.app.bookings.getMove(move!.id);
    expect(view.new.state).toBe("PAID");

    // The customer's words: the new tee time and code, nothing of the partner's money.
    const told = customer.messages().find((m) => m.text?.includes("티타임이 변경되었습니다"));
    expect(told?.text).toContain(view.new.reservation_code!);
    const newAt = dateAndTime(view.new.slot_starts_at, view.new.time_zone);
    expect(told?.text).toContain(`${formatDate(newAt.date, "ko")} ${newAt.time}, ${view.new.persons}명`);
    const customerText = customer
      .messages()
      .map((m) => `${m.text ?? ""} ${m.caption ?? ""}`)
      .join("\n");
    for (const net of [view.new.amount ?? 0, view.move.refunded_amount ?? 0].filter((n) => n > 0))
      expect(customerText).not.toContain(formatBaht(net, "ko"));
    expect(customerText).not.toMatch(/refund|credited/i);

    // The calendar file replaces the old event: the first booking's UID, one revision up.
    const ics = customer.messages().filter((m) => m.document?.file_name?.endsWith(".ics"));
    const file = h.telegram.file(ics.at(-1)!.document!.file_id)!.data!.toString("utf8");
    expect(file).toContain(`UID:${old!.reservation_id}@fairway`);
    expect(file).toContain("SEQUENCE:1");
    expect(ics.at(-1)?.caption).toContain("이전 일정을 대체");
    // As a calendar reads them (ical.js, a parser fairway did not write): the receipt's event and the move's
    // are one event, the move's a later revision at the new tee time.
    const event = (m: ChatMessage) =>
      new ICAL.Event(
        new ICAL.Component(
          ICAL.parse(h!.telegram.file(m.document!.file_id)!.data!.toString("utf8")) as unknown[],
        ).getFirstSubcomponent("vevent")!,
      );
    const [booked, moved] = [event(ics[0]!), event(ics.at(-1)!)];
    expect(ics).toHaveLength(2);
    expect(moved.uid).toBe(booked.uid);
    // No SEQUENCE in the receipt's file: RFC 5545 reads it as 0.
    expect(booked.sequence ?? 0).toBe(0);
    expect(moved.sequence).toBe(1);
    expect(moved.startDate.toJSDate().getTime()).toBe(view.new.slot_starts_at);
    expect(booked.startDate.toJSDate().getTime()).toBe(old!.slot_starts_at);

    // The new voucher is valid; the old one's page says moved, and nothing of the new booking that
    // identifies it to whoever holds the old voucher (its code, its tee time).
    await expect.poll(() => vouchers().length).toBe(2);
    expect(await page(vouchers()[1])).toContain("유효");
    const before = await page(oldVoucher);
    expect(before).toContain("변경됨");
    expect(before).toContain("변경되었습니다");
    expect(before).not.toContain(view.new.reservation_code!);
    expect(before).not.toContain(dateAndTime(view.new.slot_starts_at, view.new.time_zone).time);
    await checkInvariants(h);
    expectTelegramRules(h);
  });

  it("one flight of a group moved: the group's voucher page reads valid, listing the new flight in the old one's place", async () => {
    const origin = "https://vouchers.fairway.example";
    h = await startHarness({ env: { ...ENV, VOUCHER_URL: origin } });
    const x = h;
    const agent = h.user(AGENT, "en", "Anan");
    const admin = h.user(ADMIN, "en", "Ploy");
    const group = await bookGroup(h, agent, { players: 8, name: "Somchai Group" });
    expect(group.flights.length).toBeGreaterThan(1);
    const vouchers = () => agent.messages().filter((m) => m.photo && m.file?.data);
    await expect.poll(() => vouchers().length).toBe(1);
    const url = qrOf(vouchers()[0]!);
    const page = async () => (await fetch(`${x.app.httpUrl()}${new URL(url).pathname}`)).text();
    expect(await page()).toContain("Valid");

    const flight = group.flights[0]!;
    const moved = await moveAndApprove(h, admin, flight, otherTeeTime(h, flight));
    expect(moved.move.state).toBe("DONE");
    expect(moved.new.group_id).toBe(group.group.id);
    const html = await page();
    expect(html).toContain("<h1>Valid</h1>");
    expect(html).not.toContain("Partly valid");
    expect(html).toContain(moved.new.reservation_code!);
    expect(html).not.toContain(flight.reservation_code!);
    for (const f of group.flights.slice(1)) expect(html).toContain(f.reservation_code!);
    await checkInvariants(h);
  });

  it("a stranger's /move and forged move buttons cause no partner call", async () => {
    h = await startHarness({ env: ENV });
    const agent = h.user(AGENT, "en", "Anan");
    const old = await paidBooking(h, agent, "Somchai Safe");
    const requests = h.sandbox.requests.length;
    const stranger = h.user(STRANGER, "en", "Nobody", "stranger");
    stranger.send(`/move ${old.reservation_code} 2026-12-01 07:00`);
    await h.settle();
    forgeTap(stranger, "mv:a:00000000-0000-4000-8000-000000000000");
    await h.settle();
    expect(h.sandbox.requests.length).toBe(requests);
    expect(h.telegram.unansweredCallbackQueries()).toEqual([]);
  });
});
