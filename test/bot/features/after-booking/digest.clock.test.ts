import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { bangkok, worldClock } from "../../../helpers/clock.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import {
  bookUntilHold,
  expectTelegramRules,
  moveAndApprove,
  otherTeeTime,
  panel,
  tapData,
} from "../../../helpers/flow.js";
import { paidBooking, passAt, received } from "./helpers.js";

const ADMIN = 9001;
const ADMIN_TH = 9004;
const AGENT = 9002;
const DIGEST = "Daily digest for";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function start(at: number, env: Record<string, string> = {}): Promise<Harness> {
  h = await startHarness({
    clock: worldClock(at),
    env: { ADMIN_IDS: `${ADMIN},${ADMIN_TH}`, AGENT_IDS: String(AGENT), ...env },
  });
  return h;
}

async function say(h: Harness, user: SimulatedUser, text: string): Promise<string> {
  user.send(text);
  await h.settle();
  return panel(user).text;
}

/** The CSV the digest attached last for `admin`, as rows of cells. */
function lastCsv(h: Harness, admin: SimulatedUser): string[][] {
  const doc = [...admin.messages()].reverse().find((m) => m.document)!;
  expect(doc.document?.file_name).toMatch(/^fairway-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = h.telegram
    .file(doc.document!.file_id)!
    .data!.toString("utf8")
    .replace(/^\uFEFF/, "");
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

const baht = (satang: number) => (satang / 100).toFixed(2);

describe("the admins' daily digest", () => {
  it("counts a move's refund once: on its moves line, not again among the refunds", async () => {
    const h = await start(bangkok("2026-11-25T09:00"), { DIGEST_TIME: "06:00" });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const moved = await paidBooking(h, agent, "Somchai Moved Once");
    const refunded = await paidBooking(h, agent, "Somchai Refunded");
    const done = (await moveAndApprove(h, admin, moved, otherTeeTime(h, moved))).move;
    expect(done.state).toBe("DONE");
    admin.send(`/refund ${refunded.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const credited = (await h.app.bookings.get(refunded.id))!.refunded_amount!;
    expect(credited).toBeGreaterThan(0);

    await passAt(h, bangkok("2026-11-26T06:00"));
    const text = received(admin, DIGEST)[0]!.text!;
    expect(text).toContain(`Refunds: 1 · ${formatBaht(credited, "en")}`);
    expect(text).toContain(`1 done (${formatBaht(done.refunded_amount!, "en")} credited back for the old ones)`);
  });

  it("counts the day's moves to another tee time: done with the partner's refund, unwound", async () => {
    const h = await start(bangkok("2026-11-25T09:00"), { DIGEST_TIME: "06:00" });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const moved = await paidBooking(h, agent, "Somchai Moved");
    const kept = await paidBooking(h, agent, "Somchai Kept");
    const done = (await moveAndApprove(h, admin, moved, otherTeeTime(h, moved))).move;
    const target = otherTeeTime(h, kept);
    h.sandbox.faults.add({ method: "POST", path: /\/refund$/, kind: "status", status: 422 });
    await moveAndApprove(h, admin, kept, target);
    expect(done.state).toBe("DONE");

    await passAt(h, bangkok("2026-11-26T06:00"));
    const text = received(admin, DIGEST)[0]!.text!;
    expect(text).toContain(
      `Moves to another tee time: 1 done (${formatBaht(done.refunded_amount!, "en")} credited back for the old ones), 1 unwound (refund refused)`,
    );
  });

  it("yesterday in Bangkok (the UTC date differs at 06:00), once a day across restarts, /digest off respected", async () => {
    // 05:00 in Bangkok on the 25th is still the 24th in UTC.
    const h = await start(bangkok("2026-11-25T05:00"), { DIGEST_TIME: "06:00" });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const adminTh = h.user(ADMIN_TH, "th");
    const a = await paidBooking(h, agent, "Somchai Early");

    h.clock.set(bangkok("2026-11-25T12:00"));
    const b = await paidBooking(h, agent, "Somchai Noon");
    const c = await paidBooking(h, agent, "Somchai Refund");
    admin.send(`/refund ${c.reservation_code}`);
    await h.settle();
    tapData(admin, /^ad:rf:/);
    await h.settle();
    const refunded = (await h.app.bookings.get(c.id))!;
    expect(refunded.state).toBe("REFUNDED");
    await bookUntilHold(h, agent, { name: "Somchai Released" });
    tapData(agent, /:cancel$/);
    await h.settle();

    // The agent asks to cancel the noon booking (no reason): one request waits for the admins.
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, new RegExp(`^mb:view:${b.id}$`));
    await h.settle();
    tapData(agent, new RegExp(`^cr:${b.id}$`));
    await h.settle();
    tapData(agent, /^rq:skip:/);
    await h.settle();

    // The Thai admin turns the digest off.
    expect(await say(h, adminTh, "/digest")).toContain("สรุปประจำวันเปิดอยู่สำหรับคุณ");
    expect(await say(h, adminTh, "/digest off")).toContain("คุณจะไม่ได้รับสรุปประจำวันอีก");

    // 03:00 on the 26th in Bangkok (20:00 on the 25th in UTC): today's, not yesterday's.
    h.clock.set(bangkok("2026-11-26T03:00"));
    const e = await paidBooking(h, agent, "Somchai Night");

    await passAt(h, bangkok("2026-11-26T05:59"));
    expect(received(admin, DIGEST)).toHaveLength(0);
    await passAt(h, bangkok("2026-11-26T06:00"));
    const digests = received(admin, DIGEST);
    expect(digests).toHaveLength(1);
    const paidAmount = [a, b, c].reduce((s, x) => s + x.amount!, 0);
    const text = digests[0]!.text!;
    expect(text).toContain("Daily digest for Wed 25 Nov 2026");
    expect(text).toContain(`Bookings paid: 3 · revenue ${formatBaht(paidAmount, "en")}`);
    expect(text).toContain(`Refunds: 1 · ${formatBaht(refunded.refunded_amount!, "en")}`);
    expect(text).toContain("Holds released: 1");
    expect(text).toContain("Cancellation requests waiting: 1");
    expect(text).toContain(`Partner credit now: ${formatBaht(h.sandbox.balance(), "en")}`);
    const rows = lastCsv(h, admin);
    expect(rows.at(-1)).toEqual([
      "total",
      "",
      "3",
      baht(paidAmount),
      "1",
      baht(refunded.refunded_amount!),
      baht(paidAmount - refunded.refunded_amount!),
      baht(paidAmount),
      "0.00",
      "0",
      "0",
      "0.00",
    ]);
    expect(text).toContain(`Margin on them: ${formatBaht(0, "en")}`);
    expect(received(adminTh, "สรุปประจำวันที่")).toHaveLength(0);

    // Once a day: a later pass, a restart, another pass.
    await passAt(h, bangkok("2026-11-26T06:20"));
    await h.restart();
    await passAt(h, bangkok("2026-11-26T06:40"));
    expect(received(admin, DIGEST)).toHaveLength(1);

    // The next day: the 26th's booking; the Thai admin turned it back on and reads it in Thai.
    expect(await say(h, adminTh, "/digest on")).toContain("คุณจะได้รับสรุปประจำวัน");
    await passAt(h, bangkok("2026-11-27T06:00"));
    expect(received(admin, DIGEST)).toHaveLength(2);
    expect(received(admin, DIGEST).at(-1)!.text).toContain(`Bookings paid: 1 · revenue ${formatBaht(e.amount!, "en")}`);
    const thai = received(adminTh, "สรุปประจำวันที่");
    expect(thai).toHaveLength(1);
    expect(thai[0]!.text).toContain(`การจองที่ชำระแล้ว: 1 รายการ · รายได้ ${formatBaht(e.amount!, "th")}`);
    expect(lastCsv(h, adminTh).at(-1)?.slice(0, 4)).toEqual(["total", "", "1", baht(e.amount!)]);
    expectTelegramRules(h);
  });

  it("a digest missed by more than an hour (fairway was down) waits for the next day; /digest is for admins only", async () => {
    const h = await start(bangkok("2026-11-25T09:30"));
    const admin = h.user(ADMIN, "en");
    const agent = h.user(AGENT, "en");
    await passAt(h, bangkok("2026-11-25T09:31"));
    expect(received(admin, DIGEST)).toHaveLength(0);
    await passAt(h, bangkok("2026-11-26T08:00"));
    expect(received(admin, DIGEST)).toHaveLength(1);
    expect(received(admin, DIGEST)[0]!.text).toContain("Bookings paid: 0");
    expect(await say(h, agent, "/digest off")).toContain("This command is for administrators.");
  });
});
