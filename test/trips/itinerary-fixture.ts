/** A trip of four rounds at three courses for eight players, as the itinerary's tests and references draw it. */
import type { TripRound, TripView } from "../../src/trips/store.js";

const NOW = Date.parse("2026-11-24T06:30:00+07:00");
/** A round of trip `trip1` (players 8, Bangkok, nothing booked) with `over` on top. */
export const tripRound = (n: number, over: Partial<TripRound>): TripRound =>
  ({
    id: `trip1-r${n}`,
    trip_id: "trip1",
    position: n,
    course_id: `c${n}`,
    time_zone: "Asia/Bangkok",
    players: 8,
    selling_amount: 2_400_000,
    net_amount: null,
    max_net_amount: null,
    revision: 0,
    slot_id: null,
    starts_at: null,
    booking_id: null,
    last_error: null,
    updated_at: NOW,
    ...over,
  }) as TripRound;

export function itineraryTrip(): TripView {
  return {
    trip: { id: "trip1", lead_name: "Kim Minjun", locale: "ko" },
    players: Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i + 1}` })),
    rounds: [
      tripRound(1, {
        course_name: "Siam Country Club, Old Course",
        day: "2026-12-26",
        tee_time: "07:04",
        state: "BOOKED",
        starts_at: Date.parse("2026-12-26T07:04:00+07:00"),
      }),
      tripRound(2, {
        course_name: "Phoenix Gold Golf & Country Club",
        day: "2026-12-28",
        tee_time: "11:36",
        state: "BOOKED",
        starts_at: Date.parse("2026-12-28T11:36:00+07:00"),
      }),
      tripRound(3, {
        course_name: "Laem Chabang International",
        day: "2027-01-10",
        tee_time: "07:30",
        state: "WAITING_FOR_SALE",
      }),
      tripRound(4, {
        course_name: "Siam Country Club, Old Course",
        day: "2027-01-12",
        tee_time: "08:00",
        state: "WAITING_FOR_SALE",
      }),
    ],
    lines: [
      { description: "Hotel in Pattaya, 6 nights, 4 twin rooms" },
      { description: "Airport and course transfers by van" },
    ],
  } as unknown as TripView;
}

/** The partner's net of the quote's first round: figures that must never reach a customer's picture. */
export const QUOTE_NET = 1_987_600;

/**
 * The same trip as its lead customer is quoted it (QUOTED, nothing paid): two rounds from the tee sheet (their
 * tee times known, the partner's net beside them), two beyond the sales window (a quoted time, to be
 * confirmed), the agency's two lines, 25 % deposit, the balance 30 days before the first round, the default ladder.
 */
export function quoteTrip(): TripView {
  const view = itineraryTrip();
  const rounds = view.rounds.map((r, i) =>
    i < 2
      ? { ...r, state: "PLANNED", slot_id: `slot-${i + 1}`, net_amount: i === 0 ? QUOTE_NET : 2_010_000 }
      : { ...r, state: "PLANNED", selling_amount: 2_600_000, max_net_amount: 2_450_000 },
  ) as TripView["rounds"];
  const lines = [
    { ...view.lines[0]!, kind: "hotel", selling_amount: 4_800_000 },
    { ...view.lines[1]!, kind: "transfer", selling_amount: 960_000 },
  ] as TripView["lines"];
  const total = [...rounds, ...lines].reduce((s, x) => s + x.selling_amount, 0);
  return {
    ...view,
    trip: { ...view.trip, state: "QUOTED", agent_id: 7301, balance_days_before: 30 },
    rounds,
    lines,
    instalments: [],
    total,
    deposit: { kind: "percent", percent: 25 },
    ladder: [
      { daysBefore: 30, percent: 75 },
      { daysBefore: 15, percent: 50 },
    ],
  };
}

/** The moment the quote's references are drawn at (its schedule is as if accepted then). */
export const QUOTE_NOW = NOW;
