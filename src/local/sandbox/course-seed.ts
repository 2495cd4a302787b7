/** The shape of a sandbox course (seed.ts holds the courses). Prices are whole baht; times are minutes after local midnight. */

/** Who may book a tee time: the share of slots taking 1–4, 2–4 and 3–4 golfers. */
export interface PersonsProfile {
  oneToFour: number;
  twoToFour: number;
  threeToFour: number;
}

/**
 * How busy a course is: the share of its seeded tee times already BOOKED by other agencies, on
 * weekdays and on weekends (Saturday, Sunday and public holidays). At most 0.9: the course itself
 * closes a tenth of its tee times.
 */
export interface Demand {
  weekday: number;
  weekend: number;
}

export interface CourseSeed {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  status: "OPEN" | "CLOSED";
  lat: string;
  lon: string;
  images: string[];
  openingHours: string;
  address: string;
  website: string;
  /** First tee, minutes after local midnight. */
  firstTee: number;
  /** Last tee at or before this minute. */
  lastTee: number;
  /** Minutes between tee times. */
  interval: number;
  /** Green fee per person, whole baht. */
  weekdayPrice: number;
  weekendPrice: number;
  /** Public holidays; defaults to the weekend price. */
  holidayPrice?: number;
  /** From this minute on, the afternoon rate applies. */
  afternoonFrom: number;
  /** Discount of the afternoon rate, percent. */
  afternoonDiscount: number;
  /** Present on some courses only: then every tee time carries freeCaddy and caddyPrice. */
  caddy?: { free: boolean; price: number };
  persons: PersonsProfile;
  /** Whether four-ball slots can take party (group) bookings. */
  partyAble: boolean;
  /** Default 0.1 on every day (the sandbox's first courses): popular courses fill up at weekends. */
  demand?: Demand;
}
