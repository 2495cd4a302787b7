/** The digest's chart of the last 14 days: once a day per admin, in their language; a line instead when there is nothing to draw. */
import { afterEach, describe, expect, it } from "vitest";
import { createBookingQueries } from "../../../../src/bookings/queries.js";
import { periodChartFigures } from "../../../../src/bot/features/admin/report-chart.js";
import { bangkok, worldClock } from "../../../helpers/clock.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { expectTelegramRules } from "../../../helpers/flow.js";
import { paidBooking, passAt, received } from "./helpers.js";

const ADMIN = 9001;
const ADMIN_TH = 9004;
const AGENT = 9002;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("the digest's chart", () => {
  it("the last 14 days once a day per admin, across restarts; a line when they hold nothing", async () => {
    const x = (h = await startHarness({
      clock: worldClock(bangkok("2026-11-25T05:00")),
      env: { ADMIN_IDS: `${ADMIN},${ADMIN_TH}`, AGENT_IDS: String(AGENT), DIGEST_TIME: "06:00" },
    }));
    const admin = x.user(ADMIN, "en");
    const adminTh = x.user(ADMIN_TH, "th");
    const agent = x.user(AGENT, "en");
    const photos = (user: typeof admin) => user.messages().filter((m) => m.photo);
    // The Thai admin has written to the bot, so fairway knows their language.
    adminTh.send("/digest");
    await x.settle();

    // The 25th's digest covers the 11th–24th: nothing happened, so a line and no picture.
    await passAt(x, bangkok("2026-11-25T06:00"));
    expect(received(admin, "Daily digest for")).toHaveLength(1);
    expect(received(admin, "No chart: no tee time was paid and no hold ended in this period.")).toHaveLength(1);
    expect(photos(admin)).toHaveLength(0);

    const booked = await paidBooking(x, agent, "Digest Chart");
    await passAt(x, bangkok("2026-11-26T06:00"));
    await passAt(x, bangkok("2026-11-26T06:20"));
    await x.restart();
    await passAt(x, bangkok("2026-11-26T06:40"));
    expect(received(admin, "Daily digest for")).toHaveLength(2);
    expect(photos(admin)).toHaveLength(1);
    expect(photos(admin)[0]!.caption).toMatch(/^Sales per day: /);
    expect(photos(adminTh)).toHaveLength(1);
    expect(photos(adminTh)[0]!.caption).toMatch(/^ยอดขายรายวัน: /);
    const png = x.telegram.file(photos(admin)[0]!.photo!.at(-1)!.file_id)!.data!;
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // What it drew: the 12th–25th, the booking on the last bar.
    const figures = await periodChartFigures({
      from: "2026-11-12",
      to: "2026-11-25",
      ledger: createBookingQueries(x.app.storage.db),
      agentIds: new Set([AGENT]),
      names: new Map(),
    });
    expect(figures.buckets).toHaveLength(14);
    expect(figures.buckets.at(-1)).toMatchObject({ start: "2026-11-25", teeTimes: 1, selling: booked.amount });

    await passAt(x, bangkok("2026-11-27T06:00"));
    expect(photos(admin)).toHaveLength(2);
    expect(photos(adminTh)).toHaveLength(2);
    expectTelegramRules(x);
  }, 120_000);
});
