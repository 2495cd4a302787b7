/**
 * When the course ends a paid booking, its booker's notice names up to three open tee times at the same
 * course that day, nearest the old one, each a button that opens the booking flow on it for the same
 * players and customer name: one tap, then the customer's e-mail and mobile, and the new hold stands. A tee
 * time another agency took since the notice is said so and the flow opens on that day's tee times; the
 * admins' notice has no buttons, and another agent's forged tap is refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import type { BookingRecord } from "../../../../src/bookings/index.js";
import { dataOf } from "../../../helpers/buttons.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { callbackAnswerText, forgeTap, paidBooking, panel, partnerRequest, tapData } from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";

const AGENT = 9712;
const ADMIN = 9711;
const OTHER_AGENT = 9713;
const HOUR = 60 * 60_000;
const ENDED_STAFF = "The course refunded a paid booking";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const notice = (user: SimulatedUser) => user.messages().find((m) => (m.text ?? "").includes(ENDED_STAFF));

async function drained(h: Harness): Promise<void> {
  for (let i = 0; i < 300 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await h.settle();
}

/** The agent's paid booking, refunded by the course and told by one pass two hours before its tee time. */
async function endedByCourse(h: Harness) {
  const agent = h.user(AGENT, "en");
  const admin = h.user(ADMIN, "en");
  const b = await paidBooking(h, agent, "Somchai Jaidee");
  const res = await fetch(`${h.sandbox.url}/__sandbox/course/end`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reservationId: b.reservation_id, status: "REFUND" }),
  });
  expect(res.status).toBe(200);
  h.clock.set(b.slot_starts_at - 2 * HOUR);
  await h.app.courseChanges.pass();
  await drained(h);
  return { agent, admin, b };
}

/** The sandbox's open tee times of the booking's course and day, by id. */
function openSlots(h: Harness, b: BookingRecord, date: string) {
  return new Map(
    h.sandbox
      .slots(b.course_id, date)
      .filter((s) => s.status === "OPEN")
      .map((s) => [s.id, s]),
  );
}

describe.each(databaseFactories)("alternatives to a booking the course ended ($name)", ({ make }) => {
  const start = async () =>
    (h = await startHarness({ db: make(), env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}` } }));

  it("the booker taps one of three nearest open tee times and holds it for the same players and name", async () => {
    const h = await start();
    const { agent, admin, b } = await endedByCourse(h);
    const told = notice(agent)!;
    expect(told.text).toContain("Open tee times near it at the course that day");
    const alternatives = dataOf(told).filter((d) => d.startsWith("ce:t:"));
    expect(alternatives).toHaveLength(3);
    for (const d of alternatives) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    // Open, taking the party, not the old tee time (open again at the sandbox), nearer than any other that would do.
    const date = new Date(b.slot_starts_at + 7 * HOUR).toISOString().slice(0, 10);
    const open = openSlots(h, b, date);
    const ids = alternatives.map((d) => d.split(":")[3]!);
    const gap = (id: string) => Math.abs(open.get(id)!.startMs - b.slot_starts_at);
    for (const id of ids) expect(open.has(id) && id !== b.slot_id).toBe(true);
    const others = [...open.values()].filter(
      (s) =>
        ![...ids, b.slot_id].includes(s.id) &&
        s.minPerson <= b.persons &&
        b.persons <= s.maxPerson &&
        s.startMs > h.clock(),
    );
    for (const s of others)
      expect(Math.abs(s.startMs - b.slot_starts_at)).toBeGreaterThanOrEqual(Math.max(...ids.map(gap)));
    // The admins hear of it without the buttons.
    expect(dataOf(notice(admin)).some((d) => d.startsWith("ce:"))).toBe(false);

    // Another agent's forged tap is refused by the service's rule; nothing opens.
    const other = h.user(OTHER_AGENT, "en");
    other.send("/start");
    await h.settle();
    const seen = other.messages().length;
    const forged = forgeTap(other, alternatives[0]!);
    await h.settle();
    expect(callbackAnswerText(h, forged)).toBe("Only its agent or an admin can rebook this booking.");
    expect(other.messages()).toHaveLength(seen);

    // The booker's tap: the flow opens at the golfer's details, the name kept; e-mail, mobile, then the hold.
    tapData(agent, new RegExp(`^${alternatives[0]!}$`));
    await h.settle();
    tapData(agent, /:keep$/);
    await h.settle();
    agent.send("somchai@example.com");
    await h.settle();
    agent.send("081-234-5678");
    await h.settle();
    expect(panel(agent).text).toContain("Your tee time is on hold");
    const again = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "!=", b.id)
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({
      slot_id: ids[0],
      course_id: b.course_id,
      persons: b.persons,
      customer_name: b.customer_name,
      state: "HELD",
    });
  });

  it("a tee time taken since the notice is said so, and the flow opens on that day's tee times", async () => {
    const h = await start();
    const { agent, b } = await endedByCourse(h);
    const alternatives = dataOf(notice(agent)).filter((d) => d.startsWith("ce:t:"));
    const taken = alternatives[1]!.split(":")[3]!;
    const res = await partnerRequest(h, "POST", "/order/reserve", {
      slotId: taken,
      persons: b.persons,
      customerName: "Other Agency Golfer",
      customerEmail: "other@example.com",
      customerMobile: "+66899999999",
    });
    expect(res.status).toBe(200);
    const queryId = tapData(agent, new RegExp(`^${alternatives[1]!}$`));
    await h.settle();
    expect(callbackAnswerText(h, queryId)).toContain("just been taken");
    expect(panel(agent).data.some((d) => /:s:\d+$/.test(d))).toBe(true);
  });
});
