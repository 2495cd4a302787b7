/**
 * Groups in the booking flow, through the real bot, the local Bot API server and the partner
 * sandbox over HTTP: a party beyond one tee time gets its flights proposed at the players step, the
 * lead golfer's details once, one hold of every flight (or none), one summary with the total, one
 * Confirm, one receipt and one `.ics` with an event per flight. The harness's invariant checker runs
 * after each test, groups included.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  createLink,
  customerDetails,
  expectTelegramRules,
  panel,
  pickDate,
  tapData,
  tomorrow,
} from "../helpers/flow.js";

const RESERVE = /\/order\/reserve$/;
const ADMIN = 2599;
const CONFIRM = /\/order\/[^/]+\/confirm$/;

/** /book (or, `book` false, the flow a link opened) up to the players step of tomorrow's first tee time at the first course. */
async function toPlayers(h: Harness, user: SimulatedUser, book = true): Promise<void> {
  if (book) {
    user.send("/book");
    await h.settle();
  }
  tapData(user, /:c:0$/);
  await h.settle();
  tapData(user, /:go$/);
  await h.settle();
  await pickDate(h, user, tomorrow(h.clock()));
  await h.settle();
  tapData(user, /:s:\d+$/);
  await h.settle();
}

/** From the players step: a party of `players`, the proposal accepted, the lead golfer typed, names skipped: the held summary. */
async function holdGroup(h: Harness, user: SimulatedUser, players: number, name = "Somchai Jaidee"): Promise<void> {
  tapData(user, new RegExp(`:p:${players}$`));
  await h.settle();
  await acceptProposal(h, user, name);
}

/** From the group step: Continue, the lead golfer typed, names skipped: the held summary. */
async function acceptProposal(h: Harness, user: SimulatedUser, name = "Somchai Jaidee"): Promise<void> {
  tapData(user, /:next$/);
  await h.settle();
  await acceptDetails(h, user, name);
}

/** From the golfer step: the lead golfer typed, names skipped: the held summary. */
async function acceptDetails(h: Harness, user: SimulatedUser, name = "Somchai Jaidee"): Promise<void> {
  if (panel(user).data.some((d) => d.endsWith(":nc"))) {
    tapData(user, /:nc$/);
    await h.settle();
  }
  user.send(name);
  await h.settle();
  user.send("somchai@example.com");
  await h.settle();
  user.send("081-234-5678");
  await h.settle();
  tapData(user, /:skip$/);
  await h.settle();
}

describe("a party beyond one tee time, booked as one group", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN) } });
  });
  afterEach(async () => {
    await h.stop();
  });

  it("12 golfers: three tee times proposed 4+4+4 with the total, one hold each, one Confirm, one receipt and one .ics", async () => {
    const agent = h.user(2501, "en");
    const before = h.sandbox.balance();
    await toPlayers(h, agent);
    expect(panel(agent).text).toContain("More than 4 players?");
    tapData(agent, /:p:12$/);
    await h.settle();
    const proposal = panel(agent);
    expect(proposal.text).toContain("12 players over 3 tee times");
    expect(proposal.text.match(/\d\. 🕒 \d\d:\d\d · 4 players/g)).toHaveLength(3);
    expect(proposal.text).toMatch(/Total ฿[\d,]+/);
    expect(h.sandbox.reservations()).toEqual([]);

    tapData(agent, /:next$/);
    await h.settle();
    expect(panel(agent).text).toContain("Customer's full name");
    agent.send("Somchai Jaidee");
    await h.settle();
    agent.send("somchai@example.com");
    await h.settle();
    agent.send("081-234-5678");
    await h.settle();
    expect(panel(agent).text).toContain("Names of the other players");
    agent.send("Niran Dee\nKanya Suk, Malee Jai");
    await h.settle();

    const held = panel(agent);
    expect(held.text).toContain("Your 3 tee times are on hold");
    expect(held.labels).toContain("✅ Confirm and pay all 3");
    const reservations = h.sandbox.reservations();
    expect(reservations.map((r) => [r.status, r.persons, r.customerName])).toEqual([
      ["PENDING", 4, "Somchai Jaidee"],
      ["PENDING", 4, "Somchai Jaidee"],
      ["PENDING", 4, "Somchai Jaidee"],
    ]);
    // The lead golfer plays in the first flight; the names fill its other seats.
    expect(reservations[0]!.additionGolfer).toEqual(["Niran Dee", "Kanya Suk", "Malee Jai"]);
    expect(reservations[1]!.additionGolfer).toBeUndefined();

    tapData(agent, /:ok$/);
    await h.settle();
    const paid = h.sandbox.reservations();
    expect(paid.map((r) => r.status)).toEqual(["PAID", "PAID", "PAID"]);
    const total = paid.reduce((s, r) => s + r.amount, 0);
    expect(h.sandbox.balance()).toBe(before - total);
    expect(h.sandbox.count("GET", /\/balance$/)).toBe(1);

    const receipts = agent.messages().filter((m) => m.text?.includes("Group booked"));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!.text!;
    expect(receipt).toContain("Group booked: 3 tee times");
    for (const r of paid) expect(receipt).toContain(r.code);
    expect(receipt).toMatch(/Total ฿[\d,]+/);
    const docs = agent.messages().filter((m) => m.document);
    expect(docs).toHaveLength(1);
    const ics = h.telegram.file(docs[0]!.document!.file_id)!.data!.toString("utf8");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    for (const r of paid) expect(ics).toContain(r.code);
    const group = await h.app.storage.db.selectFrom("booking_groups").selectAll().executeTakeFirstOrThrow();
    expect(group).toMatchObject({ state: "PAID", persons: 12, flights: 3 });
    expectTelegramRules(h);
  });

  it("10 golfers: 4+3+3; the agent moves the last tee time and changes the split before holding", async () => {
    const agent = h.user(2502, "en");
    await toPlayers(h, agent);
    tapData(agent, /:p:10$/);
    await h.settle();
    expect(panel(agent).text.match(/· (\d) players/g)).toEqual(["· 4 players", "· 3 players", "· 3 players"]);
    const lastTime = /3\. 🕒 (\d\d:\d\d)/.exec(panel(agent).text)![1];

    tapData(agent, /:mv:2$/);
    await h.settle();
    expect(panel(agent).text).toContain("Tee time 3: another time");
    const choices = panel(agent).data.filter((d) => /:ft:\d+$/.test(d));
    if (choices.length > 0) {
      tapData(agent, new RegExp(`${choices[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await h.settle();
      expect(/3\. 🕒 (\d\d:\d\d)/.exec(panel(agent).text)![1]).not.toBe(lastTime);
    } else {
      tapData(agent, /:back$/);
      await h.settle();
    }
    tapData(agent, /:sl$/);
    await h.settle();
    expect(panel(agent).text).toContain("How should the 10 players be split?");
    // A split the tee times do not allow (forged) changes nothing.
    const splitPanel = panel(agent);
    agent.forgeTap(
      splitPanel.data.find((d) => /:sl:/.test(d))!.replace(/:sl:.*$/, ":sl:9-1-0"),
      splitPanel.message!.message_id,
    );
    await h.settle();
    expect(panel(agent).text).toContain("How should the 10 players be split?");
    tapData(agent, /:sl:4-4-2$/);
    await h.settle();
    expect(panel(agent).text.match(/· (\d) players/g)).toEqual(["· 4 players", "· 4 players", "· 2 players"]);

    tapData(agent, /:next$/);
    await h.settle();
    agent.send("Somchai Jaidee");
    await h.settle();
    agent.send("somchai@example.com");
    await h.settle();
    agent.send("081-234-5678");
    await h.settle();
    tapData(agent, /:skip$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.persons)).toEqual([4, 4, 2]);
    tapData(agent, /:cancel$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL", "CANCEL", "CANCEL"]);
    expect(agent.lastMessage()?.text).toContain("hold released");
  });

  it("the partner refuses the second reserve: no hold is left; the agent is told which time failed, the nearest open times, and a new proposal", async () => {
    const agent = h.user(2503, "en");
    await toPlayers(h, agent);
    // The first reserve passes, the second is refused (the tee time was taken meanwhile).
    h.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "status", status: 409, skip: 1 });
    await holdGroup(h, agent, 8);
    const statuses = h.sandbox.reservations().map((r) => r.status);
    expect(statuses.every((s) => s === "CANCEL")).toBe(true);
    const shown = panel(agent).text;
    expect(shown).toMatch(/The \d\d:\d\d tee time could not be held, so no hold was kept for the group/);
    expect(shown).toMatch(/Nearest open times: \d\d:\d\d/);
    expect(shown).toContain("8 players over 2 tee times");
    expect(h.sandbox.count("POST", CONFIRM)).toBe(0);
    expect(h.sandbox.balance()).toBe(h.invariants.subject().balanceBase);
  });

  it("confirm with the credit too low for the total: nothing is paid, the holds stand, and it pays once topped up", async () => {
    const agent = h.user(2504, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    const total = h.sandbox.reservations().reduce((s, r) => s + r.amount, 0);
    h.sandbox.setBalance(total - 100);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(panel(agent).text).toContain("doesn't have enough credit");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING", "PENDING"]);
    h.sandbox.setBalance(total + 100);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "PAID"]);
    expect(h.sandbox.balance()).toBe(100);
  });

  it("a confirm failing midway: the paid tee time stays paid, the other is released, and the agent is told which", async () => {
    const agent = h.user(2505, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, skip: 1 });
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "CANCEL"]);
    const told = agent.messages().find((m) => m.text?.includes("The payment stopped midway"))?.text ?? "";
    expect(told).toContain("1 of 2 tee times are booked and paid");
    expect(told).toMatch(/1\. 🕒 .* — ✅ paid/);
    expect(told).toMatch(/2\. 🕒 .* — ✖️ released/);
  });

  it("/find for 12 players lists groups of three tee times (4+4+4, the total); a tap opens the golfer step and books them as one", async () => {
    const agent = h.user(2507, "en");
    agent.send("/find tomorrow 12 pax");
    await h.settle();
    const found = panel(agent);
    expect(found.text).toMatch(/1\. \d\d:\d\d–\d\d:\d\d .* — 3 tee times \(4\+4\+4\) = ฿[\d,]+/);
    const first = found.data.find((d) => /^f:[a-z0-9]+:t:/.test(d))!;
    agent.tap({ data: first, messageId: found.message!.message_id });
    await h.settle();
    expect(panel(agent).text).toContain("Customer's full name");
    await acceptDetails(h, agent);
    expect(panel(agent).text).toContain("Your 3 tee times are on hold");
    expect(h.sandbox.reservations().map((r) => r.persons)).toEqual([4, 4, 4]);
    tapData(agent, /:ok$/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PAID", "PAID", "PAID"]);
    expect(agent.messages().filter((m) => m.text?.includes("Group booked: 3 tee times"))).toHaveLength(1);
  });

  it("/mybookings shows a group as one entry that opens to its flights; a flight opens with its code and goes back to the group", async () => {
    const agent = h.user(2508, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    tapData(agent, /:ok$/);
    await h.settle();
    const [r1, r2] = h.sandbox.reservations();
    agent.send("/mybookings");
    await h.settle();
    const list = panel(agent);
    const entries = list.labels.filter((l) => l.includes("Group"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^👥 Group confirmed and paid ×2 · /);
    expect(list.data.filter((d) => d.startsWith("mb:view:"))).toEqual([]);
    tapData(agent, /^mb:group:/);
    await h.settle();
    const group = panel(agent);
    expect(group.text).toContain("8 players · 2 tee times");
    expect(group.text).toContain(r1!.code);
    expect(group.text).toContain(r2!.code);
    expect(group.text.match(/✅ paid/g)).toHaveLength(2);
    tapData(agent, /^mb:view:.*-2$/);
    await h.settle();
    expect(panel(agent).text).toContain(r2!.code);
    expect(panel(agent).text).toContain("Tee time 2 of a group");
    expect(panel(agent).data).toContainEqual(expect.stringMatching(/^cr:.*-2$/));
    tapData(agent, /^mb:group:/);
    await h.settle();
    expect(panel(agent).text).toContain("8 players · 2 tee times");
  });

  it("a held group's tee time is released only with its group: its view offers the whole group's release; a forged button for it alone is refused (Thai)", async () => {
    const agent = h.user(2512, "th");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    const group = await h.app.storage.db
      .selectFrom("booking_groups")
      .select("id")
      .where("user_id", "=", 2512)
      .executeTakeFirstOrThrow();
    const flightTwo = new RegExp(`^mb:view:${group.id}-2$`);
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, /^mb:group:/);
    await h.settle();
    tapData(agent, flightTwo);
    await h.settle();
    expect(panel(agent).text).toContain("ทีไทม์ที่ 2 ของกลุ่ม");
    expect(panel(agent).labels).not.toContain("🗑 ปล่อยการจองนี้");
    expect(panel(agent).labels).toContain("🗑 ปล่อยการจองทั้งกลุ่ม");
    expect(panel(agent).data).not.toContain(`mb:release:${group.id}-2`);

    agent.forgeTap(`mb:release:${group.id}-2`);
    await h.settle();
    expect(panel(agent).text).toContain("ทีไทม์นี้เป็นส่วนหนึ่งของกลุ่ม กลุ่มต้องยกเลิกทั้งกลุ่มพร้อมกัน ยกเลิกทีไทม์เดียวไม่ได้");
    expect(panel(agent).text).toContain("ผู้เล่น 8 คน · 2 ทีไทม์");
    // An admin's /release of one of its tee times is refused alike.
    const admin = h.user(ADMIN, "en");
    const [held] = h.sandbox.reservations();
    admin.send(`/release ${held!.code}`);
    await h.settle();
    expect(admin.lastMessage()?.text).toBe(
      `Not released: ${held!.code} is a tee time of a group, and a group is cancelled as a whole, never one tee time alone: by its booker in /mybookings, or when its hold ends.`,
    );
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["PENDING", "PENDING"]);
    expect(h.sandbox.count("DELETE", /\/cancel$/)).toBe(0);

    // The group's own release, from the tee time's view: every tee time at once.
    tapData(agent, flightTwo);
    await h.settle();
    tapData(agent, new RegExp(`^mb:release:${group.id}$`));
    await h.settle();
    expect(panel(agent).text).toContain("ยกเลิกการจองและปล่อยที่ที่กันไว้แล้ว");
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL", "CANCEL"]);
    expectTelegramRules(h);
  });

  it("an admin refunds a group: /refund on one tee time's code offers the whole group; each paid tee time refunded once, the booker told once", async () => {
    const agent = h.user(2509, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 12);
    tapData(agent, /:ok$/);
    await h.settle();
    const paid = h.sandbox.reservations();
    const admin = h.user(ADMIN, "en");
    admin.send(`/refund ${paid[1]!.code}`);
    await h.settle();
    const question = panel(admin);
    expect(question.text).toContain("This is tee time 2 of a group of 3 (3 paid)");
    tapData(admin, /^ad:rg:/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["REFUND", "REFUND", "REFUND"]);
    expect(h.sandbox.count("POST", /\/refund$/)).toBe(3);
    expect(admin.lastMessage()?.text).toMatch(
      /Group refunded: 3 of 3 tee times now, the partner credited back ฿[\d,]+/,
    );
    // A second tap (a replay) refunds nothing more.
    admin.forgeTap(
      question.data.find((d) => d.startsWith("ad:rg:"))!,
      question.message!.message_id,
    );
    await h.settle();
    expect(h.sandbox.count("POST", /\/refund$/)).toBe(3);
    expect(agent.messages().filter((m) => m.text?.includes("cancelled your group"))).toHaveLength(1);
  });

  it("a group cancellation request: the booker asks for the whole group, an admin approves, each paid tee time refunded once, the booker told once", async () => {
    const agent = h.user(2513, "en");
    const admin = h.user(ADMIN, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    tapData(agent, /:ok$/);
    await h.settle();
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, /^mb:group:/);
    await h.settle();
    tapData(agent, /^cr:/);
    await h.settle();
    tapData(agent, /^rq:skip:/);
    await h.settle();
    const codes = h.sandbox.reservations().map((r) => r.code);
    expect(agent.lastMessage()?.text).toContain(`cancellation request for ${codes.join(", ")} was sent`);
    // Asking again while it waits is refused.
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, /^mb:group:/);
    await h.settle();
    const again = tapData(agent, /^cr:/);
    await h.settle();
    expect(h.telegram.callbackAnswers.find((a) => a.queryId === again)?.text).toContain("already waiting");
    const card = admin.messages().find((m) => m.text?.includes("The whole group: 2 tee times, 2 paid"));
    expect(card, "the admin's card shows the whole group").toBeDefined();
    tapData(admin, /^rq:ok:/);
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["REFUND", "REFUND"]);
    expect(h.sandbox.count("POST", /\/refund$/)).toBe(2);
    expect(admin.lastMessage()?.text).toMatch(/Group refunded: 2 of 2 tee times now/);
    expect(agent.messages().filter((m) => m.text?.includes("the group at"))).toHaveLength(1);
    const request = await h.app.storage.db.selectFrom("cancel_requests").selectAll().executeTakeFirstOrThrow();
    expect(request.state).toBe("approved");
  });

  it("/cancel with a group on hold releases every hold", async () => {
    const agent = h.user(2510, "en");
    await toPlayers(h, agent);
    await holdGroup(h, agent, 8);
    agent.send("/cancel");
    await h.settle();
    expect(h.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL", "CANCEL"]);
    const group = await h.app.storage.db.selectFrom("booking_groups").selectAll().executeTakeFirstOrThrow();
    expect(group.state).toBe("RELEASED");
  });

  it("a customer (through an agent's link that confirms at once) books a group as an agent does, credited to the agent", async () => {
    const agent = h.user(2511, "en");
    const token = await createLink(h, agent);
    const customer = h.user(2512, "en", "Nok", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    await toPlayers(h, customer, false);
    const players = panel(customer);
    expect(players.text).toContain("More than");
    expect(players.data.some((d) => /:p:8$/.test(d))).toBe(true);
    tapData(customer, /:p:8$/);
    await h.settle();
    tapData(customer, /:next$/);
    await h.settle();
    await customerDetails(h, customer);
    tapData(customer, /:skip$/);
    await h.settle();
    tapData(customer, /:ok$/);
    await h.settle();
    const [group] = await h.app.storage.db.selectFrom("booking_groups").selectAll().execute();
    expect(group).toMatchObject({ state: "PAID", persons: 8, agent_id: 2511 });
    expect(customer.messages().filter((m) => m.text?.includes("Group booked"))).toHaveLength(1);
  });

  it("speaks Thai: the proposal, the hold and the receipt", async () => {
    const agent = h.user(2506, "th");
    await toPlayers(h, agent);
    tapData(agent, /:p:8$/);
    await h.settle();
    expect(panel(agent).text).toContain("ผู้เล่น 8 คน ใน 2 ทีไทม์");
    await acceptProposal(h, agent, "สมศักดิ์ ใจดี");
    expect(panel(agent).text).toContain("จองทีไทม์ไว้ 2 รอบแล้ว");
    tapData(agent, /:ok$/);
    await h.settle();
    expect(agent.messages().some((m) => m.text?.includes("จองกลุ่มสำเร็จ: 2 ทีไทม์"))).toBe(true);
  });
});
