/**
 * Trips in tests: one builder of a trip's input on the sandbox's open tee times, the harness at the world's
 * start, a trip taken through its screens to accepted, and a new trip's first answers in its conversation.
 */
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { Sandbox, SlotView } from "../../src/local/sandbox/index.js";
import { DEFAULT_LADDER } from "../../src/trips/money.js";
import type { TripInput } from "../../src/trips/store.js";
import { WORLD_START, worldClock } from "./clock.js";
import type { TestDatabase } from "./databases.js";
import { tapData, type Steps } from "./flow.js";
import { startHarness, type Harness } from "./harness.js";

/**
 * A trip taken through its screens to accepted: its agent opens it in /trips and taps Send to customer, the
 * lead customer opens the link the agent was given and taps Accept (the deposit's QR follows).
 */
export async function shareAndAccept(h: Harness, agent: SimulatedUser, lead: SimulatedUser, id: string): Promise<void> {
  agent.send("/trips");
  await h.settle();
  tapData(agent, new RegExp(`^tp:open:${id}$`));
  await h.settle();
  tapData(agent, new RegExp(`^tp:share:${id}$`));
  await h.settle();
  const link = agent.messages().findLast((m) => m.text?.includes("?start="))?.text ?? "";
  const token = /\?start=([A-Za-z0-9_-]+)/.exec(link)?.[1];
  if (!token) throw new Error(`no trip link in the agent's chat: ${link}`);
  lead.send(`/start ${token}`);
  await h.settle();
  tapData(lead, new RegExp(`^tp:accept:${id}$`));
  await h.settle();
}

/** Where open tee times come from: the sandbox (`h.sandbox`, or one a test made itself). */
export type TeeTimeSource = Pick<Sandbox, "courses" | "slots">;

/** The first open tee time on `date` for `players`, at the `n`-th course (from 0) that has one. */
export function openSlotOn(source: TeeTimeSource, date: string, n: number, players = 4): SlotView {
  const found = source
    .courses()
    .map((c) =>
      source
        .slots(c.id, date)
        .find((s) => s.status === "OPEN" && s.persons === 0 && s.minPerson <= players && s.maxPerson >= players),
    )
    .filter((s): s is SlotView => s !== undefined);
  if (!found[n]) throw new Error(`no open tee time for ${players} on ${date}`);
  return found[n];
}

/** A tee time's "HH:mm". */
export const hhmm = (s: SlotView): string =>
  `${String(Math.floor(s.minute / 60)).padStart(2, "0")}:${String(s.minute % 60).padStart(2, "0")}`;

/** Who travels: the trip's language, its lead customer and the roster's names (the lead first). */
export interface Party {
  locale: TripInput["locale"];
  lead: { name: string; email: string; mobile: string };
  names: readonly string[];
}

/** A Korean party of four. */
export const KOREAN_PARTY: Party = {
  locale: "ko",
  lead: { name: "Kim Minjun", email: "minjun@example.com", mobile: "+821012345678" },
  names: ["Kim Minjun", "Lee Seo", "Park Jiho", "Choi Yuna"],
};

/** A Thai lead customer and one more player. */
export const THAI_PARTY: Party = {
  locale: "th",
  lead: { name: "สมชาย ใจดี", email: "somchai@example.com", mobile: "+66812345678" },
  names: ["สมชาย ใจดี", "Lee Seo"],
};

type RoundInput = TripInput["rounds"][number];

export interface TripInputOptions {
  agentId: number;
  /** A round on each day for four, on an open tee time at the `i`-th course that has one (day `i`). */
  days?: readonly string[];
  /** Rounds beyond the sales window: at 07:30 on the first round's course, no tee time yet. */
  beyond?: readonly { day: string; sellingAmount: number; maxNetAmount?: number }[];
  /** Rounds as they are, instead of `days` and `beyond`. */
  rounds?: RoundInput[];
  /** Default `KOREAN_PARTY`. */
  party?: Party;
  /** Replaces some of the party's lead customer's details. */
  lead?: Partial<Party["lead"]>;
  /** Every player's handicap; default 10 for the first player, 11 for the next, and so on. */
  handicap?: number | null;
  /** The first player's phone is the lead customer's mobile (default: no player has a phone). */
  leadPhone?: boolean;
  /** A round's selling price above its net, the green fees for four (satang; default 200,000). */
  markup?: number;
  /** Default a hotel, 4 nights, at 32,000 THB. */
  lines?: TripInput["lines"];
  /** Default 25. */
  depositPercent?: number;
  /** Default 14. */
  balanceDaysBefore?: number;
}

/** A trip's input for `source`'s open tee times, `DEFAULT_LADDER`'s cancellation terms. */
export function tripInputFor(source: TeeTimeSource, options: TripInputOptions): TripInput {
  const party = options.party ?? KOREAN_PARTY;
  const lead = { ...party.lead, ...options.lead };
  const markup = options.markup ?? 200_000;
  const inside = (options.days ?? []).map((day, i) => {
    const s = openSlotOn(source, day, i);
    return {
      courseId: s.course.id,
      courseName: s.course.name,
      timeZone: "Asia/Bangkok",
      day,
      teeTime: hhmm(s),
      slotId: s.id,
      startsAt: s.startMs,
      players: 4,
      sellingAmount: s.price * 4 + markup,
      netAmount: s.price * 4,
    };
  });
  const beyond = (options.beyond ?? []).map(({ day, sellingAmount, maxNetAmount }) => ({
    courseId: inside[0]!.courseId,
    courseName: inside[0]!.courseName,
    timeZone: "Asia/Bangkok",
    day,
    teeTime: "07:30",
    slotId: null,
    startsAt: null,
    players: 4,
    sellingAmount,
    netAmount: null,
    ...(maxNetAmount === undefined ? {} : { maxNetAmount }),
  }));
  return {
    agentId: options.agentId,
    leadName: lead.name,
    leadEmail: lead.email,
    leadMobile: lead.mobile,
    locale: party.locale,
    players: party.names.map((name, i) => ({
      name,
      handicap: options.handicap === undefined ? 10 + i : options.handicap,
      locale: party.locale,
      phone: options.leadPhone && i === 0 ? lead.mobile : null,
    })),
    rounds: options.rounds ?? [...inside, ...beyond],
    lines: options.lines ?? [{ kind: "hotel", description: "Hotel, 4 nights", sellingAmount: 3_200_000 }],
    deposit: { kind: "percent", percent: options.depositPercent ?? 25 },
    balanceDaysBefore: options.balanceDaysBefore ?? 14,
    ladder: [...DEFAULT_LADDER],
  };
}

/** The Thai party's one round for four, a hotel (2 nights, an odd satang) and a 30 % deposit: `days` gives its day. */
export const THAI_ONE_ROUND = {
  party: THAI_PARTY,
  handicap: 12,
  lines: [{ kind: "hotel", description: "Hotel, 2 nights", sellingAmount: 1_600_050 }],
  depositPercent: 30,
} satisfies Partial<TripInputOptions>;

/** fairway on a fresh database of `make`'s kind, the world's clock stopped at its start, with `env`. */
export function startAtWorldStart(make: () => TestDatabase, env: Record<string, string>): Promise<Harness> {
  return startHarness({ db: make(), clock: worldClock(WORLD_START, { stopped: true }), env });
}

/** An agent's /trips, New trip and its lead customer: Kim Minjun, in Korean (the third language), e-mail, mobile. */
export async function newKoreanTrip({ say, tap }: Steps): Promise<void> {
  await say("/trips");
  await tap(/^tn:new$/);
  await say("Kim Minjun");
  await tap(/^tn:lang:2$/);
  await say("minjun@example.com");
  await say("+82 10-1234-5678");
}
