/**
 * A group's calendar file: one event per paid tee time (as `buildTeeTimesIcs` writes each), the same
 * for the booking flow's receipt and for a customer's paid-first group.
 */
import type { GroupView } from "../../bookings/index.js";
import { dateKeyOf } from "./dates.js";
import { bookingIcsUid, buildTeeTimesIcs } from "./tee-time-ics.js";

export interface GroupIcsOptions {
  /** Translates in the reader's language (`ics-group-summary`, `ics-description`). */
  t: (key: string, args: Record<string, string | number>) => string;
  /** The course's name in the reader's language. */
  courseName: string;
  /** The course's address, when known: the events' location follows the name. */
  address?: string;
  /** Where the course is and its site, when known. */
  place?: { lat: number | null; lon: number | null; website?: string };
  /** Now, epoch ms: the events' stamp for a flight without its payment time. */
  now: number;
}

/** The calendar of a group's paid tee times, its file name and its date key; undefined while none is paid. */
export function groupIcs(
  view: GroupView,
  o: GroupIcsOptions,
): { ics: string; filename: string; date: string; paid: number } | undefined {
  const paid = view.flights.filter((f) => f.state === "PAID");
  const first = paid[0];
  if (!first) return undefined;
  const { place } = o;
  const ics = buildTeeTimesIcs(
    paid.map((f) => ({
      uid: bookingIcsUid(f),
      startsAt: f.slot_starts_at,
      timeZone: f.time_zone,
      summary: o.t("ics-group-summary", { course: o.courseName, n: f.flight ?? 0, flights: view.flights.length }),
      location: [o.courseName, o.address ?? ""].filter(Boolean).join(", "),
      description: o.t("ics-description", { code: f.reservation_code ?? "", players: f.persons }),
      ...(place && place.lat !== null && place.lon !== null ? { lat: place.lat, lon: place.lon } : {}),
      ...(place?.website ? { url: place.website } : {}),
      createdAt: f.paid_at ?? o.now,
    })),
  );
  const date = dateKeyOf(first.slot_starts_at, first.time_zone);
  return { ics, filename: `tee-times-${date}.ics`, date, paid: paid.length };
}
