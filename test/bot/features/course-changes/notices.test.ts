/**
 * When the course changes the plan, everyone hears it once (issue 50), on SQLite and PostgreSQL: the
 * sandbox's knob (over HTTP) ends a customer's paid booking or moves its tee time, and after one pass of
 * the course-changes poll the agent, the customer (in Thai) and the admin have exactly one message each,
 * saying what happened, what went back to the agency's credit (staff only; "not stated" when the partner does
 * not say) and what the customer is
 * owed; a second pass, and a second instance's pass racing the first, send nothing more. The voucher's page
 * says "cancelled by the course", no reminder follows, and /report and the digest count it apart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../../../src/app.js";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { createLogger } from "../../../../src/logger.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { courseToday } from "../../../../src/bot/format/dates.js";
import type { BookingRecord } from "../../../../src/bookings/index.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { createLink, customerBooks } from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";

const AGENT = 9702;
const ADMIN = 9701;
const CUSTOMER = 109_702;
const HOUR = 60 * 60_000;
const ENDED_STAFF = "The course refunded a paid booking";
const ENDED_CUSTOMER = "สนามได้ยกเลิกเวลาทีออฟของคุณ";
const MOVED_STAFF = "The course moved a paid booking's tee time";
const MOVED_CUSTOMER = "สนามได้เปลี่ยนเวลาทีออฟของคุณ";

let h: Harness | undefined;
let second: App | undefined;
afterEach(async () => {
  await second?.stop();
  second = undefined;
  await h?.stop();
  h = undefined;
});

const texts = (user: SimulatedUser, needle: string) =>
  user.messages().filter((m) => (m.text ?? m.caption ?? "").includes(needle));

/** A sandbox knob, over HTTP as the playground's side panel calls it. */
async function knob(h: Harness, name: "end" | "tee-time", body: Record<string, string>): Promise<void> {
  const res = await fetch(`${h.sandbox.url}/__sandbox/course/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Waits until what was queued went out through the leader's outbox. */
async function drained(h: Harness): Promise<void> {
  for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await h.app.outbox.depth(), "the outbox drained").toBe(0);
  await h.settle();
}

/** The agent's link, a Thai customer books and pays through it; the booking's row. */
async function customerBooking(h: Harness) {
  const agent = h.user(AGENT, "en");
  const admin = h.user(ADMIN, "en");
  const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
  const customer = h.user(CUSTOMER, "th", "Malee", "stranger");
  customer.send(`/start ${token}`);
  await h.settle();
  await customerBooks(h, customer);
  const b = await h.app.storage.db
    .selectFrom("bookings")
    .selectAll()
    .where("user_id", "=", CUSTOMER)
    .executeTakeFirstOrThrow();
  expect(b.state).toBe("PAID");
  return { agent, admin, customer, b };
}

const row = (h: Harness, id: string): Promise<BookingRecord> =>
  h.app.storage.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(databaseFactories)("the course's changes told ($name)", ({ make }) => {
  const start = async () =>
    (h = await startHarness({
      db: make(),
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT), VOUCHER_URL: "https://vouchers.fairway.example" },
    }));

  it("a refund by the course: one message each to the agent, the customer (Thai) and the admin; never again", async () => {
    const h = await start();
    const { agent, admin, customer, b } = await customerBooking(h);
    await knob(h, "end", { reservationId: b.reservation_id!, status: "REFUND" });

    h.clock.set(b.slot_starts_at - 2 * HOUR);
    // A second instance on the same database (not started: only its pass runs, queuing in the shared outbox).
    second = await createApp({ config: h.app.config, logger: createLogger({ level: "silent" }), now: h.clock });
    // The leader's pass and a second instance's at once (a leader change mid-pass): one notice each.
    const passes = await Promise.all([h.app.courseChanges.pass(), second.courseChanges.pass()]);
    // Only the read that moved the ledger off PAID reports the end.
    expect(passes.flatMap((p) => p.changes)).toHaveLength(1);
    await drained(h);

    const ended = await row(h, b.id);
    expect(ended).toMatchObject({ state: "REFUNDED", ended_by: "course" });
    const staff = texts(agent, ENDED_STAFF);
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain(b.reservation_code!);
    // A read states no credit (docs/partner-api-choices.md): staff are told so, not a guess.
    expect(staff[0]!.text).toContain("Returned to the agency's credit: amount not stated");
    expect(staff[0]!.text).toContain(`Owed to the customer: ${formatBaht(b.selling_amount!, "en")}`);
    expect(texts(admin, ENDED_STAFF)).toHaveLength(1);
    const told = texts(customer, ENDED_CUSTOMER);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(formatBaht(b.selling_amount!, "th"));
    // The customer never sees the net.
    if (b.selling_amount !== b.amount) expect(told[0]!.text).not.toContain(formatBaht(b.amount!, "th"));

    // The customer's voucher page says so, in Thai; the 2-hour reminder does not come.
    const voucher = await h.app.storage.db
      .selectFrom("vouchers")
      .select("token")
      .where("booking_id", "=", b.id)
      .executeTakeFirstOrThrow();
    const page = await (await fetch(`${h.app.httpUrl()}/v/${voucher.token}`)).text();
    expect(page).toContain("สนามยกเลิกแล้ว");
    await h.app.afterBooking.tick();
    await drained(h);
    expect(texts(customer, "แจ้งเตือน")).toHaveLength(0);
    expect(texts(agent, "tees off in")).toHaveLength(0);

    // /report counts it apart from the agency's refunds; so does the day's digest.
    const paidDay = courseToday(b.paid_at!, "Asia/Bangkok");
    admin.send(`/report ${paidDay} ${paidDay}`);
    await h.settle();
    const report = texts(admin, "Report").at(-1)?.text ?? "";
    expect(report).toContain(`0 refunded ฿0`);
    expect(report).toContain("1 ended by the course");
    const digest = await h.app.afterBooking.digest.figures(courseToday(h.clock(), "Asia/Bangkok"));
    expect(digest).toMatchObject({ refundedCount: 0, courseEnded: { count: 1 } });

    // Later passes, on either instance: nothing more.
    h.clock.advance(HOUR);
    await h.app.courseChanges.pass();
    await second.courseChanges.pass();
    await drained(h);
    expect(texts(agent, ENDED_STAFF)).toHaveLength(1);
    expect(texts(admin, ENDED_STAFF)).toHaveLength(1);
    expect(texts(customer, ENDED_CUSTOMER)).toHaveLength(1);
  });

  it("an end a person's read found first is told by the next pass; a moved tee time is told once with both times", async () => {
    const h = await start();
    const { agent, admin, customer, b } = await customerBooking(h);
    await knob(h, "tee-time", { reservationId: b.reservation_id! });
    h.clock.set(b.slot_starts_at - 3 * HOUR);
    await h.app.courseChanges.pass();
    await drained(h);
    const moved = await row(h, b.id);
    expect(moved.slot_starts_at).not.toBe(b.slot_starts_at);
    expect(texts(agent, MOVED_STAFF)).toHaveLength(1);
    expect(texts(admin, MOVED_STAFF)).toHaveLength(1);
    expect(texts(customer, MOVED_CUSTOMER)).toHaveLength(1);

    // The course then cancels it; the agent's /mybookings read finds it before the poll does.
    await knob(h, "end", { reservationId: b.reservation_id!, status: "CANCEL" });
    await h.app.bookings.refresh(b.id);
    expect(await row(h, b.id)).toMatchObject({ state: "RELEASED", ended_by: "course" });
    h.clock.advance(10 * 60_000);
    await h.app.courseChanges.pass();
    await h.app.courseChanges.pass();
    await drained(h);
    expect(texts(agent, "The course cancelled a paid booking")).toHaveLength(1);
    expect(texts(admin, "The course cancelled a paid booking")).toHaveLength(1);
    expect(texts(customer, ENDED_CUSTOMER)).toHaveLength(1);
  });
});
