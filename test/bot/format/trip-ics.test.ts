/**
 * A trip's itinerary calendar as a calendar reads it (ical.js, a parser fairway did not write): one event per
 * round in order, booked rounds at their tee time and confirmed, a round not yet on sale at its quoted time in
 * Bangkok and tentative, a cancelled one cancelled; the file sent again once the waiting round is booked moves
 * the same event (its UID, a higher SEQUENCE); the agency's lines in the first event; Thai kept whole.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { tripIcs, zonedInstant } from "../../../src/bot/format/trip-ics.js";
import { translate } from "../../../src/bot/i18n.js";
import type { TripRound, TripView } from "../../../src/trips/store.js";
import { tripRound } from "../../trips/itinerary-fixture.js";

const NOW = Date.parse("2026-11-24T06:30:00+07:00");
const round = (n: number, over: Partial<TripRound>): TripRound =>
  tripRound(n, { course_name: "สยามคันทรีคลับ", course_id: "c1", players: 4, selling_amount: 1_200_000, ...over });

function view(rounds: TripRound[]): TripView {
  return {
    trip: { id: "trip1" },
    rounds,
    lines: [{ description: "Hotel, 4 nights; 2 rooms" }, { description: "Airport transfers" }],
  } as unknown as TripView;
}

const booked = round(1, {
  day: "2026-12-26",
  tee_time: "07:04",
  state: "BOOKED",
  starts_at: Date.parse("2026-12-26T07:04:00+07:00"),
});
const waiting = round(2, { day: "2027-01-10", tee_time: "07:30", state: "WAITING_FOR_SALE" });
const cancelled = round(3, { day: "2027-01-11", tee_time: "08:00", state: "CANCELLED" });

function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
}

describe("a trip's itinerary calendar", () => {
  const t = (key: string, args: Record<string, string | number>) => translate("th", key, args);

  it("has one event per round in order, each at its time with its state", () => {
    const { ics, filename } = tripIcs(view([booked, waiting, cancelled]), { t, now: NOW });
    expect(filename).toBe("trip-2026-12-26.ics");
    const [a, b, c] = events(ics);
    expect([a, b, c].map((e) => e!.uid)).toEqual(["trip1-r1@fairway", "trip1-r2@fairway", "trip1-r3@fairway"]);
    expect(a!.startDate.toJSDate().getTime()).toBe(booked.starts_at);
    expect(b!.startDate.toJSDate().getTime()).toBe(Date.parse("2027-01-10T07:30:00+07:00"));
    const status = (e: ICAL.Event) => e.component.getFirstPropertyValue("status");
    expect([a, b, c].map((e) => status(e!))).toEqual(["CONFIRMED", "TENTATIVE", "CANCELLED"]);
    expect([a, b, c].map((e) => e!.sequence ?? 0)).toEqual([1, 0, 2]);
    // Thai survives the folding at 75 octets; the lines are in the first event only.
    expect(a!.summary).toBe("⛳ สยามคันทรีคลับ — รอบที่ 1 จาก 3");
    expect(a!.description).toContain("Hotel, 4 nights; 2 rooms");
    expect(a!.description).toContain("Airport transfers");
    expect(b!.description).not.toContain("Hotel");
    expect(b!.description).toContain("35 วัน");
  });

  it("sent again after the waiting round is booked at another time, moves that event", () => {
    const before = events(tripIcs(view([booked, waiting]), { t, now: NOW }).ics)[1]!;
    const at = Date.parse("2027-01-10T07:36:00+07:00");
    const after = events(
      tripIcs(view([booked, { ...waiting, state: "BOOKED", starts_at: at }]), { t, now: NOW + 86_400_000 }).ics,
    )[1]!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence ?? 0);
    expect(after.startDate.toJSDate().getTime()).toBe(at);
  });

  it("reads a quoted time on the course's clock, whatever the server's zone", () => {
    expect(zonedInstant("2027-01-10", "00:30", "Asia/Bangkok")).toBe(Date.parse("2027-01-09T17:30:00Z"));
    expect(zonedInstant("2027-01-10", "23:59", "Asia/Bangkok")).toBe(Date.parse("2027-01-10T16:59:00Z"));
  });
});
