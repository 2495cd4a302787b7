/**
 * The booking flow's working state. Plain JSON: it is rebuilt on every replay from logged values,
 * so it never holds class instances, Dates or functions.
 */
export type Step =
  | "course"
  | "course-info"
  | "date"
  | "slot"
  | "players"
  | "customer"
  | "name"
  | "email"
  | "mobile"
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

export interface SlotView {
  id: string;
  startsAt: number;
  price: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
  freeCaddy?: boolean;
  caddyPrice?: number;
}

export interface Notice {
  key: string;
  args?: Record<string, string | number>;
}

export interface Draft {
  step: Step;
  /** Where Back goes from the details steps and the change menu. */
  courses: CourseView[];
  coursePage: number;
  course?: CourseView;
  /** `YYYY-MM` shown by the calendar. */
  month?: string;
  date?: string;
  slots: SlotView[];
  slotPage: number;
  part: PartOfDay;
  /** Later dates that have tee times, offered when the chosen date has none. */
  suggestions: string[];
  slot?: SlotView;
  persons?: number;
  name?: string;
  email?: string;
  mobile?: string;
  /** Recent customers of this user, offered instead of typing. */
  recent: { name: string; email: string; mobile: string }[];
  /** The id the next reserve will use: made in an earlier update than the reserve itself. */
  nextBookingId: string;
  /** The booking whose hold is shown. */
  bookingId?: string;
  notice?: Notice;
  /** What went wrong on the last text input (re-prompt). */
  inputError?: Notice;
}

export function initialDraft(nextBookingId: string): Draft {
  return { step: "course", courses: [], coursePage: 0, slots: [], slotPage: 0, part: "all", suggestions: [], recent: [], nextBookingId };
}

/** The course name a user of `locale` reads. */
export function courseName(course: { name: string; nameTH: string }, locale: string): string {
  return locale === "th" && course.nameTH.trim().length > 0 ? course.nameTH : course.name;
}
