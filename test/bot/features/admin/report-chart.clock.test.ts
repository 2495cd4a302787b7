/**
 * /report's chart against the ledger: a world with agents' and a customer's bookings, a group, a markup,
 * a refund and a released hold over two days, the chart's figures read back from the ledger's tables
 * by hand; the photo in both languages; no chart for an empty period.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createBookingQueries } from "../../../../src/bookings/queries.js";
import { periodChartFigures } from "../../../../src/bot/features/admin/report-chart.js";
import { dateKeyOf } from "../../../../src/time/today.js";
import { bangkok, worldClock } from "../../../helpers/clock.js";
import { bookUntilHold, expectTelegramRules, paidBooking, tapData } from "../../../helpers/flow.js";
import { bookGroup } from "../../../helpers/group-flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";

const ADMIN = 9001;
const ADMIN_TH = 9004;
const AGENT = 9002;
const OTHER_AGENT = 9003;
const CLIENT = 5301;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("/report's chart", () => {
  it("has the ledger's figures per day, course and agent (refunds, a released hold, a group, a markup), drawn in the admin's language", async () => {
    h = await startHarness({
      clock: worldClock(bangkok("2026-11-24T10:00")),
      env: { ADMIN_IDS: `${ADMIN},${ADMIN_TH}`, AGENT_IDS: `${AGENT},${OTHER_AGENT}`, PRICE_MARKUP: "20%" },
    });
    const x = h;
    const agent = x.user(AGENT, "en");
    const other = x.user(OTHER_AGENT, "en");
    const admin = x.user(ADMIN, "en");
    const adminTh = x.user(ADMIN_TH, "th");
    const link = await x.app.access.links.create({ agentId: AGENT });
    const client = x.user(CLIENT, "en", "Malee", "stranger");
    client.send(`/start ${link.token}`);
    await x.settle();
    // The link starts a booking; the customer leaves it to book from the start as the helpers do.
    client.send("/cancel");
    await x.settle();

    // The 24th: an agent's booking, their customer's (at the marked-up price), a group of 8, a released hold.
    await paidBooking(x, agent, "Chart One");
    await paidBooking(x, client, "Chart Client");
    const group = await bookGroup(x, other, { players: 8, name: "Chart Group" });
    expect(group.flights.length).toBeGreaterThan(1);
    await bookUntilHold(x, agent, { name: "Chart Released" });
    tapData(agent, /:cancel$/);
    await x.settle();
    // The 25th: another booking, refunded the same day. The 26th: nothing.
    x.clock.set(bangkok("2026-11-25T09:00"));
    const refunded = await paidBooking(x, other, "Chart Refunded");
    admin.send(`/refund ${refunded.reservation_code}`);
    await x.settle();
    tapData(admin, /^ad:rf:/);
    await x.settle();
    x.clock.set(bangkok("2026-11-27T08:00"));

    // The ledger, read by hand: what the chart must show.
    const rows = await x.app.storage.db.selectFrom("bookings").selectAll().execute();
    const paid = rows.filter((b) => ["PAID", "REFUNDING", "REFUNDED"].includes(b.state));
    expect(paid.find((b) => b.id === refunded.id)?.state).toBe("REFUNDED");
    expect(
      paid.some((b) => b.selling_amount !== null && b.selling_amount > (b.amount ?? 0)),
      "a markup",
    ).toBe(true);
    const released = await x.app.storage.db
      .selectFrom("booking_events")
      .select("at")
      .where("to_state", "=", "RELEASED")
      .execute();
    expect(released.length).toBeGreaterThan(0);
    const selling = (b: (typeof paid)[number]) => b.selling_amount ?? b.amount ?? b.expected_amount;
    const margin = (b: (typeof paid)[number]) => selling(b) - (b.amount ?? b.expected_amount);
    const onDay = (day: string) => paid.filter((b) => dateKeyOf(b.paid_at ?? b.created_at, "Asia/Bangkok") === day);
    const total = (list: typeof paid, f: (b: (typeof paid)[number]) => number) => list.reduce((s, b) => s + f(b), 0);

    const figures = await periodChartFigures({
      from: "2026-11-24",
      to: "2026-11-26",
      ledger: createBookingQueries(x.app.storage.db),
      agentIds: new Set([AGENT, OTHER_AGENT]),
      names: new Map(),
    });
    expect(figures.grain).toBe("day");
    expect(figures.buckets).toEqual(
      ["2026-11-24", "2026-11-25", "2026-11-26"].map((day) => ({
        start: day,
        end: day,
        selling: total(onDay(day), selling),
        margin: total(onDay(day), margin),
        teeTimes: onDay(day).length,
        unpaidHolds: released.filter((e) => dateKeyOf(e.at, "Asia/Bangkok") === day).length,
      })),
    );
    expect(figures.buckets[0]!.teeTimes).toBe(2 + group.flights.length);
    expect(figures.buckets[0]!.margin).toBeGreaterThan(0);
    expect(figures.buckets[1]!.teeTimes).toBe(1);
    expect(figures.unpaidHolds).toBe(released.length);
    expect(figures.selling).toBe(total(paid, selling));
    expect(figures.margin).toBe(total(paid, margin));
    // Ranked by selling total: the agent of the group first.
    expect(figures.agents.map((a) => [a.agent, a.selling, a.teeTimes])).toEqual(
      [OTHER_AGENT, AGENT]
        .map((id) => {
          const theirs = paid.filter((b) => (b.agent_id ?? b.user_id) === id);
          return [id, total(theirs, selling), theirs.length];
        })
        .sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
    const courseIds = [...new Set(paid.map((b) => b.course_id))];
    expect(figures.courses.map((c) => [c.courseId, c.selling]).sort()).toEqual(
      courseIds
        .map((id) => [
          id,
          total(
            paid.filter((b) => b.course_id === id),
            selling,
          ),
        ])
        .sort(),
    );

    // What the admins see: the report's text, the chart as a photo, then the CSVs; the CSV's totals are the chart's.
    for (const [who, caption] of [
      [admin, "Sales per day: "],
      [adminTh, "ยอดขายรายวัน: "],
    ] as const) {
      who.send("/report 2026-11-24 2026-11-26");
      await x.settle();
      const [text, photo, csv] = who.messages().slice(-4);
      expect(text?.text).toBeDefined();
      expect(photo?.photo, "the chart").toBeDefined();
      expect(photo?.caption?.startsWith(caption)).toBe(true);
      const png = x.telegram.file(photo!.photo!.at(-1)!.file_id)!.data!;
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const cells = x.telegram
        .file(csv!.document!.file_id)!
        .data!.toString("utf8")
        .trimEnd()
        .split("\r\n")
        .at(-1)!
        .split(",");
      expect(cells.slice(7, 9)).toEqual([(figures.selling / 100).toFixed(2), (figures.margin / 100).toFixed(2)]);
    }

    // A period with nothing in it: a line, no picture.
    const before = admin.messages().filter((m) => m.photo).length;
    admin.send("/report 2026-10-01 2026-10-31");
    await x.settle();
    expect(admin.messages().filter((m) => m.photo)).toHaveLength(before);
    expect(admin.messages().at(-2)?.text).toContain("No chart: no tee time was paid and no hold ended in this period.");
    expectTelegramRules(x);
  }, 120_000);
});
