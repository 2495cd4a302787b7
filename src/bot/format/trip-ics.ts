/**
 * A trip's itinerary as a calendar file: one event per round in order, in the reader's language.
 *
 * - A booked round is at its tee time (`STATUS:CONFIRMED`); a round not booked yet (beyond the sales window,
 *   or failed) at its quoted time, `TENTATIVE`, saying the time is confirmed when its day goes on sale; a
 *   cancelled round `CANCELLED`.
 * - Each round's `UID` is the trip's and the round's (`<trip>-r<n>@fairway`), the same in every file sent, and its
 *   `SEQUENCE` grows along the round's life (quoted 0, booked or failed 1, cancelled 2), so the file sent again
 *   after a round is booked at another time, or cancelled, moves or strikes the event a calendar already has.
 * - The agency's own lines (hotel, transfer) have no day in the model: they are named in the first round's
 *   description.
 */
import type { TripRound, TripView } from "../../trips/store.js";
import { wallClock } from "../../time/zoned.js";
import { buildTeeTimesIcs, type TeeTimeIcsOptions } from "./tee-time-ics.js";

export interface TripIcsOptions {
  /** Translates in the reader's language (`trip-ics-*`). */
  t: (key: string, args: Record<string, string | number>) => string;
  /** Now, epoch ms: the events' stamp. */
  now: number;
}

/** The instant `HH:MM` on `day` shows on the clocks of `timeZone` (zones without a change that day). */
export function zonedInstant(day: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
  const w = wallClock(naive, timeZone);
  const offsetMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - naive;
  return naive - offsetMs;
}

/** A round cancelled with its trip, or ended by the course: off the calendar. */
const isOff = (r: TripRound) => r.state === "CANCELLED" || r.state === "COURSE_ENDED";

const revision = (r: TripRound) => (isOff(r) ? 2 : r.state === "PLANNED" || r.state === "WAITING_FOR_SALE" ? 0 : 1);

/** The itinerary's calendar and its file name. */
export function tripIcs(view: TripView, o: TripIcsOptions): { ics: string; filename: string } {
  const rounds = view.rounds;
  const lines = view.lines.map((l) => `• ${l.description}`).join("\n");
  const events: TeeTimeIcsOptions[] = rounds.map((r, i) => {
    const booked = r.state === "BOOKED" && r.starts_at !== null;
    const description = [
      isOff(r)
        ? o.t("trip-ics-cancelled", {})
        : booked
          ? o.t("trip-ics-booked", { players: r.players })
          : o.t("trip-ics-quoted", { players: r.players }),
      ...(i === 0 && lines ? [o.t("trip-ics-lines", { lines })] : []),
    ].join("\n\n");
    return {
      uid: `${view.trip.id}-r${r.position}@fairway`,
      sequence: revision(r),
      startsAt: booked ? r.starts_at! : zonedInstant(r.day, r.tee_time, r.time_zone),
      timeZone: r.time_zone,
      summary: o.t("trip-ics-round", { course: r.course_name, n: i + 1, rounds: rounds.length }),
      location: r.course_name,
      description,
      createdAt: o.now,
      status: isOff(r) ? "CANCELLED" : booked ? "CONFIRMED" : "TENTATIVE",
    };
  });
  return { ics: buildTeeTimesIcs(events), filename: `trip-${rounds[0]?.day ?? "itinerary"}.ics` };
}
