import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parseBookingName, parseEmail, parseThaiMobile } from "../../src/bot/validation/customer.js";
import { livePanel, tapData } from "../helpers/flow.js";
import {
  hostileSeed,
  hostileText,
  localeTexts,
  NASTY_PIECES,
  runBatches,
  scaled,
  walkToName,
  World,
  type Identity,
} from "../helpers/hostile.js";
import { reportFigures, type Figures } from "../helpers/hostile-figures.js";

/**
 * The booking flow's text steps — the golfer's name, e-mail and mobile — are where typed text ends up
 * in a partner request and in the hold's summary. Hostile and near-valid input there: stacked Thai
 * marks, RTL and zero-width characters, emoji, markup, very long text. What fairway accepts the
 * partner must accept too (docs/partner-api-choices.md: name 1–100 characters, e-mail 3–254 with
 * `@`, mobile 6–32), and the summary that shows it must render.
 */
const figures: Figures = { cases: 0, direct: 0, batches: 0, violations: 0, seed: hostileSeed(), ms: 0 };
afterAll(() => reportFigures("details", figures));

const THAI_CONSONANTS = "กขคงจชซดตทนบปผพฟมยรลวสหอฮ";
const THAI_MARKS = "\u0E31\u0E34\u0E35\u0E36\u0E37\u0E38\u0E39\u0E47\u0E48\u0E49\u0E4A\u0E4B\u0E4C\u0E4D";

/** One grapheme of a name: a Latin or Thai letter with 0–12 combining marks, or a separator. */
const nameGrapheme = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZÉéÑñ") },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...THAI_CONSONANTS),
        fc.array(fc.constantFrom(...THAI_MARKS), { maxLength: 12, size: "max" }),
      )
      .map(([c, marks]) => c + marks.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom(" ", ".", "'", "-", "’") },
);

/** Names a validator could take: 1–90 graphemes, letters first. */
const nameLike = fc
  .tuple(fc.constantFrom(..."ASMกสน"), fc.array(nameGrapheme, { maxLength: 90, size: "max" }))
  .map(([first, rest]) => first + rest.join(""));

const nasty = fc.constantFrom(...NASTY_PIECES);
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.tuple(fc.emailAddress(), nasty).map(([e, n]) => e + n),
  fc.tuple(nasty, fc.emailAddress()).map(([n, e]) => n + e),
  fc.tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }), fc.domain()).map(([l, d]) => `${l}@${d}`),
);
const mobileLike = fc.oneof(
  fc.stringMatching(/^\+?[0-9 ().-]{6,40}$/),
  fc.constantFrom(
    "081-234-5678",
    "+66 81 234 5678",
    "๐๘๑๒๓๔๕๖๗๘",
    "０８１２３４５６７８",
    "0044 7911 123456",
    "+1 202 555 0100",
    "02-123-4567",
  ),
  fc.tuple(fc.constantFrom("081-234-5678", "+66812345678"), nasty).map(([m, n]) => m + n),
);

const nameInput = fc.oneof(
  { weight: 3, arbitrary: nameLike },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom("Somchai Jaidee", "สมศักดิ์ ใจดี") },
);
const emailInput = fc.oneof(
  { weight: 3, arbitrary: emailLike },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constant("somchai@example.com") },
);
const mobileInput = fc.oneof(
  { weight: 3, arbitrary: mobileLike },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constant("081-234-5678") },
);

/** What the partner refuses (its documented limits); an empty list when it takes the value. */
function partnerRefuses(field: "name" | "email" | "mobile", value: string): string[] {
  const trimmed = value.trim();
  const [min, max] = field === "name" ? [1, 100] : field === "email" ? [3, 254] : [6, 32];
  const out: string[] = [];
  if (trimmed.length < min || trimmed.length > max)
    out.push(`${field} of ${trimmed.length} characters (partner: ${min}–${max})`);
  if (field === "email" && !trimmed.includes("@")) out.push("email without @");
  if (/[\p{Cc}\p{Cf}]/u.test(value)) out.push(`${field} with control or format characters`);
  return out;
}

describe("hostile input: the golfer's details", () => {
  it("what the validators accept, the partner accepts: no control characters, within its limits", () => {
    const check = (
      field: "name" | "email" | "mobile",
      parse: (s: string) => { ok: boolean; value?: string },
      input: fc.Arbitrary<string>,
    ) =>
      fc.assert(
        fc.property(input, (text) => {
          figures.direct! += 1;
          const result = parse(text);
          if (result.ok) expect(partnerRefuses(field, result.value ?? ""), JSON.stringify(text)).toEqual([]);
        }),
        { numRuns: 2000, seed: figures.seed },
      );
    check("name", parseBookingName, nameInput);
    check("email", parseEmail, emailInput);
    check("mobile", parseThaiMobile, mobileInput);
  });

  it("typed into the flow: no crash, no partner refusal of what fairway accepted, the summary renders", async () => {
    const AGENTS = 30;
    const world = await World.create({ agents: AGENTS });
    const agents = world.identities;
    const { h } = world;
    const titles = {
      name: localeTexts("name-title"),
      email: localeTexts("email-title"),
      mobile: localeTexts("mobile-title"),
    };
    const all = async (act: (a: Identity, i: number) => void) => {
      agents.forEach(act);
      await h.settle();
    };
    const step = (a: Identity): "name" | "email" | "mobile" | "held" | "other" => {
      const p = livePanel(a.user);
      if (p.data.some((d) => d.endsWith(":ok"))) return "held";
      for (const field of ["name", "email", "mobile"] as const)
        if (titles[field].some((t) => p.text.includes(t))) return field;
      return "other";
    };
    await world.run(async () => {
      // Every agent to the name step of a booking (different courses and slots), all at once.
      await walkToName(
        h,
        agents.map((a) => a.user),
      );
      expect(agents.filter((a) => step(a) !== "name").map((a) => livePanel(a.user).text.slice(0, 200))).toEqual([]);
      expect(await world.check()).toEqual([]);

      const reserves = () => h.sandbox.requests.filter((r) => r.method === "POST" && /\/order\/reserve$/.test(r.path));
      let seenReserves = reserves().length;
      const repairs: Record<string, string> = {
        name: "Somchai Jaidee",
        email: "somchai@example.com",
        mobile: "081-234-5678",
      };
      await runBatches(world, {
        cases: fc.record({ name: nameInput, email: emailInput, mobile: mobileInput }),
        batches: scaled(3),
        size: AGENTS,
        seed: figures.seed,
        figures,
        pool: () => agents,
        drive: async (cases) => {
          // Back to the name step: Change, then "the name", at once (one chat's updates run in order).
          if (agents.some((a) => step(a) === "held")) {
            await all((a) => {
              if (step(a) !== "held") return;
              tapData(a.user, /:chg$/);
              const panelData = livePanel(a.user).data.find((d) => d.endsWith(":chg"))!;
              a.user.forgeTap(panelData.replace(/:chg$/, ":ch:name"), livePanel(a.user).message!.message_id);
            });
          }
          // The generated name, e-mail and mobile, typed one after the other; then whoever was refused
          // somewhere is helped on with valid details from that step, so that every round ends on hold.
          await all((a, i) => {
            const c = cases[i]!;
            for (const text of [c.name, c.email, c.mobile]) a.user.send(text);
          });
          await all((a) => {
            const at = step(a);
            const from = at === "name" ? 0 : at === "email" ? 1 : at === "mobile" ? 2 : 3;
            for (const field of (["name", "email", "mobile"] as const).slice(from)) a.user.send(repairs[field]!);
          });
          return cases.length * 3;
        },
        check: {
          extra: () => {
            const out: string[] = [];
            const refused = reserves()
              .slice(seenReserves)
              .filter((r) => r.status >= 400 && r.status < 500);
            seenReserves = reserves().length;
            if (refused.length > 0)
              out.push(
                `${refused.length} reservations the partner refused (${refused.map((r) => r.status).join(", ")}): fairway accepted details the partner does not`,
              );
            const notHeld = agents.filter((a) => step(a) !== "held");
            if (notHeld.length > 0)
              out.push(
                `not on hold after valid details: ${notHeld.map((a) => `${a.id} (${step(a)}: ${JSON.stringify(livePanel(a.user).text.slice(0, 120))})`).join(", ")}`,
              );
            return Promise.resolve(out);
          },
        },
      });
    });
  }, 180_000);
});
