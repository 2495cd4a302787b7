/** Ledger rows for chart tests: paid bookings spread over a period, fixed so the drawings are reproducible. */
import type { BookingRecord } from "../../src/bookings/record.js";
import { chartFigures, type ChartFigures } from "../../src/reports/charts/figures.js";
import { bangkok } from "./clock.js";
import { bookingRow } from "./booking-row.js";

const COURSES = [
  { course_id: "alpine", course_name: "Alpine Golf Club", course_name_th: "อัลไพน์ กอล์ฟ คลับ" },
  { course_id: "siam", course_name: "Siam Country Club", course_name_th: "สยาม คันทรี คลับ" },
  { course_id: "black", course_name: "Black Mountain", course_name_th: null },
];
export const SAMPLE_AGENTS = new Map<number, string | null>([
  [9100, "Somchai Tours"],
  [9101, "สมศรี กอล์ฟ"],
  [9102, null],
]);

/**
 * `count` paid bookings, the i-th paid on day `dayOf(i)` after `from` at 10:00 in Bangkok: courses, agents
 * (every fourth direct), a markup on every other one, every seventh refunded, and partner amounts in turn.
 */
export function sampleBookings(from: string, count: number, dayOf: (i: number) => number): BookingRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const paidAt = bangkok(`${from}T10:00`) + dayOf(i) * 86_400_000;
    const amount = 250_000 + (i % 5) * 50_000;
    const agent = i % 4 === 0 ? null : [...SAMPLE_AGENTS.keys()][i % 3]!;
    return bookingRow(`b${i}`, i % 7 === 0 ? "REFUNDED" : "PAID", paidAt + 86_400_000, paidAt, {
      ...COURSES[i % 3],
      amount,
      selling_amount: i % 2 === 1 ? amount + 30_000 : null,
      refunded_amount: i % 7 === 0 ? amount : null,
      agent_id: agent,
      paid_at: paidAt,
      group_id: i % 10 === 5 ? `g${i}` : null,
    }) as BookingRecord;
  });
}

/** The figures of `sampleBookings` over `from`–`to`, with holds released on the first two days. */
export function sampleFigures(from: string, to: string, count: number, dayOf: (i: number) => number): ChartFigures {
  return chartFigures({
    from,
    to,
    paid: sampleBookings(from, count, dayOf),
    releasedAt: [bangkok(`${from}T12:00`), bangkok(`${from}T23:59`)],
    agentIds: new Set(SAMPLE_AGENTS.keys()),
    names: SAMPLE_AGENTS,
    timeZone: "Asia/Bangkok",
  });
}
