/**
 * The trip's quote as a picture, against reviewed reference images (test/fixtures/trips/quote-<locale>.png,
 * drawn with the npm fonts and looked at by a person; UPDATE_QUOTE_REFERENCES=1 redraws them after a deliberate
 * change): every round with its day, tee time (or its quoted time, to be confirmed) and selling price, the
 * agency's lines, the total, the schedule as the quote's message computes it, the ladder and how to accept —
 * and never the partner's net. A long trip grows the page, then goes on to another.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { tripQuote } from "../../src/bot/features/trips/quote.js";
import { formatBaht } from "../../src/bot/format/money.js";
import { LOCALES } from "../../src/locale.js";
import { svgToPng } from "../../src/render/png.js";
import { QUOTE_PAGE_HEIGHT, quoteContent, quoteSvgs } from "../../src/trips/quote.js";
import type { TripView } from "../../src/trips/store.js";
import { differing, TOLERANCE } from "../helpers/image-references.js";
import { QUOTE_NET, QUOTE_NOW, quoteTrip, tripRound } from "./itinerary-fixture.js";

const AGENCY = { name: "Fairway Golf Travel", contact: "t.me/fairway_bot" };
const WIDTH = 600;
const file = (locale: string) => new URL(`../fixtures/trips/quote-${locale}.png`, import.meta.url);
const options = (locale: (typeof LOCALES)[number]) => ({ locale, agency: AGENCY, agentName: "Anan", nowMs: QUOTE_NOW });
/** What the SVG writes, tags and attributes left out. */
const writtenText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join("\n");

/** A trip of `rounds` rounds and `lines` lines, every round's net a figure of its own. */
function longTrip(rounds: number, lines: number): TripView {
  const base = quoteTrip();
  const view: TripView = {
    ...base,
    rounds: Array.from({ length: rounds }, (_, i) =>
      tripRound(i + 1, {
        course_name: `Course number ${i + 1} with a rather long name, Pattaya`,
        day: `2027-01-${String(i + 1).padStart(2, "0")}`,
        tee_time: "07:30",
        state: "PLANNED",
        players: 8,
        selling_amount: 2_400_000 + i * 10_000,
        net_amount: 1_777_700 + i,
      }),
    ),
    lines: Array.from({ length: lines }, (_, i) => ({
      ...base.lines[0]!,
      id: `l${i}`,
      description: `Line ${i + 1}: hotel in Pattaya, sea view, breakfast included, twin rooms for the whole party`,
      selling_amount: 500_000 + i,
    })),
  };
  return { ...view, total: [...view.rounds, ...view.lines].reduce((s, x) => s + x.selling_amount, 0) };
}

describe("the trip's quote picture", () => {
  it.each(["ko", "th"] as const)("%s matches its reviewed reference image", (locale) => {
    const pages = quoteSvgs(quoteContent(quoteTrip(), options(locale)));
    expect(pages).toHaveLength(1);
    const png = svgToPng(pages[0]!, { width: WIDTH });
    if (process.env.UPDATE_QUOTE_REFERENCES === "1") writeFileSync(file(locale), png);
    expect(existsSync(file(locale)), "draw it with UPDATE_QUOTE_REFERENCES=1 and review it").toBe(true);
    const drawn = PNG.sync.read(png);
    const reference = PNG.sync.read(readFileSync(file(locale)));
    expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
    expect(differing(drawn, reference, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
  });

  it("says each round's day, tee time and selling price, the lines, the total, the message's schedule and the ladder", () => {
    const view = quoteTrip();
    const content = quoteContent(view, options("en"));
    expect(content.rounds.map((r) => [r.label, r.price, r.confirmed])).toEqual([
      ["Saturday 26 December 2026 · 07:04", "฿24,000", true],
      ["Monday 28 December 2026 · 11:36", "฿24,000", true],
      ["Sunday 10 January 2027 · 07:30", "฿26,000", false],
      ["Tuesday 12 January 2027 · 08:00", "฿26,000", false],
    ]);
    expect(content.rounds[2]!.note).toBe("8 golfers · time to be confirmed when the day goes on sale");
    expect(content.lines?.items).toEqual([
      { label: "Hotel in Pattaya, 6 nights, 4 twin rooms", price: "฿48,000" },
      { label: "Airport and course transfers by van", price: "฿9,600" },
    ]);
    expect(content.total).toEqual({ label: "Total", price: "฿157,600" });
    // The message's schedule (in the trip's Korean): a quarter now, the rest 30 days before the first round.
    const message = tripQuote(view, QUOTE_NOW).text;
    expect(message).toContain("수락 시 계약금 ฿39,400, 잔금 ฿118,200은 11월 26일 (목)까지.");
    expect(content.schedule.rows).toEqual([
      { label: "Deposit, on acceptance", price: "฿39,400" },
      { label: "Balance, by Thu 26 Nov 2026", price: "฿118,200" },
    ]);
    expect(content.ladder.steps).toEqual([
      "30 days or more before the first round: 75% of the trip's price returned",
      "15 days or more before the first round: 50% of the trip's price returned",
      "Later: nothing is returned.",
    ]);
    expect(content.agent).toBe("Your agent: Anan");
    expect(content.accept).toContain("Accept this trip");
    const svg = quoteSvgs(content)[0]!;
    expect(svg).not.toMatch(/start=|t\.me\/fairway_bot\?/);
  });

  it.each(LOCALES)("never shows the partner's net (%s)", (locale) => {
    const text = quoteSvgs(quoteContent(quoteTrip(), options(locale)))
      .map(writtenText)
      .join("\n");
    // The selling prices are there, as the reader's language writes them…
    expect(text).toContain(formatBaht(2_400_000, locale));
    // …and no figure of a net.
    for (const figures of ["19,876", "19876", "20,100", "20100", "24,500", "24500"])
      expect(text).not.toContain(figures);
    // Neither a long trip's nets.
    const long = quoteSvgs(quoteContent(longTrip(6, 4), options(locale)))
      .map(writtenText)
      .join("\n");
    expect(long).not.toMatch(/17,777|17777/);
  });

  it("shows nothing of the net even in a round's every field", () => {
    const view = quoteTrip();
    expect(view.rounds[0]!.net_amount).toBe(QUOTE_NET);
    const svg = quoteSvgs(quoteContent(view, options("en")))[0]!;
    expect(svg).toContain("฿24,000");
    expect(svg).not.toContain(formatBaht(QUOTE_NET, "en"));
  });

  it("fits six rounds and four lines on one page, grown taller; a trip of 64 rounds goes on over pages", () => {
    const short = quoteSvgs(quoteContent(quoteTrip(), options("th")))[0]!;
    const six = quoteSvgs(quoteContent(longTrip(6, 4), options("th")));
    expect(six).toHaveLength(1);
    const height = (svg: string) => Number(/height="(\d+)"/.exec(svg)![1]);
    expect(height(six[0]!)).toBeGreaterThan(height(short));
    for (let i = 1; i <= 4; i++) expect(six[0]).toContain(`Line ${i}:`);
    const long = quoteSvgs(quoteContent(longTrip(31, 30), options("ja")));
    expect(long.length).toBeGreaterThan(1);
    for (const page of long) expect(height(page)).toBeLessThanOrEqual(QUOTE_PAGE_HEIGHT);
    // Every round once, in order, across the pages; the total and the ladder at the end.
    const all = long.join("");
    const days = [...all.matchAll(/2027年1月(\d+)日/g)].map((m) => Number(m[1]));
    expect(days).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(long.at(-1)).toContain("合計");
    expect(long[0]).toContain(`お見積り · 1/${long.length}`);
    // The picture's limits at 800 px: height ≤ 20 × width and width + height ≤ 10 000.
    for (const page of long) expect((height(page) * 800) / 600).toBeLessThanOrEqual(9_200);
  });

  it("escapes what the agent typed: the picture stays one SVG document", () => {
    const view = quoteTrip();
    view.lines[0] = { ...view.lines[0]!, description: `Villa <b>"Sea & Sun"</b></text></svg>` };
    const [svg] = quoteSvgs(quoteContent(view, options("en")));
    expect(svg).not.toContain("<b>");
    expect(svg!.match(/<\/svg>/g)).toHaveLength(1);
    expect(() => svgToPng(svg!, { width: WIDTH })).not.toThrow();
  });
});
