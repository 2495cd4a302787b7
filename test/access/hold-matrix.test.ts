/**
 * Who may have a tee time held, as a rule of the service: every road to a hold (the course list, Back,
 * Change, /book, /find, the tee sheet, an offer card, a watch's Book it, a group) ends in the booking
 * service's reserve, which asks `holdRefusal` (src/access/roles.ts) before any partner call. One table
 * says what each role gets; each row is driven through the app's own service against the sandbox over
 * HTTP, and a refused row must cost no partner reserve. The roles are made as the product makes them:
 * links created, redeemed, revoked and used up, an offer card adopted, an agent removed by the admins'
 * own operation.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HoldRefusal } from "../../src/access/index.js";
import type { ReserveOutcome } from "../../src/bookings/index.js";
import { userActor } from "../../src/bookings/audit.js";
import { databaseFactories } from "../helpers/databases.js";
import { intentAt } from "../helpers/booking-row.js";
import { tomorrow } from "../helpers/flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";

const ADMIN = 9001;
const AGENT = 9002;
const LEAVING = 9003;

type Expected = "held" | HoldRefusal;

/** Each role, the agent its booking is credited to, the course it asks for, and what the service answers. */
const MATRIX: {
  role: string;
  user: number;
  agent: number | null;
  course: "A" | "B";
  expect: Expected;
  /** Who places the hold when not the booking's user (an agent holding a trip's round for its customer). */
  actor?: number;
}[] = [
  { role: "admin", user: ADMIN, agent: null, course: "A", expect: "held" },
  { role: "agent", user: AGENT, agent: null, course: "B", expect: "held" },
  { role: "removed agent", user: LEAVING, agent: null, course: "A", expect: "stranger" },
  { role: "customer of a live link", user: 9101, agent: AGENT, course: "B", expect: "held" },
  { role: "customer of a revoked link", user: 9102, agent: AGENT, course: "A", expect: "link-revoked" },
  { role: "customer of a used-up link", user: 9103, agent: AGENT, course: "A", expect: "held" },
  { role: "customer of an expired link", user: 9104, agent: AGENT, course: "A", expect: "held" },
  { role: "customer of a course-bound link, at its course", user: 9105, agent: AGENT, course: "A", expect: "held" },
  { role: "customer of a course-bound link, elsewhere", user: 9105, agent: AGENT, course: "B", expect: "course" },
  { role: "offer customer, at the offer's course", user: 9106, agent: AGENT, course: "A", expect: "held" },
  { role: "offer customer, elsewhere", user: 9106, agent: AGENT, course: "B", expect: "course" },
  { role: "customer of a removed agent", user: 9107, agent: LEAVING, course: "A", expect: "agent-removed" },
  { role: "customer, credited to another agent", user: 9101, agent: LEAVING, course: "A", expect: "other-agent" },
  { role: "stranger", user: 9108, agent: null, course: "A", expect: "stranger" },
  { role: "stranger, posing as a customer", user: 9109, agent: AGENT, course: "A", expect: "stranger" },
  { role: "customer of a trip's link, on their own", user: 9110, agent: AGENT, course: "A", expect: "trip-only" },
  {
    role: "customer of a trip's link, held by its agent",
    user: 9110,
    agent: AGENT,
    course: "B",
    expect: "held",
    actor: AGENT,
  },
];

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const reserves = (x: Harness) => x.sandbox.count("POST", /\/order\/reserve$/);

/** The roles of the matrix, made through fairway's own access operations. */
async function makeRoles(x: Harness, courses: { A: string; B: string }): Promise<void> {
  const { access, offers } = x.app;
  expect(await access.agents.add(AGENT, "Anan", ADMIN)).toBe(true);
  expect(await access.agents.add(LEAVING, "Leaving", ADMIN)).toBe(true);
  const link = (agentId: number, more: Parameters<typeof access.links.create>[0] = { agentId }) =>
    access.links.create({ ...more, agentId });
  const admit = async (token: string, userId: number) =>
    expect((await access.links.redeem(token, userId, `customer ${userId}`)).ok).toBe(true);

  await admit((await link(AGENT)).token, 9101);
  const revoked = await link(AGENT);
  await admit(revoked.token, 9102);
  expect(await access.links.revoke(revoked.token, AGENT)).toBe(true);
  const once = await link(AGENT, { agentId: AGENT, maxUses: 1 });
  await admit(once.token, 9103);
  expect(await access.links.redeem(once.token, 9199, null)).toEqual({ ok: false, reason: "used-up" });
  const brief = await link(AGENT, { agentId: AGENT, expiresAt: x.clock() + 60_000 });
  await admit(brief.token, 9104);
  x.clock.advance(120_000);
  expect(await access.links.redeem(brief.token, 9198, null)).toEqual({ ok: false, reason: "expired" });
  await admit((await link(AGENT, { agentId: AGENT, courseId: courses.A })).token, 9105);
  await admit((await link(AGENT, { agentId: AGENT, tripId: "trip-matrix", maxUses: 1 })).token, 9110);
  await offers.adopt({ token: "oTESToffer01", agent_id: AGENT, course_id: courses.A }, 9106, "Offer Customer");
  const leaving = await link(LEAVING);
  await admit(leaving.token, 9107);
  expect(await access.agents.remove(LEAVING)).toBe("removed");
  // The removed agent's link admits nobody new.
  expect(await access.links.redeem(leaving.token, 9197, null)).toEqual({ ok: false, reason: "agent-removed" });
}

describe.each(databaseFactories)("a hold is the service's rule, on $name", ({ make }) => {
  it("every role × a hold: the table's answer, and a refused hold costs no partner call", async () => {
    h = await startHarness({ db: make(), env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: "" } });
    const [a, b] = h.sandbox.courses();
    const courses = { A: a!.id, B: b!.id };
    await makeRoles(h, courses);
    const date = tomorrow(h.clock());
    const open = {
      A: h.sandbox.slots(courses.A, date).filter((s) => s.status === "OPEN" && s.minPerson <= 2),
      B: h.sandbox.slots(courses.B, date).filter((s) => s.status === "OPEN" && s.minPerson <= 2),
    };
    const got: { role: string; outcome: Expected }[] = [];
    for (const [i, row] of MATRIX.entries()) {
      const slot = open[row.course].shift()!;
      const before = reserves(h);
      await h.app.bookings.createIntent(intentAt(slot, { id: `matrix-${i}`, userId: row.user, agentId: row.agent }));
      const out: ReserveOutcome = await h.app.bookings.reserve(
        `matrix-${i}`,
        row.actor === undefined ? {} : { actor: userActor(row.actor) },
      );
      const outcome: Expected = out.kind === "refused" ? out.reason : out.kind === "held" ? "held" : "stranger";
      got.push({ role: row.role, outcome });
      if (outcome !== "held") expect(reserves(h), `${row.role}: no partner call`).toBe(before);
      // Replayed (a conversation's replay, a double tap): the same answer, still no partner call.
      expect((await h.app.bookings.reserve(`matrix-${i}`)).kind).toBe(out.kind);
    }
    expect(got).toEqual(MATRIX.map((r) => ({ role: r.role, outcome: r.expect })));
    expect(reserves(h)).toBe(MATRIX.filter((r) => r.expect === "held").length);
  });

  it("a customer holds at most CUSTOMER_MAX_HOLDS tee times at once; a released one frees a place", async () => {
    h = await startHarness({ db: make(), env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: "", CUSTOMER_MAX_HOLDS: "2" } });
    expect(await h.app.access.agents.add(AGENT, "Anan", ADMIN)).toBe(true);
    const token = (await h.app.access.links.create({ agentId: AGENT })).token;
    expect((await h.app.access.links.redeem(token, 9201, "Nok")).ok).toBe(true);
    const open = h.sandbox.slots(h.sandbox.courses()[0]!.id, tomorrow(h.clock())).filter((s) => s.status === "OPEN");
    const hold = async (i: number) => {
      const slot = open[i]!;
      await h!.app.bookings.createIntent(
        intentAt(slot, { id: `cap-${i}`, userId: 9201, agentId: AGENT, persons: slot.minPerson }),
      );
      return h!.app.bookings.reserve(`cap-${i}`);
    };
    expect((await hold(0)).kind).toBe("held");
    expect((await hold(1)).kind).toBe("held");
    const third = await hold(2);
    expect(third).toMatchObject({ kind: "refused", reason: "too-many-holds" });
    expect(reserves(h)).toBe(2);
    await h.app.bookings.release("cap-0", { reason: "user-cancel" });
    expect((await hold(3)).kind).toBe("held");
  });
});
