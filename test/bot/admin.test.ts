import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { formatBaht } from "../../src/bot/format/money.js";
import { courseToday } from "../../src/bot/format/dates.js";
import type { SandboxOptions } from "../../src/local/sandbox/index.js";
import { bookingRow } from "../helpers/booking-row.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import {
  bookUntilHold,
  callbackAnswerText,
  expectTelegramRules,
  forgeTap,
  panel,
  partnerRequest,
  tapData,
} from "../helpers/flow.js";

const ADMIN = 9001;
const ADMIN_TH = 9004;
const AGENT = 9002;
const ADDED_AGENT = 9003;
const STRANGER = 9666;
const ADMIN_ONLY = "This command is for administrators.";
const ENV = { ADMIN_IDS: `${ADMIN},${ADMIN_TH}`, AGENT_IDS: String(AGENT) };

let h: Harness;
/** The harness this test started, if any (the description checks need none). */
let running: Harness | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function start(sandbox: SandboxOptions = {}): Promise<Harness> {
  h = await startHarness({ env: ENV, sandbox });
  running = h;
  return h;
}

/** Sends `text` and returns the bot's latest message as `panel` shows it. */
async function say(user: SimulatedUser, text: string) {
  user.send(text);
  await h.settle();
  return panel(user);
}

/** The sandbox's reservation for `customerName` (names are unique per test). */
function reservationOf(customerName: string) {
  const r = h.sandbox.reservations().find((x) => x.customerName === customerName);
  if (!r) throw new Error(`no reservation for ${customerName}`);
  return r;
}

/** A hold made by `user` for `name`: the partner's reservation (PENDING). */
async function held(user: SimulatedUser, name: string) {
  await bookUntilHold(h, user, { name });
  return reservationOf(name);
}

/** A paid booking made by `user` for `name`: the partner's reservation (PAID). */
async function paid(user: SimulatedUser, name: string) {
  await bookUntilHold(h, user, { name });
  tapData(user, /:ok$/);
  await h.settle();
  const r = reservationOf(name);
  expect(r.status).toBe("PAID");
  return r;
}

/** A customer of `agentId`, let in through one of the agent's links. */
async function customer(id: number, agentId: number): Promise<SimulatedUser> {
  const link = await h.app.access.links.create({ agentId });
  const user = h.user(id, "en", "Malee", "stranger");
  user.send(`/start ${link.token}`);
  await h.settle();
  expect((await h.app.access.whoIs(id)).role).toBe("customer");
  return user;
}

const refunds = () => h.sandbox.count("POST", /^\/api\/v1\/ext\/order\/[^/]+\/refund$/);
const releases = () => h.sandbox.count("DELETE", /^\/api\/v1\/ext\/order\/[^/]+\/cancel$/);

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

const baht = (satang: number) => (satang / 100).toFixed(2);

describe("admin commands: who may use them", () => {
  const COMMANDS = [
    "/balance",
    "/order X1",
    "/refund X1",
    "/release X1",
    "/bookings",
    "/report 2026-01-01 2026-01-31",
    "/agents",
    "/audit",
  ];

  it("refuse agents and customers with a localized answer, and make no partner call", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const thaiAgent = h.user(ADDED_AGENT, "th");
    const client = await customer(5101, AGENT);
    const before = h.sandbox.requests.length;
    for (const text of COMMANDS) {
      expect((await say(agent, text)).text, text).toBe(ADMIN_ONLY);
      expect((await say(client, text)).text, text).toBe(ADMIN_ONLY);
      expect((await say(thaiAgent, text)).text, text).toBe("คำสั่งนี้สำหรับผู้ดูแลระบบเท่านั้น");
    }
    expect(h.sandbox.requests.length).toBe(before);
    expect(await h.app.access.agents.list()).toHaveLength(2);
    expectTelegramRules(h);
  });

  it("give strangers nothing: no admin answer and no partner call", async () => {
    await start();
    const stranger = h.user(STRANGER, "en", "Nobody", "stranger");
    const before = h.sandbox.requests.length;
    for (const text of COMMANDS) {
      const answer = await say(stranger, text);
      expect(answer.text, text).not.toMatch(/Partner credit|Agents|Audit log|Report/);
    }
    expect(h.sandbox.requests.length).toBe(before);
    expectTelegramRules(h);
  });
});

describe("/balance", () => {
  it("shows the partner credit in baht with the time it was read, in English and Thai", async () => {
    await start({ initialBalance: 9_850_050 });
    const admin = h.user(ADMIN, "en");
    const en = await say(admin, "/balance");
    expect(en.text).toMatch(/^Partner credit: ฿98,500\.50 \(read \d\d:\d\d, \w{3} \d{1,2} \w{3} \d{4}\)$/);
    const th = await say(h.user(ADMIN_TH, "th"), "/balance");
    expect(th.text).toMatch(/^เครดิตคงเหลือกับคู่ค้า: ฿98,500\.50 \(ตรวจเมื่อ \d\d:\d\d น\. .+ 25\d\d\)$/);
    expect(h.sandbox.count("GET", /\/balance$/)).toBe(2);
    expectTelegramRules(h);
  });

  it("says the partner could not be reached, in words, never its raw answer", async () => {
    await start();
    h.sandbox.faults.add({ kind: "status", status: 500, method: "GET", path: /\/balance$/, times: 10 });
    const answer = await say(h.user(ADMIN, "en"), "/balance");
    expect(answer.text).toMatch(/^Could not read the partner credit: The booking service/);
    expect(answer.text).not.toMatch(/500|Internal/i);
  });
});

describe("/refund", () => {
  it("refunds a paid booking after confirmation: the partner's refunded amount and the balance after", async () => {
    await start({ refundPercent: 80 });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const r = await paid(agent, "Somchai Refund");
    const balanceBefore = h.sandbox.balance();
    const question = await say(admin, `/refund ${r.code}`);
    expect(question.text).toContain("Refund this booking?");
    expect(question.text).toContain("Somchai Refund");
    expect(question.text).toContain(r.courseName);
    expect(question.text).toContain(formatBaht(r.amount, "en"));
    expect(question.text).toContain(`Reservation code ${r.code}`);
    expect(question.data).toEqual([expect.stringMatching(/^ad:rf:[0-9a-f-]{36}$/), "ad:rfx"]);
    expect(refunds()).toBe(0);

    const confirmData = question.data[0]!;
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const refunded = Math.floor((r.amount * 80) / 100);
    const done = panel(admin);
    expect(done.data).toEqual([]);
    expect(done.text).toContain(
      `${r.code} refunded: the partner credited back ${formatBaht(refunded, "en")} of ${formatBaht(r.amount, "en")} paid`,
    );
    expect(h.sandbox.balance()).toBe(balanceBefore + refunded);
    expect(done.text).toContain(`Partner credit: ${formatBaht(balanceBefore + refunded, "en")}`);
    expect(reservationOf("Somchai Refund").status).toBe("REFUND");
    const booking = await h.app.bookings.findByReservation(r.id);
    expect(booking?.state).toBe("REFUNDED");
    expect(booking?.refunded_amount).toBe(refunded);

    // The same Confirm again (a double tap, a replay): the current state, no second refund.
    const again = forgeTap(admin, confirmData, done.message!.message_id);
    await h.settle();
    expect(callbackAnswerText(h, again)).toContain("has already been refunded");
    expect(refunds()).toBe(1);
    expect(panel(admin).text).toBe(done.text);
    expectTelegramRules(h);
  });

  it("Cancel changes nothing", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    const r = await paid(h.user(AGENT, "en"), "Cancel Refund");
    await say(admin, `/refund ${r.id}`);
    tapData(admin, /^ad:rfx$/);
    await h.settle();
    expect(panel(admin).text).toBe("Refund cancelled. Nothing was changed.");
    expect(panel(admin).data).toEqual([]);
    expect(refunds()).toBe(0);
    expect(reservationOf("Cancel Refund").status).toBe("PAID");
    expectTelegramRules(h);
  });

  it("refuses a hold (release it instead), a released one, a refunded one, an unknown one and one fairway did not make", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");

    const pending = await held(agent, "Pending Golfer");
    let answer = await say(admin, `/refund ${pending.code}`);
    expect(answer.text).toBe(
      `Not refunded: ${pending.code} is on hold and not paid, so there is nothing to refund. Release it instead with /release ${pending.code}.`,
    );
    expect(answer.data).toEqual([]);

    agent.send("/cancel");
    await h.settle();
    answer = await say(admin, `/refund ${pending.code}`);
    expect(answer.text).toBe(`Not refunded: ${pending.code} was never paid (status: Released).`);

    const r = await paid(agent, "Twice Golfer");
    await say(admin, `/refund ${r.code}`);
    tapData(admin, /^ad:rf:/);
    await h.settle();
    answer = await say(admin, `/refund ${r.code}`);
    expect(answer.text).toBe(`${r.code} has already been refunded (${formatBaht(r.amount, "en")}).`);

    answer = await say(admin, "/refund NOPE123");
    expect(answer.text).toBe("No reservation NOPE123 is known to fairway or to the partner.");

    const slot = h.sandbox.openSlot({ persons: 2 })!;
    const res = await partnerRequest(h, "POST", "/order/reserve", {
      slotId: slot.id,
      persons: 2,
      customerName: "Other Agency",
      customerEmail: "other@example.com",
      customerMobile: "0812345678",
    });
    expect(res.status).toBe(200);
    const foreign = reservationOf("Other Agency");
    await partnerRequest(h, "POST", `/order/${foreign.id}/confirm`);
    answer = await say(admin, `/refund ${foreign.id}`);
    expect(answer.text).toContain(`Reservation ${foreign.id} was not made through fairway`);

    answer = await say(admin, "/refund");
    expect(answer.text).toBe("Usage: /refund <reservation id or code>");
    expect(refunds()).toBe(1);
    expect(reservationOf("Other Agency").status).toBe("PAID");
    expectTelegramRules(h);
  });

  it("refuses a booking the partner has refunded meanwhile (the ledger is brought up to date first)", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    const r = await paid(h.user(AGENT, "en"), "Outside Refund");
    await partnerRequest(h, "POST", `/order/${r.id}/refund`);
    const answer = await say(admin, `/refund ${r.code}`);
    expect(answer.text).toContain("has already been refunded");
    expect(refunds()).toBe(1);
  });

  it("shows the partner's refusal in words when the refund fails, and the booking stays paid", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    const r = await paid(h.user(AGENT, "en"), "Refused Refund");
    await say(admin, `/refund ${r.code}`);
    h.sandbox.faults.add({ kind: "status", status: 422, method: "POST", path: /\/refund$/ });
    tapData(admin, /^ad:rf:/);
    await h.settle();
    expect(panel(admin).text).toMatch(
      new RegExp(`^❌ The partner did not refund ${r.code}: The booking service did not accept`),
    );
    expect(panel(admin).text).toContain("The booking is now: Confirmed and paid.");
    expect(reservationOf("Refused Refund").status).toBe("PAID");
    expectTelegramRules(h);
  });
});

describe("admin buttons: forged and foreign callback data", () => {
  it("a non-admin's refund data is refused before anything is read; malformed or unknown data changes nothing", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const r = await paid(agent, "Forged Golfer");
    const booking = (await h.app.bookings.findByReservation(r.id))!;
    const before = h.sandbox.requests.length;

    const byAgent = forgeTap(agent, `ad:rf:${booking.id}`);
    await h.settle();
    expect(callbackAnswerText(h, byAgent)).toBe(ADMIN_ONLY);
    const client = await customer(5102, AGENT);
    const afterCustomer = h.sandbox.requests.length;
    const byCustomer = forgeTap(client, `ad:rf:${booking.id}`);
    await h.settle();
    expect(callbackAnswerText(h, byCustomer)).toBe(ADMIN_ONLY);
    expect(h.sandbox.requests.length).toBe(afterCustomer);

    await say(admin, "/balance");
    const random = forgeTap(admin, `ad:rf:${randomUUID()}`);
    const malformed = forgeTap(admin, "ad:rf:../../etc");
    const tooLong = forgeTap(admin, `ad:rf:${"a".repeat(58)}`);
    const unknownAction = forgeTap(admin, "ad:zz:1");
    await h.settle();
    for (const q of [random, malformed, tooLong, unknownAction])
      expect(callbackAnswerText(h, q)).toBe("This button is no longer valid.");

    expect(refunds()).toBe(0);
    expect(reservationOf("Forged Golfer").status).toBe("PAID");
    expect((await h.app.bookings.get(booking.id))?.state).toBe("PAID");
    // Only the customer's /start (courses) and the admin's /balance reached the partner.
    expect(h.sandbox.requests.slice(before).every((e) => e.method === "GET")).toBe(true);
    expectTelegramRules(h);
  });

  it("a refund button for a booking that is not paid only says where it stands", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    const pending = await held(h.user(AGENT, "en"), "Held Golfer");
    const booking = (await h.app.bookings.findByReservation(pending.id))!;
    await say(admin, "/balance");
    const q = forgeTap(admin, `ad:rf:${booking.id}`);
    await h.settle();
    expect(callbackAnswerText(h, q)).toContain("is on hold and not paid");
    expect(refunds()).toBe(0);
    expect(reservationOf("Held Golfer").status).toBe("PENDING");
    expectTelegramRules(h);
  });
});

describe("/release", () => {
  it("releases an unpaid hold; refuses a paid one (refund instead) and an unknown one", async () => {
    await start();
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const pending = await held(agent, "Release Me");
    let answer = await say(admin, `/release ${pending.code}`);
    expect(answer.text).toBe(`✅ The hold ${pending.code} has been released at the partner.`);
    expect(reservationOf("Release Me").status).toBe("CANCEL");
    expect(releases()).toBe(1);

    answer = await say(admin, `/release ${pending.code}`);
    expect(answer.text).toBe(`Not released: ${pending.code} has no unpaid hold (status: Released).`);

    // The agent's booking flow still shows the released hold: leave it before booking again.
    agent.send("/cancel");
    await h.settle();
    const r = await paid(agent, "Paid Keep");
    answer = await say(admin, `/release ${r.code}`);
    expect(answer.text).toBe(`Not released: ${r.code} is paid. Refund it instead with /refund ${r.code}.`);
    answer = await say(admin, "/release UNKNOWN9");
    expect(answer.text).toBe("No reservation UNKNOWN9 is known to fairway or to the partner.");
    expect(releases()).toBe(1);
    expect(reservationOf("Paid Keep").status).toBe("PAID");

    const audit = await h.app.bookings.auditLog(5);
    expect(audit.find((e) => e.action === "release")?.actor).toBe(`user:${ADMIN}`);
    expectTelegramRules(h);
  });
});

describe("/order", () => {
  it("shows the reservation fresh from the partner with the ledger's history; one fairway did not make, read only", async () => {
    await start({ refundPercent: 50 });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const r = await paid(agent, "Order Golfer");
    let answer = await say(admin, `/order ${r.code}`);
    expect(answer.text).toContain(`Reservation ${r.code}`);
    expect(answer.text).toContain("Status: Confirmed and paid · partner: PAID");
    expect(answer.text).toContain("Order Golfer");
    expect(answer.text).toContain(`Credited to: agent ${AGENT} · booked by user ${AGENT}`);
    expect(answer.text).toContain(`Partner invoice ${reservationOf("Order Golfer").invoiceId}`);
    expect(answer.text).toMatch(/Paid: \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d/);
    expect(answer.text).toMatch(
      /History\n• .+: INTENT\n• .+: INTENT → RESERVING\n• .+: RESERVING → HELD.*\n• .+: HELD → CONFIRMING\n• .+: CONFIRMING → PAID/,
    );

    // Refunded at the partner behind fairway's back: /order reads it and the ledger follows.
    await partnerRequest(h, "POST", `/order/${r.id}/refund`);
    answer = await say(admin, `/order ${r.id}`);
    expect(answer.text).toContain("Status: Refunded · partner: REFUND");
    expect(answer.text).toMatch(/PAID → REFUNDED \(via=refresh/);
    expect(answer.text).toMatch(/Refunded: amount not stated at \w{3} \d/);

    const slot = h.sandbox.openSlot({ persons: 2 })!;
    await partnerRequest(h, "POST", "/order/reserve", {
      slotId: slot.id,
      persons: 2,
      customerName: "Walk In",
      customerEmail: "w@example.com",
      customerMobile: "0812345678",
    });
    const foreign = reservationOf("Walk In");
    answer = await say(admin, `/order ${foreign.id}`);
    expect(answer.text).toContain(`Reservation ${foreign.code} (read only)`);
    expect(answer.text).toContain("partner: PENDING");
    expect(answer.text).toContain("Walk In");
    expect(answer.text).not.toContain("Partner invoice");
    answer = await say(admin, "/order NOSUCH1");
    expect(answer.text).toBe("No reservation NOSUCH1 is known to fairway or to the partner.");
    expect(refunds()).toBe(1);
    expectTelegramRules(h);
  });
});

describe("the partner's invoice id", () => {
  it.each(["svcInvoiceId", "gdInvoiceId"] as const)(
    "sent as %s: recorded in the ledger, shown by /order, listed in /report's bookings CSV",
    async (invoiceField) => {
      await start({ variants: { invoiceField } });
      const admin = h.user(ADMIN, "en");
      const r = await paid(h.user(AGENT, "en"), `Invoice ${invoiceField}`);
      expect(r.invoiceId).toMatch(/^INV-\d{8}-\d{6}$/);
      expect((await h.app.bookings.findByReservation(r.id))?.invoice_id).toBe(r.invoiceId);

      const order = await say(admin, `/order ${r.code}`);
      expect(order.text).toContain(`Partner invoice ${r.invoiceId}`);
      const th = await say(h.user(ADMIN_TH, "th"), `/order ${r.code}`);
      expect(th.text).toContain(`ใบแจ้งหนี้ของคู่ค้า ${r.invoiceId}`);

      const today = courseToday(h.clock(), "Asia/Bangkok");
      await say(admin, `/report ${today} ${today}`);
      const bookings = admin.messages().at(-1)!;
      expect(bookings.document?.file_name).toBe(`fairway-bookings-${today}-${today}.csv`);
      const rows = parseCsv(h.telegram.file(bookings.document!.file_id)!.data!.toString("utf8").slice(1));
      const invoice = rows[0]!.indexOf("invoice_id");
      expect(rows.slice(1).map((row) => [row[1], row[invoice]])).toEqual([[r.code, r.invoiceId]]);
      expectTelegramRules(h);
    },
  );
});

describe("/bookings and /report", () => {
  it("lists bookings with status and agent, filters by agent; the report's totals match the partner's ledger and its CSV", async () => {
    await start({ refundPercent: 80 });
    const agentA = h.user(AGENT, "en");
    const agentB = h.user(ADDED_AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const clientA = await customer(5201, AGENT);
    clientA.send("/cancel");
    await h.settle();

    const a1 = await paid(agentA, "A One");
    const a2 = await paid(clientA, "A Client");
    const b1 = await paid(agentB, "B One");
    const b2 = await paid(agentB, "B Two");
    const bHeld = await held(agentB, "B Held");
    await say(admin, `/refund ${b2.code}`);
    tapData(admin, /^ad:rf:/);
    await h.settle();

    let list = await say(admin, "/bookings");
    expect(list.text.split("\n")[0]).toBe("Latest bookings");
    const lines = list.text.split("\n").slice(1);
    expect(lines).toHaveLength(5);
    expect(lines[0]?.startsWith("• On hold (unpaid) · ")).toBe(true);
    expect(lines[0]).toContain(` · ${bHeld.persons} player`);
    expect(lines[0]?.endsWith(` · ${formatBaht(bHeld.amount, "en")} · agent ${ADDED_AGENT} · ${bHeld.code}`)).toBe(
      true,
    );
    expect(list.text).toContain(`Refunded · `);
    expect(lines.find((l) => l.endsWith(a2.code))).toContain(`agent ${AGENT}`);

    list = await say(admin, `/bookings ${AGENT}`);
    expect(
      list.text
        .split("\n")
        .slice(1)
        .map((l) => l.split(" · ").at(-1)),
    ).toEqual([a2.code, a1.code]);
    list = await say(admin, `/bookings ${ADDED_AGENT}`);
    expect(
      list.text
        .split("\n")
        .slice(1)
        .map((l) => l.split(" · ").at(-1)),
    ).toEqual([bHeld.code, b2.code, b1.code]);
    list = await say(admin, "/bookings today");
    expect(list.text.split("\n")[0]).toBe("Bookings made today");
    expect(list.text.split("\n")).toHaveLength(6);
    list = await say(admin, "/bookings yesterday");
    expect(list.text).toMatch(/^Usage: \/bookings/);

    const today = courseToday(h.clock(), "Asia/Bangkok");
    const partner = h.sandbox.reservations();
    const amountOf = (names: string[]) =>
      partner.filter((r) => names.includes(r.customerName)).reduce((s, r) => s + r.amount, 0);
    const refundedOf = (names: string[]) =>
      partner
        .filter((r) => names.includes(r.customerName) && r.status === "REFUND")
        .reduce((s, r) => s + (r.refundedAmount ?? 0), 0);
    expect(partner.filter((r) => r.status === "PAID" || r.status === "REFUND")).toHaveLength(4);
    const A = ["A One", "A Client"];
    const B = ["B One", "B Two"];
    expect(refundedOf(B)).toBe(Math.floor((b2.amount * 80) / 100));

    await say(admin, `/report ${today} ${today}`);
    const [textMessage, chartMessage, docMessage, bookingsMessage] = admin.messages().slice(-4);
    const reportText = textMessage!.text!;
    expect(chartMessage?.photo, "the chart between the text and the CSV").toBeDefined();
    expect(chartMessage?.caption).toMatch(/^Sales per day: /);
    expect(reportText).toMatch(/^Report \w{3} \d{1,2} \w{3} \d{4} – /);
    expect(reportText).toContain(
      `agent ${AGENT}: 2 paid ${formatBaht(amountOf(A), "en")} · 0 refunded ฿0 · net ${formatBaht(amountOf(A), "en")}`,
    );
    expect(reportText).toContain(
      `agent ${ADDED_AGENT} agent ${ADDED_AGENT}: 2 paid ${formatBaht(amountOf(B), "en")} · 1 refunded ${formatBaht(refundedOf(B), "en")} · net ${formatBaht(amountOf(B) - refundedOf(B), "en")}`,
    );
    expect(reportText).toContain(`Total: 4 paid ${formatBaht(amountOf([...A, ...B]), "en")} · 1 refunded`);
    expect(docMessage?.document?.file_name).toBe(`fairway-report-${today}-${today}.csv`);

    const file = h.telegram.file(docMessage!.document!.file_id)!;
    const bytes = file.data!;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual([
      "agent_id",
      "agent_name",
      "paid_bookings",
      "paid_thb",
      "refunded_bookings",
      "refunded_thb",
      "net_thb",
      "selling_thb",
      "margin_thb",
      "groups",
      "course_ended_bookings",
      "course_ended_thb",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        String(AGENT),
        "",
        "2",
        baht(amountOf(A)),
        "0",
        "0.00",
        baht(amountOf(A)),
        baht(amountOf(A)),
        "0.00",
        "0",
        "0",
        "0.00",
      ],
      [
        String(ADDED_AGENT),
        `agent ${ADDED_AGENT}`,
        "2",
        baht(amountOf(B)),
        "1",
        baht(refundedOf(B)),
        baht(amountOf(B) - refundedOf(B)),
        baht(amountOf(B)),
        "0.00",
        "0",
        "0",
        "0.00",
      ],
      [
        "total",
        "",
        "4",
        baht(amountOf([...A, ...B])),
        "1",
        baht(refundedOf(B)),
        baht(amountOf([...A, ...B]) - refundedOf(B)),
        baht(amountOf([...A, ...B])),
        "0.00",
        "0",
        "0",
        "0.00",
      ],
    ]);

    // The bookings one by one, with the partner's invoice ids, as an accountant reconciles them.
    expect(bookingsMessage?.document?.file_name).toBe(`fairway-bookings-${today}-${today}.csv`);
    expect(bookingsMessage?.caption).toBe(
      "Each paid booking of the report, with the partner's invoice id, as CSV (amounts in baht).",
    );
    const bookingRows = parseCsv(h.telegram.file(bookingsMessage!.document!.file_id)!.data!.toString("utf8").slice(1));
    expect(bookingRows[0]).toEqual([
      "paid_at",
      "reservation_code",
      "reservation_id",
      "invoice_id",
      "agent_id",
      "agent_name",
      "course",
      "tee_time",
      "players",
      "paid_thb",
      "refunded_thb",
      "selling_thb",
      "status",
      "moved_to",
      "moved_from",
    ]);
    expect(bookingRows).toHaveLength(5);
    const rowOf = (r: { code: string }) => bookingRows.find((row) => row[1] === r.code)!;
    for (const [r, agentId, status] of [
      [a1, AGENT, "PAID"],
      [a2, AGENT, "PAID"],
      [b1, ADDED_AGENT, "PAID"],
      [b2, ADDED_AGENT, "REFUNDED"],
    ] as const) {
      const partnerRecord = reservationOf(r.customerName);
      expect(partnerRecord.invoiceId).toMatch(/^INV-/);
      expect(rowOf(r)).toEqual([
        expect.stringMatching(new RegExp(`^${today} \\d\\d:\\d\\d$`)),
        r.code,
        r.id,
        partnerRecord.invoiceId,
        String(agentId),
        agentId === ADDED_AGENT ? `agent ${ADDED_AGENT}` : "",
        r.courseName,
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
        String(r.persons),
        baht(r.amount),
        baht(status === "REFUNDED" ? refundedOf(B) : 0),
        baht(r.amount),
        status,
        "",
        "",
      ]);
    }
    expect(bookingRows.some((row) => row[1] === bHeld.code)).toBe(false);

    for (const bad of [
      "/report",
      `/report ${today}`,
      "/report 2026-02-30 2026-03-01",
      "/report 2026-03-02 2026-03-01",
      "/report 2025-01-01 2026-06-01",
      "/report today week",
    ]) {
      const answer = await say(admin, bad);
      expect(answer.text, bad).toMatch(/^Usage: \/report <from> <to> with dates as YYYY-MM-DD/);
    }
    const empty = await say(admin, "/report 2020-01-01 2020-01-31");
    expect(admin.messages().at(-2)!.text).toContain("No paid bookings in this period.");
    // No chart of an empty period: a line says so.
    expect(admin.messages().at(-2)!.text).toContain("No chart: no tee time was paid and no hold ended in this period.");
    expect(
      admin
        .messages()
        .slice(-2)
        .some((m) => m.photo),
    ).toBe(false);
    // The summary CSV comes even when empty; the bookings CSV only when there are bookings.
    expect(empty.message?.document?.file_name).toBe("fairway-report-2020-01-01-2020-01-31.csv");
    expectTelegramRules(h);
  }, 90_000);

  it("writes names with commas, quotes and Thai so that the CSV still parses back", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    await say(admin, `/agents add 9100 สมชาย "Big" Jaidee, Jr.`);
    await say(admin, "/agents add 9101 =HYPERLINK(1)");
    await paid(h.user(9100, "en"), "Thai Agent Golfer");
    await paid(h.user(9101, "en"), "Formula Agent Golfer");
    const today = courseToday(h.clock(), "Asia/Bangkok");
    await say(admin, `/report ${today} ${today}`);
    const csv = (at: number) =>
      parseCsv(h.telegram.file(admin.messages().at(at)!.document!.file_id)!.data!.toString("utf8").slice(1));
    const rows = csv(-2);
    expect(rows[1]?.slice(0, 3)).toEqual(["9100", `สมชาย "Big" Jaidee, Jr.`, "1"]);
    expect(rows[2]?.slice(0, 3)).toEqual(["9101", "'=HYPERLINK(1)", "1"]);
    expect(rows).toHaveLength(4);
    const bookings = csv(-1);
    expect(bookings.map((row) => row.slice(4, 6))).toEqual([
      ["agent_id", "agent_name"],
      ["9100", `สมชาย "Big" Jaidee, Jr.`],
      ["9101", "'=HYPERLINK(1)"],
    ]);
  }, 60_000);
});

describe("/bookings and /order: who a booking counts for", () => {
  it("asks about the listed bookings' bookers only, never the whole list of agents: an agent from AGENT_IDS, one added, one removed whom the ledger still credits, one removed it does not", async () => {
    await start();
    h.invariants.skip("bookings written straight into the ledger, never reserved at the sandbox");
    const admin = h.user(ADMIN, "en");
    for (const command of ["/agents add 9400", "/agents add 9500", "/agents add 9600"]) await say(admin, command);
    for (const command of ["/agents remove 9500", "/agents remove 9600"]) await say(admin, command);
    const now = h.clock();
    // Newest first: x1 was made last. `user` booked it; `agent` is the agent whose customer that was.
    const made = [
      { code: "X1", user: AGENT, agent: null, who: `agent ${AGENT}` },
      { code: "X2", user: 9400, agent: null, who: "agent 9400" },
      { code: "X3", user: 9500, agent: null, who: "agent 9500" },
      { code: "X4", user: 7001, agent: 9500, who: "agent 9500" },
      { code: "X5", user: 9600, agent: null, who: "direct" },
      { code: "X6", user: 7002, agent: null, who: "direct" },
    ];
    await h.app.storage.db
      .insertInto("bookings")
      .values(
        made.map((b, i) =>
          bookingRow(`attr-${b.code}`, "PAID", now + 86_400_000, now - (i + 1) * 60_000, {
            user_id: b.user,
            chat_id: b.user,
            agent_id: b.agent,
            amount: 300_000,
            reservation_code: b.code,
          }),
        ),
      )
      .execute();
    const agents = h.app.access.agents;
    const list = agents.list.bind(agents);
    let listed = 0;
    agents.list = () => {
      listed += 1;
      return list();
    };

    const answer = await say(admin, "/bookings today");
    expect(answer.text.split("\n")[0]).toBe("Bookings made today");
    expect(
      answer.text
        .split("\n")
        .slice(1)
        .map((l) => l.split(" · ").slice(-2).join(" · ")),
    ).toEqual(made.map((b) => `${b.who} · ${b.code}`));
    for (const b of made)
      expect((await say(admin, `/order ${b.code}`)).text).toContain(`Credited to: ${b.who} · booked by user ${b.user}`);
    expect(listed, "every agent read for a list of six bookings and one booking").toBe(0);
  });
});

describe("/agents", () => {
  it("lists, adds and removes agents, refreshing their command menu; AGENT_IDS agents stay", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    let answer = await say(admin, "/agents");
    expect(answer.text).toMatch(new RegExp(`^Agents\\n• ${AGENT} — from AGENT_IDS\\n\\nAdd: /agents add`));

    answer = await say(admin, "/agents add 9200 Somsak <Sales>");
    expect(answer.text).toBe("✅ 9200 Somsak <Sales> is now an agent. Their command menu has been updated.");
    expect((await h.app.access.whoIs(9200)).role).toBe("agent");
    const menu = (language_code?: string) =>
      h.telegram
        .commands({ scope: { type: "chat", chat_id: 9200 }, ...(language_code ? { language_code } : {}) })
        .map((c) => c.command);
    expect(menu()).toEqual([
      "book",
      "mybookings",
      "trips",
      "move",
      "link",
      "links",
      "payments",
      "promptpay",
      "offers",
      "watches",
      "cancel",
      "language",
      "help",
    ]);
    expect(menu("th")).toEqual(menu());
    answer = await say(admin, "/agents");
    expect(answer.text).toMatch(
      new RegExp(`• 9200 Somsak <Sales> — added by ${ADMIN}, \\w{3} \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d`),
    );
    expect((await say(admin, "/agents add 9200")).text).toBe("9200 is already an agent.");
    expect((await say(admin, `/agents add ${AGENT}`)).text).toBe(`${AGENT} is already an agent.`);
    expect((await say(admin, `/agents add ${ADMIN_TH}`)).text).toBe(
      `${ADMIN_TH} is an administrator and can already do everything an agent can.`,
    );

    const agent = h.user(9200, "en", "Somsak", "stranger");
    expect((await say(agent, "/balance")).text).toBe(ADMIN_ONLY);

    answer = await say(admin, "/agents remove 9200");
    expect(answer.text).toBe(
      "✅ 9200 is no longer an agent. Their links and offer cards no longer admit anyone, their customers can no longer start bookings (they are told to contact the agency), and what concerns those customers now comes to the admins. Their command menu has been updated.",
    );
    expect((await h.app.access.whoIs(9200)).role).toBe("stranger");
    expect(menu()).toEqual([]);
    expect(menu("th")).toEqual([]);
    expect((await say(admin, "/agents remove 9200")).text).toBe("9200 is not an agent added here.");
    expect((await say(admin, `/agents remove ${AGENT}`)).text).toBe(
      `${AGENT} is an agent from AGENT_IDS and can only be removed there (then restart fairway).`,
    );
    expect((await say(admin, "/agents fire 9200")).text).toMatch(/^Add: \/agents add/);
    expect((await say(admin, "/agents add -5")).text).toMatch(/^Add: \/agents add/);
    expectTelegramRules(h);
  });
});

describe("/agents remove: access follows the agent", () => {
  it("the removed agent's links admit nobody, their customers cannot book (told to contact the agency), nothing reaches the partner", async () => {
    await start();
    const admin = h.user(ADMIN, "en");
    await say(admin, "/agents add 9300 Leaving");
    const link = await h.app.access.links.create({ agentId: 9300 });
    const customer = h.user(9301, "en", "Nok", "stranger");
    customer.send(`/start ${link.token}`);
    await h.settle();
    expect(await h.app.access.whoIs(9301)).toMatchObject({ role: "customer", agentId: 9300, standing: "ok" });
    customer.send("/cancel");
    await h.settle();

    await say(admin, "/agents remove 9300");
    expect((await h.app.access.links.get(link.token))?.revoked_at).not.toBeNull();
    const newcomer = h.user(9302, "en", "Mai", "stranger");
    expect((await say(newcomer, `/start ${link.token}`)).text).toContain("no longer sells through fairway");
    expect((await h.app.access.whoIs(9302)).role).toBe("stranger");
    expect(await h.app.access.whoIs(9301)).toMatchObject({ role: "customer", standing: "agent-removed" });
    for (const command of ["/book", "/find sat morning"])
      expect((await say(customer, command)).text).toContain("Please contact the agency to book again.");
    expect((await say(customer, "/mybookings")).text).not.toContain("contact the agency");
    expect(h.sandbox.count("POST", /\/order\/reserve$/)).toBe(0);
    expectTelegramRules(h);
  });
});

describe("/audit", () => {
  it("shows who moved money, when, and the partner's answer; for one booking too", async () => {
    await start({ refundPercent: 80 });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN_TH, "th");
    const r = await paid(agent, "Audit Golfer");
    const other = await paid(agent, "Other Golfer");
    await say(admin, `/refund ${r.code}`);
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const en = h.user(ADMIN, "en");
    let answer = await say(en, "/audit");
    const lines = answer.text.split("\n");
    expect(lines[0]).toBe("Audit log: latest partner calls that move money");
    expect(lines[1]).toMatch(
      new RegExp(
        `^• \\w{3} \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d · ${ADMIN_TH} · refund ${r.id} · ok · ${formatBaht(Math.floor((r.amount * 80) / 100), "en").replace(/[.$]/g, "\\$&")} REFUND$`,
      ),
    );
    expect(lines.filter((l) => l.includes(` · ${AGENT} · confirm `))).toHaveLength(2);
    expect(lines.filter((l) => l.includes(` · ${AGENT} · reserve `))).toHaveLength(2);

    answer = await say(en, `/audit ${other.code}`);
    expect(answer.text.split("\n")[0]).toBe(`Audit log of ${other.code}`);
    expect(
      answer.text
        .split("\n")
        .slice(1)
        .map((l) => l.split(" · ")[2]),
    ).toEqual([`confirm ${other.id}`, `reserve ${other.id}`]);
    expect((await say(en, "/audit <b>nope</b>")).text).toBe("No booking <b>nope</b> in fairway's ledger.");
    const th = await say(admin, "/audit");
    expect(th.text.split("\n")[0]).toBe("บันทึกการตรวจสอบ: รายการล่าสุดที่มีการเคลื่อนไหวของเงิน");
    expectTelegramRules(h);
  }, 60_000);
});
