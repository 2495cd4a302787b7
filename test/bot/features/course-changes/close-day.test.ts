/**
 * /closeday (issue 50), on SQLite and PostgreSQL: a course-day with ten paid bookings over three agents is
 * listed with its customers, confirmed once, and each booking is refunded at the partner once (counted in
 * the sandbox's request log), marked ended by the course with its customer's money owed, and each agent
 * and the admin told of each of theirs; run again (the command, a replayed tap) nothing is refunded or told
 * twice. An agent can neither list nor close a day.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { userActor } from "../../../../src/bookings/index.js";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { addDaysToDateKey, courseToday } from "../../../../src/bot/format/dates.js";
import { intentAt } from "../../../helpers/booking-row.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { forgeTap, panel } from "../../../helpers/flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";

const ADMIN = 9801;
const AGENTS = [9802, 9803, 9804] as const;
const REFUND = /^\/api\/v1\/ext\/order\/[^/]+\/refund$/;
const TOLD = "The course refunded a paid booking";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const texts = (user: SimulatedUser, needle: string) => user.messages().filter((m) => (m.text ?? "").includes(needle));

async function drained(h: Harness): Promise<void> {
  for (let i = 0; i < 400 && ((await h.app.outbox.depth()) > 0 || h.app.outbox.busy()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await h.app.outbox.depth(), "the outbox drained").toBe(0);
  await h.settle();
}

/** Ten paid bookings at one course on `date`, booked by the three agents in turn (4, 3, 3); their ids by agent. */
async function tenBookings(h: Harness, date: string) {
  const course = h.sandbox
    .courses()
    .find(
      (c) =>
        h.sandbox.slots(c.id, date).filter((s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= 2).length >=
        10,
    )!;
  const slots = h.sandbox
    .slots(course.id, date)
    .filter((s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= 2 && s.maxPerson >= 2)
    .slice(0, 10);
  const byAgent = new Map<number, string[]>(AGENTS.map((a) => [a, []]));
  for (const [i, slot] of slots.entries()) {
    const agent = AGENTS[i % 3]!;
    const id = randomUUID();
    await h.app.bookings.createIntent(
      intentAt(slot, { id, userId: agent, agentId: agent }, { customerName: `Golfer ${i + 1}` }),
    );
    expect((await h.app.bookings.reserve(id)).kind).toBe("held");
    expect((await h.app.bookings.confirm(id, { actor: userActor(agent) })).kind).toBe("paid");
    byAgent.get(agent)!.push(id);
  }
  return { course, byAgent };
}

describe.each(databaseFactories)("/closeday ($name)", ({ make }) => {
  it("ten bookings over three agents: listed, refunded once each, everyone told; run twice, nothing more", async () => {
    h = await startHarness({
      db: make(),
      env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: AGENTS.join(",") },
    });
    const admin = h.user(ADMIN, "en");
    const agents = AGENTS.map((a) => h!.user(a, "en"));
    const date = addDaysToDateKey(courseToday(h.clock(), "Asia/Bangkok"), 1);
    const { course, byAgent } = await tenBookings(h, date);
    const all = [...byAgent.values()].flat();

    // An agent may not: the command is refused, a forged confirm too, and nothing is refunded.
    agents[0]!.send(`/closeday ${date} ${course.id}`);
    await h.settle();
    expect(agents[0]!.lastMessage()?.text).toContain("admin");
    forgeTap(agents[0]!, `ad:cd:${course.id}:${date.replaceAll("-", "")}`);
    await h.settle();
    expect(h.sandbox.count("POST", REFUND)).toBe(0);

    admin.send(`/closeday ${date} ${course.id}`);
    await h.settle();
    const list = panel(admin);
    expect(list.text).toContain("10 paid bookings");
    for (let i = 1; i <= 10; i++) expect(list.text).toContain(`Golfer ${i} `);
    const confirm = list.data.find((d) => d.startsWith("ad:cd:"))!;
    expect(Buffer.byteLength(confirm)).toBeLessThanOrEqual(64);
    admin.tap({ messageId: admin.lastMessage()!.message_id, data: confirm });
    await h.settle();
    await drained(h);

    expect(h.sandbox.count("POST", REFUND)).toBe(10);
    const rows = await h.app.storage.db.selectFrom("bookings").selectAll().where("id", "in", all).execute();
    expect(rows.every((b) => b.state === "REFUNDED" && b.ended_by === "course")).toBe(true);
    const owed = await h.app.storage.db.selectFrom("money_owed").select("id").where("booking_id", "in", all).execute();
    expect(owed).toHaveLength(10);
    for (const [i, agent] of AGENTS.entries()) expect(texts(agents[i]!, TOLD)).toHaveLength(byAgent.get(agent)!.length);
    // The course is closed that day: its bookers are offered none of its tee times instead.
    for (const agent of agents)
      for (const m of texts(agent, TOLD)) expect(JSON.stringify(m.reply_markup ?? {})).not.toContain("ce:t:");
    expect(texts(admin, TOLD)).toHaveLength(10);
    expect(texts(admin, "Day closed").at(-1)?.text).toContain("10 refunded now");

    // Again: the tap replayed, then the command: no refund, no message more.
    forgeTap(admin, confirm);
    await h.settle();
    admin.send(`/closeday ${date} ${course.id}`);
    await h.settle();
    expect(admin.lastMessage()?.text).toContain("No paid booking");
    await drained(h);
    expect(h.sandbox.count("POST", REFUND)).toBe(10);
    for (const [i, agent] of AGENTS.entries()) expect(texts(agents[i]!, TOLD)).toHaveLength(byAgent.get(agent)!.length);
    expect(texts(admin, TOLD)).toHaveLength(10);
  });
});
