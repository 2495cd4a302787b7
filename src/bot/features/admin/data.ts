import * as v from "valibot";

/**
 * Callback data of the admin buttons: `ad:rf:<bookingId>` (confirm a refund), `ad:rg:<groupId>` (confirm
 * the refund of a whole group), `ad:rfx` (cancel it) and `ad:cd:<courseId>:<YYYYMMDD>` (close a course-day).
 * ASCII, at most 64 bytes. Parsing only proves the shape: the handler checks the sender's role and the
 * booking's ledger state again before acting, so forged or replayed data changes nothing.
 */
const AdminDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^ad:(?:rf:[A-Za-z0-9-]{1,40}|rg:[A-Za-z0-9-]{1,40}|rfx|cd:[A-Za-z0-9_-]{1,40}:\d{8})$/),
  v.transform((s) => {
    const [, action, id, day] = s.split(":") as [string, "rf" | "rg" | "rfx" | "cd", string | undefined, string?];
    if (action === "cd" && id && day) {
      const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
      return { action: "close-day" as const, courseId: id, date };
    }
    if (action === "rf" && id) return { action: "refund" as const, bookingId: id };
    if (action === "rg" && id) return { action: "refund-group" as const, groupId: id };
    return { action: "cancel-refund" as const };
  }),
);

export type AdminData = v.InferOutput<typeof AdminDataSchema>;

export const ADMIN_DATA_PREFIX = "ad:";

/** Parses admin callback data; undefined if it is not well-formed. */
export function parseAdminData(data: string | undefined): AdminData | undefined {
  const result = v.safeParse(AdminDataSchema, data);
  return result.success ? result.output : undefined;
}

/** `ad:rf:<bookingId>`; throws on an id that would not parse back (a programming error). */
export function refundConfirmData(bookingId: string): string {
  const data = `ad:rf:${bookingId}`;
  if (parseAdminData(data)?.action !== "refund") throw new Error(`invalid callback data: ${data}`);
  return data;
}

export const REFUND_CANCEL_DATA = "ad:rfx";

/** `ad:rg:<groupId>`: refund every paid tee time of a group. */
export function groupRefundConfirmData(groupId: string): string {
  const data = `ad:rg:${groupId}`;
  if (parseAdminData(data)?.action !== "refund-group") throw new Error(`invalid callback data: ${data}`);
  return data;
}

/** `ad:cd:<courseId>:<YYYYMMDD>`: close the course's day, refunding each paid booking of it. */
export function closeDayConfirmData(courseId: string, date: string): string {
  const data = `ad:cd:${courseId}:${date.replaceAll("-", "")}`;
  if (parseAdminData(data)?.action !== "close-day") throw new Error(`invalid callback data: ${data}`);
  return data;
}
