/**
 * What a booking is, as the ledger stores it and every part of fairway reads it. Types and pure
 * helpers only: the ledger itself (`repository.ts`) is written by the booking service alone.
 */
import type { Selectable } from "kysely";
import type { BookingGroupsTable, BookingState, BookingsTable, GroupState } from "../storage/schema.js";

/** A booking as stored in the ledger (plain JSON, safe inside conversations). */
export type BookingRecord = Selectable<BookingsTable>;
export type { BookingState, GroupState };

/** A group as stored (plain JSON): one party booked as several tee times; its flights are bookings. */
export type GroupRecord = Selectable<BookingGroupsTable>;

/** A group and its flights (earliest first), as every group operation reports it. */
export interface GroupView {
  group: GroupRecord;
  flights: BookingRecord[];
}

/**
 * When a group's holds end: its earliest flight's; 0 (over) once any flight is no longer held, since a
 * group is held, paid and released whole.
 */
export function groupHoldEnd(flights: readonly BookingRecord[]): number {
  return Math.min(...flights.map((f) => (f.state === "HELD" ? (f.hold_expires_at ?? 0) : 0)));
}

/**
 * When a group's holds were set to end (its flights end together, at the earliest one's end), whatever
 * became of them since: for what a message says. Undefined when a flight has no hold's end (never held).
 */
export function groupHoldSetEnd(flights: readonly BookingRecord[]): number | undefined {
  const ends = flights.map((f) => f.hold_expires_at);
  if (ends.length === 0 || ends.some((end) => end === null || end <= 0)) return undefined;
  return Math.min(...(ends as number[]));
}

/**
 * The columns of a paid booking that /report (its rows, chart, groups and bookings CSV) and the daily
 * digest read: a year's report reads hundreds of thousands of bookings, and building every row's other
 * columns (contacts, caddy options, errors) in JavaScript cost more than the database's own read.
 */
export const PAID_LINE_COLUMNS = [
  "id",
  "state",
  "user_id",
  "agent_id",
  "group_id",
  "course_id",
  "course_name",
  "course_name_th",
  "time_zone",
  "slot_starts_at",
  "persons",
  "customer_name",
  "reservation_id",
  "reservation_code",
  "invoice_id",
  "expected_amount",
  "amount",
  "selling_amount",
  "refunded_amount",
  "ended_by",
  "paid_at",
  "created_at",
] as const satisfies readonly (keyof BookingRecord)[];

/** A paid booking as the reports read it (`PAID_LINE_COLUMNS`); a whole `BookingRecord` is one too. */
export type PaidLine = Pick<BookingRecord, (typeof PAID_LINE_COLUMNS)[number]>;

/** What the conversation knows when it records the intent to book. */
export interface BookingIntentInput {
  id: string;
  chatId: number;
  userId: number;
  agentId?: number | null;
  locale: string;
  courseId: string;
  courseName: string;
  courseNameTH?: string | null;
  timeZone: string;
  slotId: string;
  slotStartsAt: number;
  persons: number;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  expectedAmount: number;
  /**
   * Satang: what the customer pays for this tee time, agreed before the hold (a trip's round: its selling
   * price). Default: the price rules on the partner's amount, when the hold is placed.
   */
  sellingAmount?: number;
  caddyInfo?: { freeCaddy?: boolean; caddyPrice?: number } | null;
  /** The players' names beyond the lead golfer, sent to the partner as `additionGolfer`. */
  additionGolfers?: string[];
  /** Set by `createGroupIntent`: the group this booking is a flight of, and its place (1 first). */
  groupId?: string;
  flight?: number;
}

/** One flight of a group intent: its tee time and its share of the party. */
export interface GroupFlightInput {
  slotId: string;
  slotStartsAt: number;
  persons: number;
  /** Satang: price × persons as listed. */
  expectedAmount: number;
  caddyInfo?: { freeCaddy?: boolean; caddyPrice?: number } | null;
  additionGolfers?: string[];
}

/** What the conversation knows when it records the intent to book a group. */
export interface GroupIntentInput {
  /** The group's id; its flights' booking ids are `<id>-<n>`. */
  id: string;
  chatId: number;
  userId: number;
  agentId?: number | null;
  locale: string;
  courseId: string;
  courseName: string;
  courseNameTH?: string | null;
  timeZone: string;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  /** Earliest first. */
  flights: GroupFlightInput[];
}

/** The booking id of a group's flight `n` (1 first). */
export function flightId(groupId: string, n: number): string {
  return `${groupId}-${n}`;
}

/** States a group never leaves on its own. */
export const SETTLED_GROUP_STATES: readonly GroupState[] = ["PAID", "PARTIAL", "RELEASED"];

/** The group's course name a reader of `locale` sees. */
export function groupCourseName(g: Pick<GroupRecord, "course_name" | "course_name_th">, locale: string): string {
  return locale === "th" && g.course_name_th ? g.course_name_th : g.course_name;
}

/** The course name a reader of `locale` sees for a booking. */
export function bookingCourseName(b: Pick<BookingRecord, "course_name" | "course_name_th">, locale: string): string {
  return locale === "th" && b.course_name_th ? b.course_name_th : b.course_name;
}

/** States a booking never leaves on its own. */
export const FINAL_STATES: readonly BookingState[] = [
  "PAID",
  "RELEASED",
  "RESERVE_FAILED",
  "RESERVE_UNKNOWN",
  "REFUNDED",
];

/** States of a partner write under way (or interrupted): the reaper reads these back once stale. */
export const WRITES_IN_FLIGHT: readonly BookingState[] = ["RESERVING", "CONFIRMING", "RELEASING", "REFUNDING"];
