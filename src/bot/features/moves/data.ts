/**
 * The moves' buttons, each ≤ 64 bytes (a booking or move id is a 36-character UUID):
 *
 * - `mv:a:<move>` approve (an admin's, or an agent's own where the agency's rule allows), `mv:x:<move>` abandon,
 *   `mv:r:<move>` the receipt of the difference its customer paid (the receipts service decides who gets it);
 * - the picker of the new tee time, on the booking `<b>`: `mv:s:<b>` start, `mv:m:<b>:<YYYYMM>` a month,
 *   `mv:d:<b>:<YYYYMMDD>` a day's tee times, `mv:t:<b>:<YYYYMMDDHHMM>:<n>` a tee time and its players,
 *   `mv:h:<b>:<YYYYMMDDHHMM>:<n>` hold it; `mv:c:<b>:<page>` the courses to move to; `mv:n` a label.
 *   On another course than the booking's, the month, day, tee-time and hold steps end in `:<course>`, the
 *   course's six-character code (`courseCode`): 62 bytes at most.
 */
import { createHash } from "node:crypto";

const ACTIONS = { a: "approve", x: "abandon", r: "receipt" } as const;
type Action = (typeof ACTIONS)[keyof typeof ACTIONS];
const LETTERS: Record<Action, keyof typeof ACTIONS> = { approve: "a", abandon: "x", receipt: "r" };

export function moveData(action: Action, moveId: string): string {
  return `mv:${LETTERS[action]}:${moveId}`;
}

/** The button's action and move, or undefined for data fairway never made. */
export function parseMoveData(data: string): { action: Action; moveId: string } | undefined {
  const m = /^mv:([axr]):([0-9a-f-]{36})$/.exec(data);
  if (!m) return undefined;
  return { action: ACTIONS[m[1] as keyof typeof ACTIONS], moveId: m[2]! };
}

/**
 * A step of the picker: what it shows, of which booking. `course`: another course's code (`courseCode`);
 * absent, the booking's own course.
 */
export type PickStep =
  | { step: "start"; bookingId: string }
  | { step: "courses"; bookingId: string; page: number }
  | { step: "month"; bookingId: string; month: string; course?: string }
  | { step: "day"; bookingId: string; date: string; course?: string }
  | {
      step: "time" | "hold";
      bookingId: string;
      date: string;
      hour: number;
      minute: number;
      persons: number;
      course?: string;
    };

/**
 * A course's code in the picker's data: six characters of its id's SHA-256 (base64url, 36 bits), so any
 * id the partner uses fits in 64 bytes. The picker finds the course again among the ones it may offer; a
 * code that matches none (the course gone, or forged) is refused.
 */
export function courseCode(courseId: string): string {
  return createHash("sha256").update(courseId).digest("base64url").slice(0, 6);
}

const dashed = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const pad = (n: number) => String(n).padStart(2, "0");

/** The callback data of a picker step. */
export function pickData(p: PickStep): string {
  const on = p.step !== "start" && p.step !== "courses" && p.course !== undefined ? `:${p.course}` : "";
  switch (p.step) {
    case "start":
      return `mv:s:${p.bookingId}`;
    case "courses":
      return `mv:c:${p.bookingId}:${p.page}`;
    case "month":
      return `mv:m:${p.bookingId}:${p.month.replace("-", "")}${on}`;
    case "day":
      return `mv:d:${p.bookingId}:${p.date.replaceAll("-", "")}${on}`;
    default: {
      const at = `${p.date.replaceAll("-", "")}${pad(p.hour)}${pad(p.minute)}`;
      return `mv:${p.step === "time" ? "t" : "h"}:${p.bookingId}:${at}:${p.persons}${on}`;
    }
  }
}

/** The label buttons' data: answered, nothing else. */
export const PICK_NONE = "mv:n";

/** A picker step from its data; undefined for data fairway never made. */
export function parsePickData(data: string): PickStep | undefined {
  const id = "([0-9a-f-]{36})";
  const on = "(?::([A-Za-z0-9_-]{6}))?";
  const course = (code: string | undefined) => (code === undefined ? {} : { course: code });
  let m = new RegExp(`^mv:s:${id}$`).exec(data);
  if (m) return { step: "start", bookingId: m[1]! };
  m = new RegExp(`^mv:c:${id}:(\\d{1,2})$`).exec(data);
  if (m) return { step: "courses", bookingId: m[1]!, page: Number(m[2]) };
  m = new RegExp(`^mv:m:${id}:(\\d{4})(\\d{2})${on}$`).exec(data);
  if (m) return { step: "month", bookingId: m[1]!, month: `${m[2]}-${m[3]}`, ...course(m[4]) };
  m = new RegExp(`^mv:d:${id}:(\\d{8})${on}$`).exec(data);
  if (m) return { step: "day", bookingId: m[1]!, date: dashed(m[2]!), ...course(m[3]) };
  m = new RegExp(`^mv:([th]):${id}:(\\d{8})(\\d{2})(\\d{2}):([1-9])${on}$`).exec(data);
  if (m)
    return {
      step: m[1] === "t" ? "time" : "hold",
      bookingId: m[2]!,
      date: dashed(m[3]!),
      hour: Number(m[4]),
      minute: Number(m[5]),
      persons: Number(m[6]),
      ...course(m[7]),
    };
  return undefined;
}
