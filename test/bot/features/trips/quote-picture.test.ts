/**
 * The quote's picture at the bot (issue 51), on SQLite and PostgreSQL, against the sandbox over HTTP: the lead
 * customer who opens their trip's link gets the quote drawn in the trip's language (Korean here) — the very
 * picture `src/trips/quote.ts` draws for that trip, their agent named — then the quote's message with Accept;
 * the agent taps 🖼 Quote image on their trip and gets the same picture to forward; another agent's forged tap
 * is refused and draws nothing.
 */
import { PNG } from "pngjs";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage, SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { svgToPng } from "../../../../src/render/png.js";
import { quoteContent, quoteSvgs } from "../../../../src/trips/quote.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { expectTelegramRules, forgeTap, panel, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { differing, TOLERANCE } from "../../../helpers/image-references.js";
import { startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7400;
const AGENT = 7401;
const OTHER_AGENT = 7402;
const LEAD = 100_401;
/** The partner's net of the first round: a figure of its own, never drawn for the customer. */
const NET = 1_987_600;

function tripInput(h: Harness) {
  const course = h.sandbox.courses()[0]!;
  const round = (day: string, teeTime: string, inside: boolean) => ({
    courseId: course.id,
    courseName: course.name,
    timeZone: "Asia/Bangkok",
    day,
    teeTime,
    slotId: inside ? `slot-${day}` : null,
    startsAt: inside ? Date.parse(`${day}T${teeTime}:00+07:00`) : null,
    players: 4,
    sellingAmount: 2_400_000,
    netAmount: inside ? NET : null,
  });
  return tripInputFor(h.sandbox, {
    agentId: AGENT,
    handicap: null,
    // One round inside the sales window (25 days on), one beyond it (51 days): a time to be confirmed.
    rounds: [round("2026-12-20", "07:04", true), round("2027-01-15", "07:30", false)],
  });
}

/** The photos `user` got, oldest first. */
const photos = (user: SimulatedUser) => user.messages().filter((m) => m.photo !== undefined);

/** Whether `m`'s photo is the quote `src/trips/quote.ts` draws for the trip now (800 px wide, as sent). */
async function isTheQuote(h: Harness, m: ChatMessage, id: string): Promise<void> {
  const view = (await h.app.trips.get(id))!;
  const [svg] = quoteSvgs(
    quoteContent(view, {
      locale: "ko",
      agency: { name: h.app.config.agency.name, contact: h.app.config.agency.contact ?? "t.me/fairway_test_bot" },
      agentName: "Anan",
      nowMs: h.clock(),
    }),
  );
  const expected = PNG.sync.read(svgToPng(svg!, { width: 800 }));
  const sent = PNG.sync.read(Buffer.from(m.file!.data!));
  expect([sent.width, sent.height]).toEqual([expected.width, expected.height]);
  expect(differing(sent, expected, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
}

describe.each(databaseFactories)("the quote's picture at the bot on $name", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("the lead customer opening the link gets the picture then the quote with Accept; the agent gets it to forward", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(OTHER_AGENT) });
    await h.app.access.agents.add(AGENT, "Anan", ADMIN);
    const agent = h.user(AGENT, "th", "Anan", "stranger");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;

    agent.send("/trips");
    await h.settle();
    tapData(agent, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    expect(panel(agent).labels).toContain("🖼 รูปใบเสนอราคา");
    tapData(agent, new RegExp(`^tp:share:${id}$`));
    await h.settle();
    const token = /\?start=([A-Za-z0-9_-]+)/.exec(
      agent.messages().findLast((m) => m.text?.includes("?start="))!.text!,
    )![1]!;

    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    lead.send(`/start ${token}`);
    await h.settle();
    const got = lead.messages();
    const picture = got.findIndex((m) => m.photo !== undefined);
    expect(picture, "the quote's picture").toBeGreaterThanOrEqual(0);
    expect(got[picture]!.caption).toContain("여행 견적서 이미지");
    expect(got[picture]!.caption).not.toContain(token);
    await isTheQuote(h, got[picture]!, id);
    // The quote's message follows the picture, with Accept under it.
    const quote = panel(lead);
    expect(quote.message!.message_id).toBeGreaterThan(got[picture]!.message_id);
    expect(quote.text).toContain("골프 여행");
    expect(quote.data).toEqual([`tp:accept:${id}`]);
    expect(photos(lead)).toHaveLength(1);

    // The agent taps 🖼 Quote image: the same picture, in the trip's language, captioned in theirs.
    tapData(agent, new RegExp(`^tp:qi:${id}$`));
    await h.settle();
    const forwarded = photos(agent).at(-1);
    expect(forwarded?.caption).toContain("ใบเสนอราคาทริปของ Kim Minjun");
    await isTheQuote(h, forwarded!, id);

    // Another agent's forged tap is refused: no picture, the trip not named.
    const other = h.user(OTHER_AGENT, "en", "Other");
    other.send("/trips");
    await h.settle();
    forgeTap(other, `tp:qi:${id}`);
    await h.settle();
    expect(photos(other)).toHaveLength(0);
    expect(other.messages().some((m) => m.text?.includes("Kim Minjun"))).toBe(false);
    const answer = h.telegram.calls.findLast((c) => c.method === "answerCallbackQuery");
    expect(answer?.params.text).toBe("This trip cannot be opened here.");
    // A stranger's neither.
    const stranger = h.user(100_409, "en", "Stranger", "stranger");
    stranger.send("/start");
    await h.settle();
    forgeTap(stranger, `tp:qi:${id}`);
    await h.settle();
    expect(photos(stranger)).toHaveLength(0);
    expectTelegramRules(h);
  });
});
