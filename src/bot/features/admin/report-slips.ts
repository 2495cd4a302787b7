/**
 * /report's slip checks (issue 49): of the slips that arrived in the period and were put to the slip-check
 * service, how many it confirmed with no tap, how many it refused and why, how many went to a person (the
 * service down, unsure, or the bank's delay outlasting the hold), and the median time from a slip to the
 * booking (or trip instalment) it confirmed. Nothing when no slip was checked (no service configured). A trip
 * instalment's slips count with the bookings' (`TripStore.slipChecksBetween`).
 */
import type { BookingQueries } from "../../../bookings/queries.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/** The middle value (the mean of the two middle ones), or undefined for none. */
function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
type Row = Pick<
  Awaited<ReturnType<BookingQueries["slipChecksBetween"]>>[number],
  "slip_check" | "decided_via" | "slip_at" | "decided_at"
>;

/** The figures of the period's checked slips. */
export function slipFigures(rows: readonly Row[]) {
  const auto = rows.filter((r) => r.decided_via?.startsWith("slip-check") && r.slip_check === "verified");
  const refused = new Map<string, number>();
  for (const r of rows) {
    if (!r.slip_check?.startsWith("refused:")) continue;
    const why = r.slip_check.slice("refused:".length);
    refused.set(why, (refused.get(why) ?? 0) + 1);
  }
  const toPerson = rows.filter(
    (r) => r.slip_check?.startsWith("unavailable:") || r.slip_check === "retry-later:gave-up",
  ).length;
  const seconds = auto
    .filter((r) => r.decided_at !== null && r.slip_at !== null)
    .map((r) => (Number(r.decided_at) - Number(r.slip_at)) / 1000);
  return { checked: rows.length, confirmed: auto.length, refused, toPerson, medianSeconds: median(seconds) };
}

/** The line /report shows, or none. */
export function reportSlipLine(rows: readonly Row[], t: T): string | undefined {
  if (rows.length === 0) return undefined;
  const f = slipFigures(rows);
  const reasons = [...f.refused]
    .sort((a, b) => b[1] - a[1])
    .map(([why, n]) => t("admin-report-slip-reason", { why, n }));
  const refusedCount = [...f.refused.values()].reduce((a, b) => a + b, 0);
  return t("admin-report-slips", {
    checked: f.checked,
    confirmed: f.confirmed,
    refused: refusedCount,
    reasons: reasons.length > 0 ? ` (${reasons.join(", ")})` : "",
    person: f.toPerson,
    seconds: f.medianSeconds === undefined ? "—" : f.medianSeconds.toFixed(1),
  });
}
