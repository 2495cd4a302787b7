/**
 * A group's tee times in the admins' figures: the daily digest and /report count each paid
 * tee time of a group, say how many groups they came in, and give each group a line (when, course, lead
 * golfer, its tee times with their codes, the amount); the CSV has a `groups` column; /bookings marks
 * each tee time of a group. In English and Thai.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { bangkok, worldClock } from "../../../helpers/clock.js";
import { bookGroup } from "../../../helpers/group-flow.js";
import { startHarness, type Harness } from "../../../helpers/harness.js";
import { expectTelegramRules, tapData } from "../../../helpers/flow.js";
import { paidBooking, passAt, received } from "./helpers.js";

const ADMIN = 9601;
const ADMIN_TH = 9602;
const AGENT = 9603;
const CONFIRM = /\/order\/[^/]+\/confirm$/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The last report CSV `user` received (not the CSV of its bookings), as rows of cells (no quoted fields in these). */
/** The last report's text: its message, before the chart's photo and the CSVs (which carry captions). */
function reportText(user: ReturnType<Harness["user"]>): string {
  return [...user.messages()].reverse().find((m) => m.text !== undefined)!.text!;
}

function lastCsv(h: Harness, user: ReturnType<Harness["user"]>): string[][] {
  const doc = [...user.messages()].reverse().find((m) => m.document?.file_name?.startsWith("fairway-report-"))!;
  return h.telegram
    .file(doc.document!.file_id)!
    .data!.toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("groups in the digest and /report", () => {
  it("a paid group of three and a group paid one of two: each tee time counted, the groups counted and listed, in English and Thai", async () => {
    h = await startHarness({
      clock: worldClock(bangkok("2026-11-25T09:00")),
      env: { ADMIN_IDS: `${ADMIN},${ADMIN_TH}`, AGENT_IDS: String(AGENT), DIGEST_TIME: "06:00" },
    });
    const agent = h.user(AGENT, "en");
    const admin = h.user(ADMIN, "en");
    const adminTh = h.user(ADMIN_TH, "th");
    // The Thai admin has written to the bot, so fairway knows their language.
    adminTh.send("/digest");
    await h.settle();
    const whole = await bookGroup(h, agent, { players: 12, name: "Somchai Group" });
    const single = await paidBooking(h, agent, "Somchai Single");
    // The second group's second confirm is refused: one tee time paid, the other released.
    h.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "status", status: 422, skip: 1 });
    const half = await bookGroup(h, agent, { players: 8, name: "Malee Half", pay: false });
    tapData(agent, /:ok$/);
    await h.settle();
    const halfFlights = await h.app.storage.db
      .selectFrom("bookings")
      .selectAll()
      .where("group_id", "=", half.group.id)
      .orderBy("flight")
      .execute();
    expect(halfFlights.map((f) => f.state)).toEqual(["PAID", "RELEASED"]);
    const paid = [...whole.flights, single, halfFlights[0]!];
    const total = paid.reduce((s, b) => s + b.amount!, 0);
    const wholeAmount = whole.flights.reduce((s, b) => s + b.amount!, 0);
    const baht = (satang: number) => (satang / 100).toFixed(2);

    // /report: four tee times and one booking paid, in two groups, each with its line.
    admin.send("/report 2026-11-25 2026-11-25");
    await h.settle();
    const report = reportText(admin);
    expect(report).toContain(`agent ${AGENT}: 5 paid ${formatBaht(total, "en")}`);
    expect(report).toMatch(new RegExp(`agent ${AGENT}: 5 paid [^\\n]* · 👥 2 groups`));
    expect(report).toMatch(/Total: 5 paid [^\n]* · 👥 2 groups/);
    const groupLines = report.split("\n").filter((l) => l.startsWith("👥"));
    expect(groupLines).toHaveLength(2);
    const wholeLine = groupLines.find((l) => l.includes("Somchai Group"))!;
    expect(wholeLine).toContain(`3 tee times (${whole.flights.map((f) => f.reservation_code).join(", ")})`);
    expect(wholeLine).toContain(formatBaht(wholeAmount, "en"));
    expect(wholeLine).toContain(whole.group.course_name);
    const halfLine = groupLines.find((l) => l.includes("Malee Half"))!;
    expect(halfLine).toContain(`1 tee time (${halfFlights[0]!.reservation_code})`);
    const rows = lastCsv(h, admin);
    const groups = rows[0]!.indexOf("groups");
    expect(rows[0]!.slice(groups)).toEqual(["groups", "course_ended_bookings", "course_ended_thb"]);
    expect(rows[1]).toEqual([
      String(AGENT),
      "",
      "5",
      baht(total),
      "0",
      "0.00",
      baht(total),
      baht(total),
      "0.00",
      "2",
      "0",
      "0.00",
    ]);
    expect(rows.at(-1)?.[groups]).toBe("2");

    // /bookings: each tee time of a group says which of the group's it is.
    admin.send("/bookings today");
    await h.settle();
    const listed = admin.lastMessage()!.text!.split("\n");
    for (const [i, f] of whole.flights.entries())
      expect(listed.find((r) => r.includes(f.reservation_code!))).toContain(`👥 tee time ${i + 1} of a group of 3`);
    expect(listed.find((r) => r.includes(halfFlights[0]!.reservation_code!))).toContain(
      "👥 tee time 1 of a group of 2",
    );
    expect(listed.find((r) => r.includes(single.reservation_code!))).not.toContain("👥");

    // The digest the next morning, in both languages.
    await passAt(h, bangkok("2026-11-26T06:00"));
    const digest = received(admin, "Daily digest for")[0]!.text!;
    expect(digest).toContain(`Bookings paid: 5 · revenue ${formatBaht(total, "en")}`);
    expect(digest).toContain("👥 Groups: 2 (4 of the tee times paid)");
    expect(digest).toContain(wholeLine);
    expect(digest).toContain(halfLine);
    expect(lastCsv(h, admin).at(-1)?.[groups]).toBe("2");
    const thai = received(adminTh, "สรุปประจำวันที่")[0]!.text!;
    expect(thai).toContain("👥 กลุ่ม: 2 กลุ่ม (4 ทีไทม์ในรายการที่ชำระแล้ว)");
    expect(thai).toContain(`3 ทีไทม์ (${whole.flights.map((f) => f.reservation_code).join(", ")})`);

    adminTh.send("/report 2026-11-25 2026-11-25");
    await h.settle();
    expect(reportText(adminTh)).toContain("👥 2 กลุ่ม");
    expectTelegramRules(h);
  });
});
