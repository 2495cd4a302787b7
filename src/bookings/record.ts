/**
 * What a booking is, as the ledger stores it and every part of fairway reads it. Types and pure
 * helpers only: the ledger itself (`repository.ts`) is written by the booking service alone.
 */
import type { Selectable } from "kysely";
import type { BookingState, BookingsTable } from "../storage/schema.js";

/** A booking as stored in the ledger (plain JSON, safe inside conversations). */
export type BookingRecord = Selectable<BookingsTable>;
export type { BookingState };

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
  caddyInfo?: { freeCaddy?: boolean; caddyPrice?: number } | null;
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
