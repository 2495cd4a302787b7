/**
 * The tee time a round beyond the sales window gets when its day opens: the nearest to its quoted time within
 * an hour, taking its players, at most the agent's tolerance (else its selling price), the earlier on a tie;
 * none named with the nearest ones otherwise. Days and times are Bangkok's, whatever the server's zone.
 */
import { describe, expect, it } from "vitest";
import type { TeeTime } from "../../src/partner/types.js";
import { agentNotice } from "../../src/bot/features/trips/jobs.js";
import { OPENING_WINDOW_MINUTES, pickOpening, type OpeningRound } from "../../src/trips/openings.js";
import { flightParty, type OpenedRound } from "../../src/trips/service.js";
import type { TripRound, TripView } from "../../src/trips/store.js";

/** 2027-01-10 07:30 in Bangkok is 00:30 UTC. */
const at = (hhmm: string, day = "2027-01-10") => Date.parse(`${day}T${hhmm}:00+07:00`);
const NOW = Date.parse("2026-12-06T00:01:00+07:00");

let n = 0;
function teeTime(hhmm: string, over: Partial<TeeTime> = {}): TeeTime {
  n += 1;
  return {
    id: `t${n}`,
    status: "OPEN",
    courseId: "c1",
    startsAt: at(hhmm),
    startDateString: `2027-01-10T${hhmm}:00+0700`,
    offsetMinutes: 420,
    price: 250_000,
    priceType: "WEEKEND",
    minPerson: 1,
    maxPerson: 4,
    ...over,
  };
}

const round: OpeningRound = {
  day: "2027-01-10",
  tee_time: "07:30",
  time_zone: "Asia/Bangkok",
  players: 4,
  selling_amount: 1_200_000,
  max_net_amount: null,
};

describe("pickOpening", () => {
  it("takes the open tee time nearest the quoted time, the earlier of two as near", () => {
    const list = [teeTime("06:40"), teeTime("07:38"), teeTime("07:22"), teeTime("08:00")];
    const pick = pickOpening(list, round, NOW);
    expect(pick).toMatchObject({ kind: "tee-time", net: 1_000_000 });
    expect(pick.kind === "tee-time" && pick.teeTime.startDateString).toBe("2027-01-10T07:22:00+0700");
  });

  it("passes over tee times that are not open, too small for the party, or dearer than the agent's tolerance", () => {
    const list = [
      teeTime("07:30", { status: "BOOKED" }),
      teeTime("07:31", { maxPerson: 3 }),
      teeTime("07:32", { minPerson: 5, maxPerson: 6 }),
      teeTime("07:33", { price: 300_000 }),
      teeTime("08:10"),
    ];
    // Tolerance 1,100,000 satang: 4 × 3,000 baht is over it, 4 × 2,500 baht within.
    const pick = pickOpening(list, { ...round, max_net_amount: 1_100_000 }, NOW);
    expect(pick.kind === "tee-time" && pick.teeTime.startDateString.slice(11, 16)).toBe("08:10");
    // Without a tolerance of the agent's, the selling price is the limit (here above 4 × 3,000 baht).
    const bySelling = pickOpening(list, round, NOW);
    expect(bySelling.kind === "tee-time" && bySelling.teeTime.startDateString.slice(11, 16)).toBe("07:33");
  });

  it(`books nothing more than ${OPENING_WINDOW_MINUTES} minutes from the quoted time, and names the nearest`, () => {
    const list = [teeTime("05:50"), teeTime("09:00"), teeTime("09:45"), teeTime("12:00")];
    const pick = pickOpening(list, round, NOW);
    expect(pick.kind).toBe("none");
    if (pick.kind !== "none") return;
    expect(pick.reason).toBe("no-tee-time");
    expect(pick.nearest.map((x) => x.teeTime.startDateString.slice(11, 16))).toEqual(["09:00", "05:50", "09:45"]);
  });

  it("says over-price when tee times near the time exist but all cost more than allowed", () => {
    const pick = pickOpening([teeTime("07:30", { price: 400_000 })], round, NOW);
    expect(pick).toMatchObject({ kind: "none", reason: "over-price", nearest: [{ net: 1_600_000 }] });
  });

  it("reads the day and the time on the course's clock: 07:30 in Bangkok is the previous day in UTC's terms at 00:30", () => {
    // 00:30 on the 10th in Bangkok and 06:50 on the 9th there: only the first is the round's day.
    const list = [teeTime("00:30"), { ...teeTime("07:00"), startsAt: at("06:50", "2027-01-09") }];
    const early = pickOpening(list, { ...round, tee_time: "01:00" }, NOW);
    expect(early.kind === "tee-time" && early.teeTime.startDateString.slice(11, 16)).toBe("00:30");
    expect(pickOpening(list, round, NOW).kind).toBe("none");
  });

  it("never books a tee time already past", () => {
    const list = [teeTime("07:30")];
    expect(pickOpening(list, round, at("07:31")).kind).toBe("none");
  });
});

describe("the agent's notice of an opened round", () => {
  const view = { trip: { lead_name: "Kim <Minjun>" } } as unknown as OpenedRound["view"];
  const row = {
    course_name: "Siam Country Club",
    day: "2027-01-10",
    tee_time: "07:30",
    time_zone: "Asia/Bangkok",
    players: 4,
    selling_amount: 1_200_000,
    max_net_amount: 1_100_000,
  } as unknown as OpenedRound["round"];

  it("names the tee time booked and its net, the lead's name escaped", () => {
    const text = agentNotice(
      { view, round: row, outcome: { kind: "booked", teeTime: teeTime("07:22"), net: 1_000_000 } },
      "en",
    );
    expect(text).toContain("Kim &lt;Minjun&gt;");
    expect(text).toContain("07:22");
    expect(text).toContain("10,000");
  });

  it("lists the nearest tee times with their net and the agent's limit, in Thai too", () => {
    const nearest = [teeTime("07:28"), teeTime("07:36")].map((t) => ({ teeTime: t, net: 1_400_000 }));
    const outcome = { kind: "none", reason: "over-price", nearest } as const;
    for (const locale of ["en", "th"] as const) {
      const text = agentNotice({ view, round: row, outcome }, locale);
      expect(text).toMatch(/07:28.*14,000[\s\S]*07:36.*14,000/);
      expect(text).toContain("11,000");
    }
    const none = agentNotice({ view, round: row, outcome: { kind: "none", reason: "no-tee-time", nearest: [] } }, "en");
    expect(none).toContain("none open that day");
  });
});

describe("a flight's party", () => {
  it("gives each flight of a round the roster's next players, the lead leading the first", () => {
    const players = Array.from({ length: 8 }, (_, i) => ({ name: `P${i + 1}` }));
    const r = (position: number, over: object = {}) =>
      ({ position, day: "2027-01-10", course_id: "c1", players: 4, ...over }) as unknown as TripRound;
    const rounds = [r(1), r(2), r(3, { day: "2027-01-11" }), r(4, { day: "2027-01-11" })];
    const view = { players, rounds } as unknown as Pick<TripView, "players" | "rounds">;
    expect(flightParty(view, rounds[0]!)).toEqual(["P1", "P2", "P3", "P4"]);
    expect(flightParty(view, rounds[1]!)).toEqual(["P5", "P6", "P7", "P8"]);
    expect(flightParty(view, rounds[3]!)).toEqual(["P5", "P6", "P7", "P8"]);
  });
});
