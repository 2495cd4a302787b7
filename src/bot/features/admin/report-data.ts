/** /report's numbers and its CSV: pure functions of the ledger rows, so the message and the file agree. */
import type { PaidLine } from "../../../bookings/index.js";
import { attributedTo, type MoveLink } from "../../../bookings/queries.js";
import { satangToBahtString } from "../../../partner/index.js";
import { wallClock } from "../../../time/zoned.js";
import { ADMIN_TIME_ZONE } from "./bangkok-time.js";

export interface ReportRow {
  /** An agent's Telegram user id, or "direct" for bookings no agent is credited with. */
  agent: number | "direct";
  name: string | null;
  paidCount: number;
  /** Satang. */
  paidAmount: number;
  refundedCount: number;
  /** Satang: what the partner credited back (its contract policy may keep part). */
  refundedAmount: number;
  /** Paid bookings the course ended (cancelled, refunded, a closed day), apart from `refundedCount`. */
  courseEndedCount: number;
  /** Satang: what the partner credited back for them. */
  courseEndedAmount: number;
  /** Satang: paid − refunded − credited back for the course's ends. */
  net: number;
  /** Satang: what the customers of the paid bookings pay (the selling price; the partner's amount without a markup). */
  sellingAmount: number;
  /** Satang: selling − the partner's amount, over the paid bookings. */
  margin: number;
  /** Groups with a tee time among the paid bookings; each of their tee times counts in `paidCount`. */
  groups: number;
}

/**
 * One row per agent (ascending id, "direct" last) over the bookings paid in the period. A booking
 * counts for `attributedTo` (its customer's agent, else the booker when an agent, else "direct");
 * it is paid once whatever became of it, and refunded when the ledger says REFUNDED (a refund in
 * flight is not counted until the partner has answered), or ended by the course (counted apart). A group's tee times count one by one, and
 * the group once in `groups`.
 */
export function reportRows(
  bookings: readonly PaidLine[],
  agentIds: ReadonlySet<number>,
  names: ReadonlyMap<number, string | null>,
): ReportRow[] {
  const tally = reportTally(agentIds, names);
  for (const b of bookings) tally.add(b);
  return tally.rows();
}

/**
 * `reportRows` a booking at a time (a year's report reads its bookings page by page): `add` each paid
 * booking once, then `rows()`. It holds a row per agent and the ids of the groups they booked.
 */
export function reportTally(agentIds: ReadonlySet<number>, names: ReadonlyMap<number, string | null>) {
  const rows = new Map<number | "direct", ReportRow>();
  const groupsOf = new Map<number | "direct", Set<string>>();
  const add = (b: PaidLine) => {
    const agent = attributedTo(b, agentIds);
    let row = rows.get(agent);
    if (!row) {
      row = {
        agent,
        name: agent === "direct" ? null : (names.get(agent) ?? null),
        paidCount: 0,
        paidAmount: 0,
        refundedCount: 0,
        refundedAmount: 0,
        courseEndedCount: 0,
        courseEndedAmount: 0,
        net: 0,
        sellingAmount: 0,
        margin: 0,
        groups: 0,
      };
      rows.set(agent, row);
      groupsOf.set(agent, new Set());
    }
    if (b.group_id !== null) groupsOf.get(agent)!.add(b.group_id);
    row.groups = groupsOf.get(agent)!.size;
    row.paidCount += 1;
    row.paidAmount += b.amount ?? b.expected_amount;
    row.sellingAmount += b.selling_amount ?? b.amount ?? b.expected_amount;
    row.margin = row.sellingAmount - row.paidAmount;
    if (b.ended_by === "course") {
      row.courseEndedCount += 1;
      row.courseEndedAmount += b.refunded_amount ?? 0;
    } else if (b.state === "REFUNDED") {
      row.refundedCount += 1;
      row.refundedAmount += b.refunded_amount ?? 0;
    }
    row.net = row.paidAmount - row.refundedAmount - row.courseEndedAmount;
  };
  const sorted = () =>
    [...rows.values()].sort((a, b) => (a.agent === "direct" ? 1 : b.agent === "direct" ? -1 : a.agent - b.agent));
  return { add, rows: sorted };
}

/** The sum of all rows (agent "direct" is meaningless here; callers label it as the total). */
export function reportTotal(rows: readonly ReportRow[]): Omit<ReportRow, "agent" | "name"> {
  const total = {
    paidCount: 0,
    paidAmount: 0,
    refundedCount: 0,
    refundedAmount: 0,
    courseEndedCount: 0,
    courseEndedAmount: 0,
    net: 0,
    sellingAmount: 0,
    margin: 0,
    groups: 0,
  };
  for (const r of rows) {
    total.paidCount += r.paidCount;
    total.paidAmount += r.paidAmount;
    total.refundedCount += r.refundedCount;
    total.refundedAmount += r.refundedAmount;
    total.courseEndedCount += r.courseEndedCount;
    total.courseEndedAmount += r.courseEndedAmount;
    total.net += r.net;
    total.sellingAmount += r.sellingAmount;
    total.margin += r.margin;
    total.groups += r.groups;
  }
  return total;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading apostrophe. */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const CSV_HEADER = [
  "agent_id",
  "agent_name",
  "paid_bookings",
  "paid_thb",
  "refunded_bookings",
  "refunded_thb",
  "net_thb",
  "selling_thb",
  "margin_thb",
  "groups",
  "course_ended_bookings",
  "course_ended_thb",
] as const;

/**
 * The report as CSV (amounts paid to the partner, refunded by it, net; what customers pay and the margin; how many
 * groups the paid tee times came in): UTF-8 with a byte-order mark (so Excel reads Thai names), CRLF line ends,
 * amounts in baht with two decimals and no grouping, a last `total` row.
 */
export function reportCsv(rows: readonly ReportRow[]): Buffer {
  const total = reportTotal(rows);
  const line = (cells: string[]) => cells.map(csvField).join(",");
  const amounts = (r: Omit<ReportRow, "agent" | "name">) => [
    String(r.paidCount),
    satangToBahtString(r.paidAmount),
    String(r.refundedCount),
    satangToBahtString(r.refundedAmount),
    satangToBahtString(r.net),
    satangToBahtString(r.sellingAmount),
    satangToBahtString(r.margin),
    String(r.groups),
    String(r.courseEndedCount),
    satangToBahtString(r.courseEndedAmount),
  ];
  const lines = [
    line([...CSV_HEADER]),
    ...rows.map((r) => line([String(r.agent), safeText(r.name ?? ""), ...amounts(r)])),
    line(["total", "", ...amounts(total)]),
  ];
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

export const BOOKINGS_CSV_HEADER = [
  "paid_at",
  "reservation_code",
  "reservation_id",
  "invoice_id",
  "agent_id",
  "agent_name",
  "course",
  "tee_time",
  "players",
  "paid_thb",
  "refunded_thb",
  "selling_thb",
  "status",
  "moved_to",
  "moved_from",
] as const;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `YYYY-MM-DD HH:MM` on the wall clock of `timeZone`: what a spreadsheet reads as a date and time (the
 * text of `dateKeyOf` and `formatTime`). One reading of the wall clock, not one for the day and one for
 * the time: a year's bookings CSV writes two of these for each of hundreds of thousands of lines.
 */
function csvDateTime(ms: number, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(ms, timeZone);
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)} ${pad2(hour)}:${pad2(minute)}`;
}

/** The bookings CSV's first line: the byte-order mark and the header (CRLF after). */
export function bookingsCsvHead(): string {
  return `\uFEFF${[...BOOKINGS_CSV_HEADER].map(csvField).join(",")}\r\n`;
}

/** One booking's line of the bookings CSV (CRLF after): see `bookingsCsv`. */
export function bookingsCsvLine(
  b: PaidLine,
  agentIds: ReadonlySet<number>,
  names: ReadonlyMap<number, string | null>,
  moved: MoveLink = {},
): string {
  const agent = attributedTo(b, agentIds);
  const paid = b.amount ?? b.expected_amount;
  const cells = [
    csvDateTime(b.paid_at ?? b.created_at, ADMIN_TIME_ZONE),
    safeText(b.reservation_code ?? ""),
    safeText(b.reservation_id ?? ""),
    safeText(b.invoice_id ?? ""),
    String(agent),
    safeText(agent === "direct" ? "" : (names.get(agent) ?? "")),
    safeText(b.course_name),
    csvDateTime(b.slot_starts_at, b.time_zone),
    String(b.persons),
    satangToBahtString(paid),
    satangToBahtString(b.state === "REFUNDED" || b.ended_by === "course" ? (b.refunded_amount ?? 0) : 0),
    satangToBahtString(b.selling_amount ?? paid),
    b.ended_by === "course" ? `${b.state} (course)` : b.state,
    safeText(moved.to ?? ""),
    safeText(moved.from ?? ""),
  ];
  return `${cells.map(csvField).join(",")}\r\n`;
}

/**
 * The bookings behind the report, one line each, for reconciling with the partner's invoices: when it was
 * paid (Thailand time), the reservation's code and id, the partner's invoice id (empty until the partner
 * has given one), whom it is credited to, the course and tee time (the course's time), the players, what
 * the partner was paid and credited back, what the customer pays, the ledger's status, and the reservation a
 * move took it to (refunded for it) or brought it from (`links`, by booking id). Earliest paid
 * first (then by booking id, as `paidBetween` and `paidPages` read them); the same encoding as `reportCsv`.
 * /report writes the same lines page by page to a file (`report-file.ts`) instead.
 */
export function bookingsCsv(
  bookings: readonly PaidLine[],
  agentIds: ReadonlySet<number>,
  names: ReadonlyMap<number, string | null>,
  links: ReadonlyMap<string, MoveLink> = new Map(),
): Buffer {
  const paidAt = (b: PaidLine) => b.paid_at ?? b.created_at;
  const lines = [...bookings]
    .sort((a, b) => paidAt(a) - paidAt(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((b) => bookingsCsvLine(b, agentIds, names, links.get(b.id)));
  return Buffer.from(bookingsCsvHead() + lines.join(""), "utf8");
}

/** A group's tee times paid in the period, for the digest's line per group. */
export interface ReportGroup {
  groupId: string;
  /** Its tee times among the bookings, earliest first. */
  flights: PaidLine[];
  /** Satang: what the partner charged for them. */
  amount: number;
}

/** The groups among paid bookings, by their first tee time. */
export function reportGroups(bookings: readonly PaidLine[]): ReportGroup[] {
  const tally = groupTally();
  for (const b of bookings) tally.add(b);
  return tally.groups();
}

/** `reportGroups` a booking at a time: it keeps the groups' tee times only (a single booking is dropped). */
export function groupTally() {
  const groups = new Map<string, PaidLine[]>();
  const add = (b: PaidLine) => {
    if (b.group_id === null) return;
    const flights = groups.get(b.group_id);
    if (flights) flights.push(b);
    else groups.set(b.group_id, [b]);
  };
  const sorted = (): ReportGroup[] =>
    [...groups]
      .map(([groupId, flights]) => {
        const byTeeOff = [...flights].sort((a, b) => a.slot_starts_at - b.slot_starts_at);
        return {
          groupId,
          flights: byTeeOff,
          amount: byTeeOff.reduce((s, f) => s + (f.amount ?? f.expected_amount), 0),
        };
      })
      .sort((a, b) => a.flights[0]!.slot_starts_at - b.flights[0]!.slot_starts_at);
  return { add, groups: sorted };
}
