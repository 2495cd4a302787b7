/**
 * The trip's itinerary picture, against reviewed reference images (test/fixtures/trips/itinerary-<locale>.png,
 * drawn with the npm fonts and looked at by a person; UPDATE_ITINERARY_REFERENCES=1 redraws them after a
 * deliberate change): every round in order with its day and time in the reader's language, a round not on
 * sale yet marked planned, the agency's lines, and no price at all — the party forwards it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { formatBaht } from "../../src/bot/format/money.js";
import { svgToPng } from "../../src/render/png.js";
import { itineraryContent, itinerarySvg } from "../../src/trips/itinerary.js";
import { differing, TOLERANCE } from "../helpers/image-references.js";
import { itineraryTrip } from "./itinerary-fixture.js";

const AGENCY = { name: "Fairway Golf Travel", contact: "t.me/fairway_bot" };
const WIDTH = 600;
const file = (locale: string) => new URL(`../fixtures/trips/itinerary-${locale}.png`, import.meta.url);

describe("the trip's itinerary picture", () => {
  it.each(["ko", "th"] as const)("%s matches its reviewed reference image", (locale) => {
    const png = svgToPng(itinerarySvg(itineraryContent(itineraryTrip(), { locale, agency: AGENCY })), { width: WIDTH });
    if (process.env.UPDATE_ITINERARY_REFERENCES === "1") writeFileSync(file(locale), png);
    expect(existsSync(file(locale)), "draw it with UPDATE_ITINERARY_REFERENCES=1 and review it").toBe(true);
    const drawn = PNG.sync.read(png);
    const reference = PNG.sync.read(readFileSync(file(locale)));
    expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
    expect(differing(drawn, reference, TOLERANCE.level)).toBeLessThanOrEqual(TOLERANCE.share);
  });

  it("lists every round in order, booked ones at their tee time, the rest planned, and shows no price", () => {
    const view = itineraryTrip();
    const content = itineraryContent(view, { locale: "en", agency: AGENCY });
    expect(content.rounds.map((r) => [r.when, r.state])).toEqual([
      ["Saturday 26 December 2026 · 07:04", "booked"],
      ["Monday 28 December 2026 · 11:36", "booked"],
      ["Sunday 10 January 2027 · 07:30", "planned"],
      ["Tuesday 12 January 2027 · 08:00", "planned"],
    ]);
    expect(content.party).toBe("Kim Minjun · 8 golfers");
    const svg = itinerarySvg(content);
    for (const r of view.rounds) expect(svg).not.toContain(formatBaht(r.selling_amount, "en"));
    expect(svg).not.toMatch(/฿|THB|baht/i);
    expect(svg).toContain("Hotel in Pattaya");
  });

  it("escapes what the agent typed: the picture stays one SVG document", () => {
    const view = itineraryTrip();
    view.lines[0] = { ...view.lines[0]!, description: `Villa <b>"Sea & Sun"</b></text></svg>` };
    const svg = itinerarySvg(itineraryContent(view, { locale: "en", agency: AGENCY }));
    expect(svg).not.toContain("<b>");
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    expect(() => svgToPng(svg, { width: WIDTH })).not.toThrow();
  });
});
