/**
 * A trip's round beyond the partner's sales window is quoted as a day and a time, with no tee time to hold.
 * When its day goes on sale (today + 35 days, `src/partner/sales-window.ts`), the openings pass books the
 * tee time this picks from the partner's list of that day: pure, so the rule is tested on its own.
 *
 * The rule (docs/trips.md, "When a round's day opens"): an open tee time at the round's course on its day that
 * takes its players, at most `OPENING_WINDOW_MINUTES` from the quoted time, whose net for the round (the
 * partner's price per player × players) is at most the agent's tolerance (`max_net_amount`, or the round's
 * selling price when the agent set none: never a loss); the nearest to the quoted time, the earlier on a tie.
 * None: the nearest tee times that take the players, whatever their price, to name to the agent.
 */
import type { TeeTime } from "../partner/types.js";
import { dateKeyOf } from "../time/today.js";
import { wallClock } from "../time/zoned.js";

/** How far from the quoted time, either side, a round is booked when its day opens. */
export const OPENING_WINDOW_MINUTES = 60;

/** What the rule reads of a round. */
export interface OpeningRound {
  day: string;
  /** `HH:MM` on the course's clock. */
  tee_time: string;
  time_zone: string;
  players: number;
  selling_amount: number;
  max_net_amount: number | null;
}

export type OpeningPick =
  | { kind: "tee-time"; teeTime: TeeTime; net: number }
  | {
      kind: "none";
      /** No open tee time near the time for the players at all, or only dearer ones than the tolerance. */
      reason: "no-tee-time" | "over-price";
      /** Up to three open tee times that day taking the players, nearest the quoted time first. */
      nearest: { teeTime: TeeTime; net: number }[];
    };

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The round's tolerance: what the agent set, else its selling price. */
export const toleranceOf = (round: OpeningRound) => round.max_net_amount ?? round.selling_amount;

/** The tee time to book for `round` from its day's `list`, as of `now` (epoch ms). */
export function pickOpening(list: readonly TeeTime[], round: OpeningRound, now: number): OpeningPick {
  const want = minuteOfDay(round.tee_time);
  const distance = (t: TeeTime) => {
    const wall = wallClock(t.startsAt, round.time_zone);
    return Math.abs(wall.hour * 60 + wall.minute - want);
  };
  const fits = list
    .filter(
      (t) =>
        t.status.toUpperCase() === "OPEN" &&
        t.startsAt > now &&
        t.minPerson <= round.players &&
        round.players <= t.maxPerson &&
        dateKeyOf(t.startsAt, round.time_zone) === round.day,
    )
    .map((teeTime) => ({ teeTime, net: teeTime.price * round.players, away: distance(teeTime) }))
    .sort((a, b) => a.away - b.away || a.teeTime.startsAt - b.teeTime.startsAt);
  const near = fits.filter((f) => f.away <= OPENING_WINDOW_MINUTES);
  const chosen = near.find((f) => f.net <= toleranceOf(round));
  if (chosen) return { kind: "tee-time", teeTime: chosen.teeTime, net: chosen.net };
  return {
    kind: "none",
    reason: near.length > 0 ? "over-price" : "no-tee-time",
    nearest: fits.slice(0, 3).map(({ teeTime, net }) => ({ teeTime, net })),
  };
}
