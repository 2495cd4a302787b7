/**
 * The booking flow's working state. Plain JSON: it is kept between updates outside the replay log
 * (`hand-over.ts`) and read back through `external`, so it never holds class instances, Dates or
 * functions, and it stays small: lists the partner gave (courses, a day's tee times) are not kept,
 * only what the user chose; each view reads the page it shows (`page.ts`).
 */
import type { FlightDraft, Notice, SlotView } from "./entry.js";

export type Step =
  | "course"
  | "course-info"
  | "date"
  | "slot"
  | "players"
  | "group"
  | "flight"
  | "split"
  | "customer"
  | "name"
  | "email"
  | "mobile"
  | "golfers"
  | "held"
  | "change"
  | "stuck";

export type PartOfDay = "all" | "morning" | "midday" | "afternoon";

export interface CourseView {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  timeZone: string;
  minWeekday?: number;
  minWeekend?: number;
  lat: number | null;
  lon: number | null;
  image?: string;
  openingHours: string;
  address: string;
  website: string;
}

/** A course in the list: what its line and button show. */
export type CourseSummary = Pick<CourseView, "id" | "name" | "nameTH" | "place" | "minWeekday" | "minWeekend">;

export interface Draft {
  step: Step;
  coursePage: number;
  course?: CourseView;
  /** `YYYY-MM` shown by the calendar. */
  month?: string;
  date?: string;
  slotPage: number;
  part: PartOfDay;
  /** The next view reads the date's tee times from the partner, not the cache (a date picked, Refresh, a tee time taken, a hold ended). */
  fresh?: boolean;
  slot?: SlotView;
  /** The party: one tee time's players, or a group's (then `group` holds its flights). */
  persons?: number;
  /** A party larger than one tee time takes: its flights, earliest first (`slot` is the first's). */
  group?: { flights: FlightDraft[] };
  /** The flight whose time is being changed (step `flight`), its index in `group.flights`. */
  flightIndex?: number;
  /** The other players' names of a group (optional), sent to the partner as `additionGolfer`. */
  golfers?: string[];
  name?: string;
  email?: string;
  mobile?: string;
  /** Recent customers of this user, offered instead of typing. */
  recent: { name: string; email: string; mobile: string }[];
  /** The id the next reserve will use: made in an earlier update than the reserve itself. */
  nextBookingId: string;
  /** The booking whose hold is shown. */
  bookingId?: string;
  /** The group whose holds are shown (`nextBookingId` became its id). */
  groupId?: string;
  notice?: Notice;
  /** What went wrong on the last text input (re-prompt). */
  inputError?: Notice;
}

export function initialDraft(nextBookingId: string): Draft {
  return { step: "course", coursePage: 0, slotPage: 0, part: "all", recent: [], nextBookingId };
}
