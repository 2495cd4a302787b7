import { afterEach, describe, expect, it } from "vitest";
import { createPriceRules } from "../../../src/pricing/rules.js";
import { databaseFactories } from "../../helpers/databases.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { panel } from "../../helpers/flow.js";

const ADMIN = 9101;
const AGENT = 9102;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function say(user: ReturnType<Harness["user"]>, text: string) {
  user.send(text);
  await h!.settle();
  return panel(user).text;
}

describe("/prices (admins)", () => {
  it("shows PRICE_MARKUP as the agency's default, with a preview on a real tee time", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN), PRICE_MARKUP: "20%", PRICE_ROUNDING: "10" } });
    const admin = h.user(ADMIN);
    const text = await say(admin, "/prices");
    expect(text).toContain("Agency: 20% on the net price (from PRICE_MARKUP)");
    expect(text).toContain("Rounded up to 10 baht");
    const preview = /Net (฿[\d,.]+) → customer pays (฿[\d,.]+) per player · margin (฿[\d,.]+)/.exec(text);
    expect(preview, text).not.toBeNull();
    const baht = (s: string) => Number(s.replace(/[฿,]/g, ""));
    const [net, selling, margin] = [baht(preview![1]!), baht(preview![2]!), baht(preview![3]!)];
    expect(selling).toBe(Math.ceil((net * 1.2) / 10) * 10);
    expect(margin).toBe(selling - net);
  });

  it("sets, overrides and clears rules; every change is in the audit log; others may not", async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) } });
    const admin = h.user(ADMIN);
    expect(await say(admin, "/prices")).toContain("Agency: no markup (the partner's price) (nothing set)");
    expect(await say(admin, "/prices 15%")).toContain("The agency's markup is now 15% on the net price.");
    expect(await say(admin, "/prices round 50")).toContain("rounded up to 50 baht");
    const course = (await h.app.partner.listCourses())[0]!;
    expect(await say(admin, `/prices course ${course.id} 300`)).toContain(
      `${course.name} now sells at ฿300 per player`,
    );
    expect(await say(admin, `/prices agent ${AGENT} 10%`)).toContain(`${AGENT} now sells at 10% on the net price`);
    expect(await say(admin, "/prices 12%%")).toContain("Set: ");
    expect(await say(admin, "/prices round 7")).toContain("Rounding must be 1, 10, 50 or 100");

    const book = await createPriceRules({ db: h.app.storage.db, now: h.clock, envMarkup: null, envRounding: 1 }).book();
    expect(book.perPlayer(180_000, { courseId: "other", agentId: 1 })).toBe(210_000); // 2070 → 2100
    expect(book.perPlayer(180_000, { courseId: "other", agentId: AGENT })).toBe(200_000);
    expect(book.perPlayer(180_000, { courseId: course.id, agentId: AGENT })).toBe(210_000); // 1800 + 300

    expect(await say(admin, `/prices agent ${AGENT} off`)).toContain(`${AGENT} has no override now`);
    expect(await say(admin, "/prices none")).toContain("The agency's markup is now no markup");
    const audit = await h.app.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "price-rule")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => `${a.actor} ${a.outcome} ${JSON.parse(a.detail ?? "{}").scope}`)).toEqual([
      `user:${ADMIN} set agency`,
      `user:${ADMIN} set agency`,
      `user:${ADMIN} set course`,
      `user:${ADMIN} set agent`,
      `user:${ADMIN} cleared agent`,
      `user:${ADMIN} set agency`,
    ]);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ before: null, after: { markup: "15%" } });

    const agent = h.user(AGENT);
    expect(await say(agent, "/prices 90%")).toBe("This command is for administrators.");
  });
});

describe.each(databaseFactories)("price rules on $name", ({ make }) => {
  it("are stored and read back", async () => {
    h = await startHarness({ db: make(), env: { ADMIN_IDS: String(ADMIN) } });
    const rules = createPriceRules({ db: h.app.storage.db, now: h.clock, envMarkup: null, envRounding: 1, cacheMs: 0 });
    await rules.set({ kind: "agency" }, { markup: { kind: "per-player", satang: 25_000 }, rounding: 100 }, ADMIN);
    await rules.set({ kind: "course", courseId: "c-1" }, { markup: { kind: "percent", basisPoints: 2000 } }, ADMIN);
    const book = await rules.book();
    expect(book.rules.agencySource).toBe("agency");
    expect(book.perPlayer(180_000, { courseId: "x", agentId: null })).toBe(210_000);
    expect(book.perPlayer(180_000, { courseId: "c-1", agentId: null })).toBe(220_000);
    expect(await rules.clear({ kind: "course", courseId: "c-1" }, ADMIN)).toBe(true);
    expect(await rules.clear({ kind: "course", courseId: "c-1" }, ADMIN)).toBe(false);
  });
});
