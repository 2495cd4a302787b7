/**
 * Hostile input against the real bot: fast-check arbitraries for what a user (or a modified client)
 * can send, and a driver that feeds them to fairway in batches through the local Bot API server, with
 * the checks every batch must pass.
 *
 * A property run is one harness (real app, local Bot API server, partner sandbox, SQLite). Each
 * fast-check run is a batch of generated cases: they are all queued at once (users act concurrently,
 * as in Telegram), then the harness settles and the batch is checked:
 *
 * - the bot is up: a canary agent's `/help`, queued last, gets the main menu;
 * - every callback query was answered;
 * - no Bot API call failed (except "message is not modified"); the local server enforces Telegram's
 *   rules (text ≤ 4096, caption ≤ 1024, callback data ≤ 64 bytes, valid HTML), so a break is a failure;
 * - no error-level log line (an update that failed is a crash the user saw as "something went wrong");
 * - no secret (partner API key, its base64, the bot token) in any call fairway made to Telegram (texts,
 *   captions, buttons, callback answers, uploaded files) or in any log line;
 * - no escalation: nobody's role changed, except a stranger (or customer) who became a customer of the
 *   agent whose valid link they sent in this batch; no admin text or admin button reached a non-admin,
 *   no link-builder text or button reached a customer or stranger, no button but the language choice
 *   reached a stranger;
 * - no confirm or refund at the partner (random input never legitimately reaches either), and each
 *   property adds its own (no partner call at all from strangers, fixtures unchanged, …);
 * - when the harness stops, the invariant checker compares ledger and sandbox (every reservation made
 *   is in the ledger, amounts agree).
 *
 * Cases are counted per file; `reportFigures` (`./hostile-figures.ts`) prints `hostile/<file>: …`, and
 * the run's end prints the total line `hostile: N cases, V violations`.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { Who } from "../../src/access/index.js";
import { COMMAND_ENTITY, type SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { CallRecord } from "../../src/local/bot-api-server/store.js";
import { livePanel, tapData, tomorrow } from "./flow.js";
import { startHarness, TEST_BOT_TOKEN, type Harness } from "./harness.js";
import type { Figures } from "./hostile-figures.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// ---------------------------------------------------------------------------------------------
// Secrets and texts that must not leak
// ---------------------------------------------------------------------------------------------

/** A partner API key no test text could contain by chance. */
export const PARTNER_KEY = "s3cr3t-partner-key-XYZ";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

/** Every form of a secret that must never appear in a message, a button, a file or a log line. */
export const SECRETS: readonly string[] = [
  PARTNER_KEY,
  b64(PARTNER_KEY),
  b64(`${PARTNER_KEY}:`),
  b64(`:${PARTNER_KEY}`),
  Buffer.from(PARTNER_KEY).toString("base64url"),
  TEST_BOT_TOKEN,
  TEST_BOT_TOKEN.split(":")[1] ?? TEST_BOT_TOKEN,
];

/** Plain text of a Telegram HTML string (tags dropped, the four entities decoded). */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/**
 * The longest literal piece (outside `{ … }` placeables) of each one-line message `keys` selects, in
 * English and Thai: text only those messages contain.
 */
function markers(select: (key: string) => boolean): string[] {
  const out = new Set<string>();
  const others: string[] = [];
  for (const locale of ["en", "th"]) {
    const source = readFileSync(join(ROOT, "locales", `${locale}.ftl`), "utf8");
    for (const line of source.split("\n")) {
      const m = /^([a-z0-9-]+) =(.*)$/.exec(line);
      if (!m?.[1]) {
        if (/^\s+\S/.test(line)) others.push(plain(line));
        continue;
      }
      if (!select(m[1])) {
        others.push(plain(m[2] ?? ""));
        continue;
      }
      const pieces = plain(m[2] ?? "")
        .split(/\{[^}]*\}/)
        .map((s) => s.trim());
      const longest = pieces.reduce((a, b) => (b.length > a.length ? b : a), "");
      if (longest.length >= 10) out.add(longest);
    }
  }
  // Only text no other message contains (a Thai "no bookings" is both an admin's and a customer's).
  return [...out].filter((m) => !others.some((o) => o.includes(m)));
}

/** A one-line message in English and Thai, as plain text (placeables left as they are). */
export function localeTexts(key: string): string[] {
  return ["en", "th"].flatMap((locale) => {
    const source = readFileSync(join(ROOT, "locales", `${locale}.ftl`), "utf8");
    const line = source.split("\n").find((l) => l.startsWith(`${key} = `));
    return line ? [plain(line.slice(key.length + 3))] : [];
  });
}

/** Texts only an admin may ever see (every `admin-*` message but the refusals everyone can get). */
export const ADMIN_MARKERS = markers(
  (k) =>
    (k.startsWith("admin-") && !["admin-only", "admin-button-invalid"].includes(k)) ||
    // The daily digest and the admins' side of cancellation requests are admin texts too.
    k.startsWith("digest-") ||
    k.startsWith("cancel-request-card-") ||
    [
      "cancel-request-approved-admin",
      "cancel-request-declined-admin",
      "cancel-request-closed",
      "cancel-request-list",
      "cancel-request-none",
    ].includes(k),
);
/** Texts only agents and admins may see: the link builder and the link list. */
export const AGENT_MARKERS = markers((k) =>
  [
    "link-builder-title",
    "link-builder-hint",
    "link-created",
    "link-pick-course",
    "links-title",
    "links-empty",
  ].includes(k),
);

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** Pieces hostile text is made of: direction marks, zero-width, emoji sequences, stacked Thai marks, markup, injections. */
export const NASTY_PIECES: readonly string[] = [
  "\u200F", // RIGHT-TO-LEFT MARK
  "\u202E", // RIGHT-TO-LEFT OVERRIDE
  "\u202B",
  "\u2066",
  "\u2069",
  "\u061C",
  "\u200B", // zero-width space, non-joiner, joiner
  "\u200C",
  "\u200D",
  "\uFEFF",
  "\u2060",
  "\u00AD",
  "\u00A0",
  "\u3000",
  "👨‍👩‍👧‍👦",
  "🏌️‍♀️",
  "🏳️‍🌈",
  "🇹🇭",
  "👍🏽",
  "⛳",
  "\u{1F9D1}\u200D\u{1F4BB}",
  "\u{1D573}\u{1D586}", // astral letters (surrogate pairs)
  "ก้้้้้้้้",
  "ปั๊่้๊๋",
  "น้ํ้ํ้ํ",
  "กิ่ิ่ิ่ิ่",
  "สวัสดีครับ",
  "e\u0301\u0302\u0303\u0304",
  "Z\u0334\u0321\u0322\u0347a\u0338\u035Al\u0337g\u0335o",
  "\u0E3A\u0E4E\u0E47",
  "<b>",
  "</b>",
  "<i>x</b>",
  '<a href="javascript:alert(1)">x</a>',
  "<tg-spoiler>",
  "<script>alert(1)</script>",
  "<code>",
  "&amp;",
  "&",
  "&lt;",
  "&#0;",
  "&#x110000;",
  "' OR 1=1 --",
  '"; DROP TABLE bookings; --',
  "') OR ('1'='1",
  "../../etc/passwd",
  "..\\..\\windows",
  "%00",
  "%s%n%x",
  "${process.env.PARTNER_API_KEY}",
  "{ $name }",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "\n",
  "\r\n",
  "\t",
  " ",
  "\u0000",
  "\u0007",
  "\u001B[31m",
  "@fairway_test_bot",
  "/book",
  "b:abcdef:ok",
  "null",
  "NaN",
  "-1",
  "1e309",
  "99999999999999999999",
];

/** Telegram profile names (first name 1–64 characters, last name up to 64): markup, direction marks, stacked marks. */
export const PROFILE_NAMES: readonly (readonly [string, string?])[] = [
  ["Somchai", "Jaidee"],
  ["<b>Bold</b> & Co", "</i>"],
  ["A&B", "&amp;&lt;"],
  ["\u202Eevil", "\u200F\u200B"],
  ["👨‍👩‍👧‍👦", "🏌️‍♀️🇹🇭"],
  ["ก้้้้้้้้้้้้", "ปั๊่้๊๋"],
  ["ก".repeat(64), "ข".repeat(64)],
  ["x".repeat(64)],
  ["\u200B"],
  ["Z\u0334\u0321a\u0338l\u0337g\u0335o", "O'Brien-Smith"],
  ["สมศักดิ์", "ใจดี"],
  ["{ $name }", "${name}"],
];

/** Up to 4096 UTF-16 units (Telegram's limit for a message), without splitting a surrogate pair. */
function capUnits(s: string, max = 4096): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Very long text: 4–10 KB of UTF-8 (Thai with stacked marks, emoji, zero-width, markup), ≤ 4096 UTF-16 units. */
export const longText = fc
  .record({
    unit: fc.constantFrom("ก้้้", "ปั๊่้๊๋ ", "👨‍👩‍👧", "\u200B\u200D", "a", "<b>x</b>&amp;", "\u202Eabc", "สนามกอล์ฟ "),
    noise: fc.string({ unit: "grapheme", maxLength: 8 }),
    bytes: fc.integer({ min: 4096, max: 10240 }),
  })
  .map(({ unit, noise, bytes }) => {
    const piece = unit + noise;
    const size = Math.max(1, Buffer.byteLength(piece));
    return capUnits(piece.repeat(Math.ceil(bytes / size)));
  });

/** Random text: any strings, graphemes, astral code points (surrogate pairs), nasty pieces, very long text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...NASTY_PIECES), fc.string({ unit: "grapheme", maxLength: 6 })), {
        minLength: 1,
        maxLength: 12,
      })
      .map((a) => a.join("")),
  },
  { weight: 1, arbitrary: longText },
);

/** Short hostile text (command arguments). */
const shortText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.array(fc.constantFrom(...NASTY_PIECES), { minLength: 1, maxLength: 4 }).map((a) => a.join("")),
);

/** Every command fairway knows, and some it does not. */
export const COMMANDS = [
  "book",
  "start",
  "refund",
  "order",
  "agents",
  "report",
  "link",
  "links",
  "release",
  "bookings",
  "audit",
  "balance",
  "language",
  "lang",
  "cancel",
  "mybookings",
  "help",
] as const;

/** First id of the identities a world creates; generated numbers stay out of [ID_BASE, ID_BASE + 100 000). */
export const ID_BASE = 610_000;

function awayFromIdentities(text: string): string {
  const n = Number(text);
  return /^\d+$/.test(text) && n >= ID_BASE && n < ID_BASE + 100_000 ? `9${text}` : text;
}

const oddNumber: fc.Arbitrary<string> = fc
  .oneof(
    fc.integer().map(String),
    fc.bigInt().map(String),
    fc.nat({ max: 99_999_999 }).map(String),
    fc.constantFrom(
      "0",
      "-1",
      "-0",
      "1.5",
      "1e309",
      "NaN",
      "Infinity",
      "0x10",
      "9007199254740993",
      "999999999999999",
      "1234567890123456789012",
      "00012",
      "๑๒๓",
      "١٢٣",
    ),
  )
  .map(awayFromIdentities);

const dateish: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "2026-01-01 2026-12-31",
    "2026-02-30 2026-03-01",
    "9999-12-31 0000-01-01",
    "2020-01-01 2030-01-01",
    "2026-13-45",
    "today week",
    "2026-01-01",
  ),
  fc
    .tuple(fc.integer({ min: -1, max: 10_000 }), fc.integer({ min: -1, max: 14 }), fc.integer({ min: -1, max: 33 }))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);

/** A piece of a command's arguments; `self`, `ident` and `ref` are resolved when the case is driven. */
export type ArgPart = { t: "lit"; v: string } | { t: "self" } | { t: "ident"; i: number } | { t: "ref"; i: number };

const lit = (v: string): ArgPart => ({ t: "lit", v });

export const argPart: fc.Arbitrary<ArgPart> = fc.oneof(
  { weight: 3, arbitrary: shortText.map(lit) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        "' OR 1=1 --",
        "../../../etc/passwd",
        "<b>bold</b>",
        "<i>",
        "&",
        "*",
        "%",
        "?",
        "`id`",
        "\\",
        "[]",
        "{}",
        "__proto__",
        "GT-0000",
        "add",
        "remove",
        "today",
        "week",
        "ADD",
        "Remove",
      )
      .map(lit),
  },
  { weight: 2, arbitrary: oddNumber.map(lit) },
  { weight: 1, arbitrary: dateish.map(lit) },
  { weight: 1, arbitrary: fc.constant<ArgPart>({ t: "self" }) },
  { weight: 1, arbitrary: fc.nat(1000).map((i): ArgPart => ({ t: "ident", i })) },
  { weight: 2, arbitrary: fc.nat(1000).map((i): ArgPart => ({ t: "ref", i })) },
  { weight: 1, arbitrary: longText.map(lit) },
);

/** How a callback data string is damaged before it is sent. */
export type Mutation =
  | { t: "none" }
  | { t: "truncate"; at: number }
  | { t: "append"; s: string }
  | { t: "replace"; at: number; c: string }
  | { t: "nonce"; nonce: string }
  | { t: "arg"; arg: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Mutation>({ t: "none" }) },
  { weight: 2, arbitrary: fc.nat(80).map((at): Mutation => ({ t: "truncate", at })) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 70 }).map((s): Mutation => ({ t: "append", s })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(80), fc.string({ minLength: 1, maxLength: 1 }))
      .map(([at, c]): Mutation => ({ t: "replace", at, c })),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9]{6}$/).map((nonce): Mutation => ({ t: "nonce", nonce })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/), oddNumber)
      .map((arg): Mutation => ({ t: "arg", arg })),
  },
);

function mutate(data: string, m: Mutation): string {
  switch (m.t) {
    case "none":
      return data;
    case "truncate":
      return data.slice(0, m.at % Math.max(1, data.length));
    case "append":
      return data + m.s;
    case "replace": {
      const at = m.at % Math.max(1, data.length);
      return data.slice(0, at) + m.c + data.slice(at + 1);
    }
    case "nonce":
      return data.replace(/^b:[a-z0-9]{6}:/, `b:${m.nonce}:`);
    case "arg": {
      const parts = data.split(":");
      return parts.length >= 2 ? [...parts.slice(0, -1), m.arg].join(":") : `${data}:${m.arg}`;
    }
  }
}

/** Callback data in the shape of each of fairway's buttons, with random fields. */
export const shapedData: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.stringMatching(/^[a-z0-9]{6}$/), fc.string({ maxLength: 8 })),
      fc.constantFrom(
        "c",
        "cp",
        "go",
        "loc",
        "pic",
        "d",
        "m",
        "pf",
        "sp",
        "rf",
        "s",
        "p",
        "rc",
        "nc",
        "keep",
        "ok",
        "chg",
        "ch",
        "retry",
        "back",
        "cancel",
        "x",
        "zz",
      ),
      fc.option(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
          oddNumber,
          fc.constantFrom("20991231", "19700101", "20260230", "209912", "course", "held", "-1", "999"),
        ),
      ),
    )
    .map(([nonce, action, arg]) => (arg === null ? `b:${nonce}:${action}` : `b:${nonce}:${action}:${arg}`)),
  fc.constantFrom("g:book", "g:restart", "g:resume", "g:", "g:book:1", "G:BOOK"),
  fc
    .tuple(
      fc.constantFrom("list", "view", "release", "refresh", "delete", ""),
      fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), oddNumber)),
    )
    .map(([a, arg]) => (arg === null ? `mb:${a}` : `mb:${a}:${arg}`)),
  fc
    .tuple(
      fc.constantFrom("s", "cc", "go", "x"),
      fc.oneof(fc.constant("-"), fc.nat(1000).map(String), oddNumber),
      fc.constantFrom("0", "1", "5", "10", "99", "-1"),
      fc.constantFrom("0", "1", "7", "30", "99", "x"),
    )
    .map(([a, c, u, d]) => `lk:${a}:${c}:${u}:${d}`),
  fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/), fc.string({ maxLength: 64 })).map((t) => `lr:${t}`),
  fc
    .oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), fc.string({ maxLength: 50 }))
    .map((id) => `ad:rf:${id}`),
  fc.constantFrom(
    "ad:rfx",
    "ad:",
    "ad:rf",
    "ad:rf:",
    "lang:th",
    "lang:en",
    "lang:menu",
    "lang:fr",
    "lang:",
    "lang:th:x",
  ),
);

/** Random callback data: any string or raw bytes (as latin-1 text), up to 64 bytes and longer. */
export const rawData: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString("latin1")),
  fc.string({ minLength: 65, maxLength: 300 }),
  fc.constantFrom("", " ", "\u0000", "b:", "b::", "b:::", ":", "mb:", "lk:", "lr:", "ad:", "g"),
);

/** Which callback data a tap sends. `own`, `old` and `other` pick from keyboards fairway really showed. */
export type TapSpec =
  | { t: "raw"; data: string }
  | { t: "shape"; data: string }
  /** The user's latest keyboard, or (`flow`) their latest booking-flow panel. */
  | { t: "own"; pick: number; m: Mutation; flow: boolean }
  /** Any keyboard the user was ever shown (earlier flows, edited panels), on any of their messages. */
  | { t: "old"; pick: number; m: Mutation }
  /** A keyboard another user (or a fixture: a held booking, a refund question, a link) was shown. */
  | { t: "other"; victim: number; pick: number; m: Mutation }
  /** One of the buttons worth stealing: a live hold's Confirm and Release, an admin's Confirm refund, a link's revoke and create. */
  | { t: "fixture"; pick: number; m: Mutation };

export const tapSpec: fc.Arbitrary<TapSpec> = fc.oneof(
  { weight: 2, arbitrary: rawData.map((data): TapSpec => ({ t: "raw", data })) },
  { weight: 3, arbitrary: shapedData.map((data): TapSpec => ({ t: "shape", data })) },
  {
    weight: 3,
    arbitrary: fc.record({ pick: fc.nat(), m: mutation, flow: fc.boolean() }).map((r): TapSpec => ({ t: "own", ...r })),
  },
  { weight: 2, arbitrary: fc.record({ pick: fc.nat(), m: mutation }).map((r): TapSpec => ({ t: "old", ...r })) },
  {
    weight: 3,
    arbitrary: fc.record({ victim: fc.nat(), pick: fc.nat(), m: mutation }).map((r): TapSpec => ({ t: "other", ...r })),
  },
  { weight: 2, arbitrary: fc.record({ pick: fc.nat(), m: mutation }).map((r): TapSpec => ({ t: "fixture", ...r })) },
);

/** Link kinds a world prepares. `valid` and `limited` let a stranger in; the others never do. */
export type LinkKind = "valid" | "limited" | "course" | "revoked" | "expired" | "used-up";
export const VALID_LINK_KINDS: readonly LinkKind[] = ["valid", "limited", "course"];
export const REFUSED_LINK_KINDS: readonly LinkKind[] = ["revoked", "expired", "used-up"];
export const LINK_KINDS: readonly LinkKind[] = [...VALID_LINK_KINDS, ...REFUSED_LINK_KINDS];

/** How a real token is sent (most forms break it). */
export type TokenForm =
  "plain" | "spaced" | "url" | "truncated" | "extended" | "swapcase" | "zero-width" | "rtl" | "twice" | "percent";

export type TokenSpec =
  { t: "random"; s: string } | { t: "shaped"; s: string } | { t: "link"; kind: LinkKind; form: TokenForm; n: number };

/** Start-link tokens: random text, token-shaped strings (63/64/65 characters too), real links sent in odd forms. */
export function tokenSpec(kinds: readonly LinkKind[]): fc.Arbitrary<TokenSpec> {
  const shaped = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
    fc
      .constantFrom(63, 64, 65, 32, 31, 33)
      .chain((n) => fc.string({ unit: fc.constantFrom(..."ABCxyz019_-".split("")), minLength: n, maxLength: n })),
  );
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          hostileText,
          fc.constantFrom(
            "https://t.me/fairway_test_bot?start=abc",
            "tg://resolve?domain=fairway_test_bot&start=x",
            "start=",
            "=",
          ),
        )
        .map((s): TokenSpec => ({ t: "random", s })),
    },
    { weight: 2, arbitrary: shaped.map((s): TokenSpec => ({ t: "shaped", s })) },
    {
      weight: 4,
      arbitrary: fc
        .record({
          kind: fc.constantFrom(...kinds),
          form: fc.constantFrom<TokenForm>(
            "plain",
            "plain",
            "spaced",
            "url",
            "truncated",
            "extended",
            "swapcase",
            "zero-width",
            "rtl",
            "twice",
            "percent",
          ),
          n: fc.nat(),
        })
        .map((r): TokenSpec => ({ t: "link", ...r })),
    },
  );
}

/** One generated case. `who` picks the acting identity from the batch's pool (modulo its size). */
export type Case =
  | { who: number; kind: "text"; text: string }
  | { who: number; kind: "command"; name: string; at: string; sep: string; args: ArgPart[] }
  | { who: number; kind: "tap"; tap: TapSpec; msg: number }
  | { who: number; kind: "start"; token: TokenSpec; sep: string }
  | { who: number; kind: "contact"; phone: string; own: boolean }
  | { who: number; kind: "location"; lat: number; lon: number }
  | { who: number; kind: "sticker" }
  | { who: number; kind: "group"; text: string };

const who = fc.nat();

export const textCase: fc.Arbitrary<Case> = fc.record({
  who,
  kind: fc.constant("text" as const),
  text: hostileText.filter((t) => t.length > 0),
});

export const commandCase: fc.Arbitrary<Case> = fc.record({
  who,
  kind: fc.constant("command" as const),
  name: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...COMMANDS) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_]{1,32}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...COMMANDS).map((c) => c.toUpperCase()) },
  ),
  at: fc.constantFrom("", "", "", "@fairway_test_bot", "@other_bot", "@"),
  sep: fc.constantFrom(" ", " ", "  ", "\n", "\u00A0", "\u200B", ""),
  args: fc.array(argPart, { maxLength: 4 }),
});

export const tapCase: fc.Arbitrary<Case> = fc.record({
  who,
  kind: fc.constant("tap" as const),
  tap: tapSpec,
  msg: fc.nat(),
});

export function startCase(kinds: readonly LinkKind[]): fc.Arbitrary<Case> {
  return fc.record({
    who,
    kind: fc.constant("start" as const),
    token: tokenSpec(kinds),
    sep: fc.constantFrom(" ", " ", "  ", "\n", ""),
  });
}

export const otherMessageCase: fc.Arbitrary<Case> = fc.oneof(
  fc.record({
    who,
    kind: fc.constant("contact" as const),
    phone: fc.oneof(shortText, fc.constantFrom("+66812345678", "0812345678", "+1 555 0100", "", "+", "๐๘๑๒๓๔๕๖๗๘")),
    own: fc.boolean(),
  }),
  fc.record({
    who,
    kind: fc.constant("location" as const),
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lon: fc.double({ min: -180, max: 180, noNaN: true }),
  }),
  fc.record({ who, kind: fc.constant("sticker" as const) }),
  fc.record({
    who,
    kind: fc.constant("group" as const),
    text: fc.oneof(
      hostileText,
      commandCase.map(() => "/book@fairway_test_bot"),
    ),
  }),
);

// ---------------------------------------------------------------------------------------------
// The world: a harness with identities and fixtures
// ---------------------------------------------------------------------------------------------

export type RoleName = Who["role"];

export interface Identity {
  id: number;
  user: SimulatedUser;
  /** The role the world expects (kept up to date after each batch). */
  who: Who;
}

export interface WorldOptions {
  admins?: number;
  agents?: number;
  configAgents?: number;
  customers?: number;
  strangers?: number;
  /** Prepare a held booking, a paid one (with an admin's refund question) and a link owner's links as other users' keyboards. */
  fixtures?: boolean;
  /** Valid link tokens among the real references odd arguments may name (default true; a `/start <ref>` then lets a stranger in). */
  validLinksInArgs?: boolean;
}

interface Keyboard {
  messageId: number;
  data: string[];
}

interface ChatRecord {
  /** Every inline keyboard fairway sent or edited into this chat, in order. */
  keyboards: Keyboard[];
  /** Ids of fairway's messages in this chat. */
  botMessages: number[];
  /** Ids of fairway's messages without text (photos, locations, documents): nothing an honest client can tap. */
  media: Set<number>;
}

export interface Fixtures {
  /** The agent with a live hold (their panel shows Confirm). */
  holder?: Identity;
  heldBookingId?: string;
  /** The agent whose booking is paid (the admin was shown its refund question). */
  payer?: Identity;
  paidBookingId?: string;
  /** The agent whose links are copied. */
  linkOwner?: Identity;
  /** Tokens of the agent links by kind. */
  links: Record<LinkKind, string[]>;
  /** References of real bookings (reservation codes and ids, ledger ids) and link tokens, for odd arguments. */
  refs: string[];
  /** Callback data of the fixtures' valuable buttons (see TapSpec `fixture`). */
  buttons: string[];
}

export interface BatchResult {
  violations: string[];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string inside a call's parameters. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * Drives every user's `/book` to the golfer's name step, all at once (one settle per step): user i
 * takes course i % 4, tomorrow, the (i / 4)-th tee time listed, the first number of players.
 */
export async function walkToName(h: Harness, users: readonly SimulatedUser[]): Promise<void> {
  const all = async (act: (u: SimulatedUser, i: number) => boolean | void) => {
    const acted = users.map(act).some((r) => r !== false);
    if (acted) await h.settle();
  };
  const day = tomorrow(h.clock()).replaceAll("-", "");
  await all((u) => void u.send("/book"));
  await all((u, i) => void tapData(u, new RegExp(`:c:${i % 4}$`)));
  await all((u) => void tapData(u, /:go$/));
  await all(
    (u) =>
      !livePanel(u).data.some((d) => d.endsWith(`:d:${day}`)) &&
      Boolean(tapData(u, new RegExp(`:m:${day.slice(0, 6)}$`))),
  );
  await all((u) => void tapData(u, new RegExp(`:d:${day}$`)));
  await all((u, i) => {
    const slots = livePanel(u).data.filter((d) => /:s:\d+$/.test(d));
    u.tap({ data: slots[Math.floor(i / 4) % slots.length]! });
  });
  await all((u) => void tapData(u, /:p:\d+$/));
  await all((u) => livePanel(u).data.some((d) => d.endsWith(":nc")) && Boolean(tapData(u, /:nc$/)));
}

/** A hostile world: the harness, who is who, what each chat was shown, and the checks. */
export class World {
  readonly identities: Identity[] = [];
  /** Identities in every pool's reach but not acting (fixtures, canary). */
  readonly bystanders: Identity[] = [];
  readonly canary: Identity;
  readonly fixtures: Fixtures = {
    links: { valid: [], limited: [], course: [], revoked: [], expired: [], "used-up": [] },
    refs: [],
    buttons: [],
  };
  private readonly chats = new Map<number, ChatRecord>();
  private readonly byId = new Map<number, Identity>();
  private readonly queryOwner = new Map<string, number>();
  /** Chats where this batch forged a tap on a message without text (see `checkCall`). */
  private readonly forgedOnMedia = new Set<number>();
  /** Start tokens each user sent in the current batch (after trimming, as fairway reads them). */
  private readonly sentTokens = new Map<number, string[]>();
  private seenCalls = 0;
  private seenLogs = 0;
  private seenRequests = 0;
  private nextId: number;
  private pushedMessageId = 1_000_000;
  /** Users a valid link made customers (or moved to another agent) during the batches. */
  admitted = 0;
  /** Partner writes before the batches started (setup is allowed to pay). */
  private baseWrites = 0;
  /** Cases of the current batch, for the violation report. */
  private batch: { c: Case; id: number; desc: string }[] = [];

  private constructor(
    readonly h: Harness,
    readonly adminIds: number[],
    readonly configAgentIds: number[],
    private readonly validLinksInArgs: boolean,
  ) {
    this.nextId = ID_BASE + 1000;
    this.canary = this.add(ID_BASE + 999, "en", "agent");
  }

  static async create(options: WorldOptions = {}): Promise<World> {
    const admins = Array.from({ length: options.admins ?? 0 }, (_, i) => ID_BASE + 1 + i);
    const configAgents = Array.from({ length: options.configAgents ?? 0 }, (_, i) => ID_BASE + 11 + i);
    const h = await startHarness({
      sandbox: { apiKey: PARTNER_KEY },
      env: {
        PARTNER_API_KEY: PARTNER_KEY,
        ...(admins.length ? { ADMIN_IDS: admins.join(",") } : {}),
        ...(configAgents.length ? { AGENT_IDS: configAgents.join(",") } : {}),
        LOG_LEVEL: "info",
        // No partner faults here: the production default, so that a loaded machine's slow answer is
        // not taken for a lost one (a reserve that times out leaves the agent off the hold step).
        PARTNER_TIMEOUT_MS: "8000",
      },
    });
    const w = new World(h, admins, configAgents, options.validLinksInArgs ?? true);
    let lang = 0;
    const language = () => (lang++ % 3 === 2 ? "th" : "en");
    for (const id of admins) w.identities.push(w.add(id, language(), "admin"));
    for (const id of configAgents) w.identities.push(w.add(id, language(), "agent"));
    for (let i = 0; i < (options.agents ?? 0); i += 1) w.identities.push(w.add(w.nextId++, language(), "agent"));
    for (let i = 0; i < (options.strangers ?? 0); i += 1) w.identities.push(w.add(w.nextId++, language(), "stranger"));
    await w.prepareLinks();
    for (let i = 0; i < (options.customers ?? 0); i += 1) {
      const c = w.add(w.nextId++, language(), "stranger");
      c.user.send(`/start ${w.fixtures.links.valid[i % w.fixtures.links.valid.length]!}`);
      w.identities.push(c);
    }
    await h.settle();
    if (options.fixtures) await w.prepareFixtures();
    // Every identity has at least one message from fairway (a tap needs a message to be on).
    for (const i of [...w.identities, w.canary]) i.user.send("/help");
    await h.settle();
    await w.refreshRoles(true);
    w.scan();
    const { holder, linkOwner } = w.fixtures;
    const shown = (who: Identity | undefined, pattern: RegExp) => [
      ...new Set((who ? w.chat(who.id).keyboards : []).flatMap((k) => k.data.filter((d) => pattern.test(d)))),
    ];
    const admin = admins[0] === undefined ? undefined : w.byId.get(admins[0]);
    w.fixtures.buttons = [
      ...shown(holder, /^b:.*:ok$|^mb:release:/),
      ...shown(admin, /^ad:rf:/),
      ...shown(linkOwner, /^lr:|^lk:go:/),
    ];
    w.seenCalls = h.telegram.calls.length;
    w.seenLogs = h.logs.length;
    w.seenRequests = h.sandbox.requests.length;
    w.baseWrites = w.partnerWrites();
    return w;
  }

  private add(id: number, lang: string, role: "agent" | "stranger" | "admin"): Identity {
    // Profile names are input too (welcome texts, a customer's name at their link, the name step's
    // "keep"): every identity but the canary gets one of PROFILE_NAMES.
    const profile = id >= ID_BASE + 999 && id < ID_BASE + 1000 ? undefined : PROFILE_NAMES[id % PROFILE_NAMES.length];
    this.h.telegram.user({
      id,
      language_code: lang,
      first_name: profile?.[0] ?? `Hostile ${id}`,
      ...(profile?.[1] ? { last_name: profile[1] } : {}),
    });
    const user = this.h.user(id, lang, undefined, role === "agent" ? "agent" : "stranger");
    const identity: Identity = { id, user, who: { role: role === "admin" ? "admin" : role } };
    this.byId.set(id, identity);
    return identity;
  }

  /** New strangers (a links property keeps some strangers in every batch). */
  freshStrangers(n: number): Identity[] {
    const out = Array.from({ length: n }, (_, i) => this.add(this.nextId++, i % 2 ? "th" : "en", "stranger"));
    this.identities.push(...out);
    return out;
  }

  private async prepareLinks(): Promise<void> {
    const owner = this.add(this.nextId++, "en", "agent");
    this.fixtures.linkOwner = owner;
    this.bystanders.push(owner);
    const links = this.h.app.access.links;
    const now = this.h.clock();
    const course = this.h.sandbox.courses()[1];
    const make = async (kind: LinkKind, input: Parameters<typeof links.create>[0]) => {
      const link = await links.create(input);
      this.fixtures.links[kind].push(link.token);
      return link.token;
    };
    for (let i = 0; i < 3; i += 1) await make("valid", { agentId: owner.id });
    await make("valid", { agentId: this.configAgentIds[0] ?? owner.id });
    await make("limited", { agentId: owner.id, maxUses: 3, expiresAt: now + 86_400_000 });
    if (course) await make("course", { agentId: owner.id, courseId: course.id, courseName: course.name });
    const revoked = await make("revoked", { agentId: owner.id });
    await links.revoke(revoked, owner.id);
    await make("expired", { agentId: owner.id, expiresAt: now - 60_000 });
    const usedUp = await make("used-up", { agentId: owner.id, maxUses: 1 });
    // The only use of the used-up link, by a bystander customer.
    const first = this.add(this.nextId++, "en", "stranger");
    this.bystanders.push(first);
    first.user.send(`/start ${usedUp}`);
    await this.h.settle();
    // The owner's /link and /links keyboards (builder and revoke buttons) are there to be copied.
    owner.user.send("/link");
    await this.h.settle();
    owner.user.send("/links");
    await this.h.settle();
    const tokens = this.fixtures.links;
    this.fixtures.refs.push(
      ...(this.validLinksInArgs ? Object.values(tokens).flat() : REFUSED_LINK_KINDS.flatMap((k) => tokens[k])),
    );
  }

  /** A held booking (Confirm on its panel, Release in /mybookings) and a paid one with the admin's refund question. */
  private async prepareFixtures(): Promise<void> {
    const holder = this.add(this.nextId++, "en", "agent");
    const payer = this.add(this.nextId++, "th", "agent");
    this.bystanders.push(holder, payer);
    await walkToName(this.h, [payer.user, holder.user]);
    for (const u of [payer.user, holder.user])
      for (const text of ["Somchai Jaidee", "somchai@example.com", "081-234-5678"]) u.send(text);
    await this.h.settle();
    tapData(payer.user, /:ok$/);
    await this.h.settle();
    const [paid] = await this.h.app.bookings.listForUser(payer.id, 1);
    const [held] = await this.h.app.bookings.listForUser(holder.id, 1);
    if (paid?.state !== "PAID" || held?.state !== "HELD")
      throw new Error(`fixtures: expected PAID and HELD, got ${paid?.state} and ${held?.state}`);
    // The holder looks at the hold in /mybookings (its Release button), then goes back to the flow panel.
    holder.user.send("/mybookings");
    await this.h.settle();
    tapData(holder.user, /^mb:view:/);
    await this.h.settle();
    for (const b of [paid, held])
      this.fixtures.refs.push(
        ...[b.reservation_code, b.reservation_id, b.id].filter((s): s is string => typeof s === "string"),
      );
    Object.assign(this.fixtures, { holder, payer, paidBookingId: paid.id, heldBookingId: held.id });
    const admin = this.adminIds[0];
    if (admin !== undefined) {
      this.byId.get(admin)!.user.send(`/refund ${paid.reservation_code ?? paid.reservation_id ?? paid.id}`);
      await this.h.settle();
    }
  }

  /** Partner confirm and refund requests so far. */
  private partnerWrites(): number {
    return this.h.sandbox.requests.filter(
      (r) => r.method === "POST" && /\/order\/[^/]+\/(confirm|refund)$/.test(r.path),
    ).length;
  }

  private chat(id: number): ChatRecord {
    let c = this.chats.get(id);
    if (!c) {
      c = { keyboards: [], botMessages: [], media: new Set() };
      this.chats.set(id, c);
    }
    return c;
  }

  /** Reads the keyboards and messages fairway sent since the last scan. */
  private scan(from = 0): void {
    const calls = this.h.telegram.calls;
    for (let i = from; i < calls.length; i += 1) {
      const call = calls[i]!;
      if (!call.ok) continue;
      const chatId = call.params.chat_id;
      const result = call.result as { message_id?: number } | undefined;
      if (typeof chatId !== "number" || typeof result?.message_id !== "number") continue;
      const chat = this.chat(chatId);
      if (/^send/.test(call.method)) chat.botMessages.push(result.message_id);
      if (/^send/.test(call.method) && call.method !== "sendMessage") chat.media.add(result.message_id);
      const markup = call.params.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined;
      const data = (markup?.inline_keyboard ?? [])
        .flat()
        .flatMap((b) => (typeof b.callback_data === "string" ? [b.callback_data] : []));
      if (data.length > 0) chat.keyboards.push({ messageId: result.message_id, data });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Driving
  // -------------------------------------------------------------------------------------------

  private resolveArg(part: ArgPart, me: Identity, pool: readonly Identity[]): string {
    // An admin's odd arguments never name a real booking or identity: their legitimate power
    // (refund, release, agents) is not what random input should exercise.
    const admin = me.who.role === "admin";
    switch (part.t) {
      case "lit":
        return part.v;
      case "self":
        return admin ? "9610000" : String(me.id);
      case "ident":
        return admin ? `97${part.i}` : String(pool[part.i % pool.length]?.id ?? me.id);
      case "ref":
        return admin || this.fixtures.refs.length === 0
          ? `GT-NOPE-${part.i}`
          : this.fixtures.refs[part.i % this.fixtures.refs.length]!;
    }
  }

  private resolveTap(spec: TapSpec, me: Identity): { data: string; messageId?: number } {
    const mine = this.chat(me.id);
    const pickData = (kb: Keyboard | undefined, pick: number) => kb?.data[pick % kb.data.length];
    switch (spec.t) {
      case "raw":
      case "shape":
        return { data: spec.data };
      case "own": {
        const kb = spec.flow
          ? mine.keyboards.findLast((k) => k.data.some((d) => d.startsWith("b:")))
          : mine.keyboards.at(-1);
        let data = pickData(kb, spec.pick);
        // A walk through the flow mostly goes on: Cancel is taken one time in four it comes up.
        if (spec.flow && data?.endsWith(":cancel") && spec.pick % 4 !== 0) data = pickData(kb, spec.pick + 1);
        return { data: mutate(data ?? "g:book", spec.m), ...(kb ? { messageId: kb.messageId } : {}) };
      }
      case "old": {
        const kb = mine.keyboards[spec.pick % Math.max(1, mine.keyboards.length)];
        return {
          data: mutate(pickData(kb, spec.pick >> 3) ?? "mb:list", spec.m),
          ...(kb ? { messageId: kb.messageId } : {}),
        };
      }
      case "fixture": {
        const list = this.fixtures.buttons;
        return { data: mutate(list[spec.pick % Math.max(1, list.length)] ?? "b:abcdef:ok", spec.m) };
      }
      case "other": {
        const others = [...this.identities, ...this.bystanders].filter((i) => i.id !== me.id);
        const victim = others[spec.victim % Math.max(1, others.length)];
        const theirs = victim ? this.chat(victim.id).keyboards : [];
        // Mostly the victim's live panel (a Confirm, a Release, a refund question), sometimes an older one.
        const kb = spec.pick % 3 === 0 ? theirs[spec.pick % Math.max(1, theirs.length)] : theirs.at(-1);
        return { data: mutate(pickData(kb, spec.pick >> 2) ?? "b:abcdef:ok", spec.m) };
      }
    }
  }

  private tokenText(spec: TokenSpec): string {
    if (spec.t !== "link") return spec.s;
    const list = this.fixtures.links[spec.kind];
    const token = list[spec.n % Math.max(1, list.length)] ?? "no-such-link";
    switch (spec.form) {
      case "plain":
        return token;
      case "spaced":
        return `  ${token}  `;
      case "url":
        return `https://t.me/fairway_test_bot?start=${token}`;
      case "truncated":
        return token.slice(0, Math.max(1, spec.n % token.length));
      case "extended":
        return `${token}${"Ab9_-".charAt(spec.n % 5)}`;
      case "swapcase":
        return [...token].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join("");
      case "zero-width":
        return `${token}\u200B`;
      case "rtl":
        return `\u202E${token}`;
      case "twice":
        return `${token} ${token}`;
      case "percent":
        return encodeURIComponent(`${token}/`);
    }
  }

  /** Queues one case as its identity. */
  drive(c: Case, pool: readonly Identity[]): void {
    const me = pool[c.who % pool.length]!;
    let desc: string;
    switch (c.kind) {
      case "text":
        me.user.send(c.text);
        this.noteStart(me, c.text);
        desc = `text ${JSON.stringify(c.text.slice(0, 80))}${c.text.length > 80 ? `… (${c.text.length} units)` : ""}`;
        break;
      case "command": {
        const args = c.args.map((p) => this.resolveArg(p, me, pool)).join(" ");
        const text = `/${c.name}${c.at}${args ? c.sep + args : ""}`;
        me.user.send(text);
        this.noteStart(me, text);
        desc = `command ${JSON.stringify(text.slice(0, 120))}`;
        break;
      }
      case "tap": {
        const resolved = this.resolveTap(c.tap, me);
        const { messageId } = resolved;
        let { data } = resolved;
        // An admin's taps never confirm a refund: a legitimate money move, not hostile input.
        if (me.who.role === "admin" && /^ad:rf:/.test(data)) data = `${data}!`;
        const messages = this.chat(me.id).botMessages;
        const target = messageId ?? messages[c.msg % Math.max(1, messages.length)];
        let id: string | undefined;
        try {
          id = me.user.forgeTap(data, target);
        } catch {
          // That message was deleted since: the latest one (a newcomer has none yet: they type the data).
          id = me.user.messages().length > 0 ? me.user.forgeTap(data) : undefined;
        }
        if (id === undefined) me.user.send(data || "?");
        else this.queryOwner.set(id, me.id);
        if (target !== undefined && this.chat(me.id).media.has(target)) this.forgedOnMedia.add(me.id);
        desc = `${id === undefined ? "typed instead of tap" : "tap"} ${c.tap.t} ${JSON.stringify(data)} on message ${target ?? "latest"}`;
        break;
      }
      case "start": {
        const token = this.tokenText(c.token);
        me.user.send(`/start${c.sep}${token}`);
        this.noteStart(me, `/start${c.sep}${token}`);
        desc = `start ${c.token.t === "link" ? `${c.token.kind}/${c.token.form}` : c.token.t} ${JSON.stringify(`/start${c.sep}${token}`.slice(0, 120))}`;
        break;
      }
      case "contact":
        if (c.own) me.user.shareContact(c.phone);
        else this.push(me, { contact: { phone_number: c.phone, first_name: "Someone", user_id: ID_BASE + 99_999 } });
        desc = `contact ${JSON.stringify(c.phone)} own=${c.own}`;
        break;
      case "location":
        me.user.shareLocation(c.lat, c.lon);
        desc = `location ${c.lat},${c.lon}`;
        break;
      case "sticker":
        this.push(me, {
          sticker: {
            file_id: "CAACAgIAAxkBAAE",
            file_unique_id: "AgAD",
            type: "regular",
            width: 512,
            height: 512,
            is_animated: false,
            is_video: false,
          },
        });
        desc = "sticker";
        break;
      case "group":
        this.h.telegram.pushUpdate({
          message: {
            message_id: this.pushedMessageId++,
            date: Math.floor(this.h.clock() / 1000),
            chat: { id: -1_000_000_000 - (me.id % 1000), type: "supergroup", title: "golfers" },
            from: me.user.user,
            text: c.text,
          },
        });
        desc = `group ${JSON.stringify(c.text.slice(0, 80))}`;
        break;
    }
    this.batch.push({ c, id: me.id, desc });
  }

  /** Remembers the token of a `/start <token>` (however the case produced it), as fairway reads it. */
  private noteStart(me: Identity, text: string): void {
    // Telegram's command entity ends at the first character a command cannot hold, so "/start-abc"
    // is the command /start with "-abc" after it: grammY's ctx.match (a token may begin with "-").
    const entity = COMMAND_ENTITY.exec(text)?.[0];
    const command = entity?.slice(1);
    if (
      command !== "start" &&
      !(command?.startsWith("start@") && command.slice(6).toLowerCase() === "fairway_test_bot")
    )
      return;
    const list = this.sentTokens.get(me.id) ?? [];
    list.push(text.slice(entity!.length).trim());
    this.sentTokens.set(me.id, list);
  }

  private push(me: Identity, content: Record<string, unknown>): void {
    this.h.telegram.pushUpdate({
      message: {
        message_id: this.pushedMessageId++,
        date: Math.floor(this.h.clock() / 1000),
        chat: { id: me.id, type: "private", first_name: me.user.user.first_name },
        from: me.user.user,
        ...content,
      },
    });
  }

  // -------------------------------------------------------------------------------------------
  // Checking
  // -------------------------------------------------------------------------------------------

  private async refreshRoles(initial = false): Promise<string[]> {
    const violations: string[] = [];
    for (const i of [...this.identities, ...this.bystanders, this.canary]) {
      const now = await this.h.app.access.whoIs(i.id);
      if (!initial && (now.role !== i.who.role || now.agentId !== i.who.agentId)) {
        const legit =
          now.role === "customer" &&
          (i.who.role === "stranger" || i.who.role === "customer") &&
          (await this.viaValidLink(i.id, now.agentId));
        if (!legit) violations.push(`role of ${i.id} changed: ${JSON.stringify(i.who)} → ${JSON.stringify(now)}`);
        else this.admitted += 1;
      }
      i.who = now;
    }
    return violations;
  }

  /** Whether `userId` sent, in this batch, a valid link token of `agentId`. */
  private async viaValidLink(userId: number, agentId: number | undefined): Promise<boolean> {
    for (const token of this.sentTokens.get(userId) ?? []) {
      if (!VALID_LINK_KINDS.some((k) => this.fixtures.links[k].includes(token))) continue;
      const link = await this.h.app.access.links.get(token);
      if (link && link.agent_id === agentId) return true;
    }
    return false;
  }

  private roleOf(chatId: unknown): RoleName | undefined {
    return typeof chatId === "number" ? this.byId.get(chatId)?.who.role : undefined;
  }

  private checkCall(call: CallRecord, out: string[]): void {
    if (call.method === "getUpdates") return;
    const where = `${call.method}${typeof call.params.chat_id === "number" ? ` to ${call.params.chat_id}` : ""}`;
    const description = call.error?.description ?? "";
    // A tap forged onto a photo or a location (no client shows buttons there): fairway's edit of that
    // message fails and it answers with a new message instead. Tolerated only in such a chat.
    const forgedOnMedia =
      /there is no text in the message to edit/.test(description) &&
      this.forgedOnMedia.has(Number(call.params.chat_id));
    if (!call.ok && !/message is not modified/.test(description) && !forgedOnMedia)
      out.push(`${where} failed: ${description || "?"}`);
    const payload =
      JSON.stringify(call.params) +
      Object.values(call.files)
        .map((f) => f.data.toString("utf8"))
        .join("");
    for (const s of SECRETS) if (payload.includes(s)) out.push(`${where} carries a secret (${s.slice(0, 4)}…)`);
    const text = call.params.text ?? call.params.caption;
    if (typeof text === "string" && text.length > (call.params.caption !== undefined ? 1024 : 4096))
      out.push(`${where}: text of ${text.length} units`);
    const markup = call.params.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined;
    const data = (markup?.inline_keyboard ?? [])
      .flat()
      .flatMap((b) => (typeof b.callback_data === "string" ? [b.callback_data] : []));
    for (const d of data)
      if (Buffer.byteLength(d) > 64) out.push(`${where}: callback data of ${Buffer.byteLength(d)} bytes`);

    // Telegram takes UTF-8 only: a lone surrogate (a string cut inside an emoji) is refused.
    const broken = strings(call.params).find((t) => LONE_SURROGATE.test(t));
    if (broken !== undefined) out.push(`${where} carries a lone surrogate: ${JSON.stringify(broken.slice(0, 80))}`);

    const recipient =
      call.method === "answerCallbackQuery"
        ? this.queryOwner.get(String(call.params.callback_query_id))
        : call.params.chat_id;
    const role = this.roleOf(recipient);
    if (role === undefined || role === "admin") return;
    const shown = plain(
      `${typeof call.params.text === "string" ? call.params.text : ""}\n${typeof call.params.caption === "string" ? call.params.caption : ""}`,
    );
    for (const m of ADMIN_MARKERS)
      if (shown.includes(m)) out.push(`${where} (${role}) shows admin text ${JSON.stringify(m)}`);
    if (data.some((d) => d.startsWith("ad:"))) out.push(`${where} (${role}) has admin buttons`);
    if (Object.keys(call.files).length > 0 && call.method === "sendDocument")
      out.push(`${where} (${role}) got a document`);
    if (role === "agent") return;
    for (const m of AGENT_MARKERS)
      if (shown.includes(m)) out.push(`${where} (${role}) shows agent text ${JSON.stringify(m)}`);
    if (data.some((d) => /^l[kr]:/.test(d))) out.push(`${where} (${role}) has link buttons`);
    if (role === "stranger" && data.some((d) => !d.startsWith("lang:")))
      out.push(`${where} (stranger) has buttons ${JSON.stringify(data)}`);
  }

  /**
   * Waits for the bot, then checks the batch (see the module comment). `expectNoPartner`: the batch
   * must not have caused a single partner request. Returns the violations, each with the acting
   * user's cases in this batch.
   */
  async check(options: { expectNoPartner?: boolean; extra?: () => Promise<string[]> } = {}): Promise<string[]> {
    const canaryBefore = this.canary.user.messages().length;
    this.canary.user.send("/help");
    await this.h.settle();
    const { h } = this;
    const raw: string[] = [];
    // Roles first: what a user may see depends on their role after the batch.
    raw.push(...(await this.refreshRoles()));
    const calls = h.telegram.calls;
    for (let i = this.seenCalls; i < calls.length; i += 1) this.checkCall(calls[i]!, raw);
    for (let i = this.seenLogs; i < h.logs.length; i += 1) {
      const line = h.logs[i]!;
      for (const s of SECRETS) if (line.includes(s)) raw.push(`log line carries a secret: ${line.slice(0, 200)}`);
      const parsed = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((parsed.level ?? 0) >= 50)
        raw.push(`error log: ${parsed.msg ?? ""} ${parsed.err?.message ?? ""} ${line.slice(0, 300)}`);
    }
    const unanswered = h.telegram.unansweredCallbackQueries();
    if (unanswered.length > 0)
      raw.push(
        `${unanswered.length} callback queries unanswered: ${unanswered
          .slice(0, 3)
          .map((q) => `${q.from.id} ${JSON.stringify(q.data)}`)
          .join(", ")}`,
      );
    const canary = this.canary.user.messages();
    if (
      canary.length <= canaryBefore ||
      !canary
        .at(-1)
        ?.reply_markup?.inline_keyboard.flat()
        .some((b) => "callback_data" in b && b.callback_data === "g:book")
    ) {
      raw.push("the canary's /help got no main menu: the bot is not answering");
    }
    const requests = h.sandbox.requests.slice(this.seenRequests);
    if (options.expectNoPartner && requests.length > 0)
      raw.push(
        `${requests.length} partner requests: ${requests
          .slice(0, 5)
          .map((r) => `${r.method} ${r.path}`)
          .join(", ")}`,
      );
    if (this.partnerWrites() !== this.baseWrites)
      raw.push(`partner confirm/refund requests: ${this.partnerWrites() - this.baseWrites}`);
    raw.push(...(await this.checkFixtures()));
    if (options.extra) raw.push(...(await options.extra()));

    this.scan(this.seenCalls);
    this.seenCalls = calls.length;
    this.seenLogs = h.logs.length;
    this.seenRequests = h.sandbox.requests.length;
    this.sentTokens.clear();
    this.forgedOnMedia.clear();
    const batch = this.batch;
    this.batch = [];
    return raw.map((v) => {
      const ids = [...new Set([...v.matchAll(/\b(6\d{5})\b/g)].map((m) => Number(m[1])))];
      const cases = batch.filter((b) => ids.includes(b.id)).slice(-6);
      return cases.length > 0
        ? `${v}\n    cases of ${ids.join(", ")} in this batch:\n${cases.map((b) => `      ${b.id}: ${b.desc}`).join("\n")}`
        : v;
    });
  }

  private async checkFixtures(): Promise<string[]> {
    const out: string[] = [];
    const { heldBookingId, paidBookingId, linkOwner } = this.fixtures;
    if (heldBookingId) {
      const b = await this.h.app.bookings.get(heldBookingId);
      if (b?.state !== "HELD") out.push(`the holder's booking is ${b?.state ?? "gone"}, not HELD`);
    }
    if (paidBookingId) {
      const b = await this.h.app.bookings.get(paidBookingId);
      if (b?.state !== "PAID") out.push(`the paid booking is ${b?.state ?? "gone"}, not PAID`);
    }
    if (linkOwner) {
      for (const token of [
        ...this.fixtures.links.valid,
        ...this.fixtures.links.limited,
        ...this.fixtures.links.course,
      ]) {
        const link = await this.h.app.access.links.get(token);
        // The config agent may revoke their own link; nobody may revoke the (idle) link owner's.
        if (link?.agent_id !== linkOwner.id) continue;
        if (link.revoked_at !== null) {
          const taps = this.h.telegram
            .callbackQueries()
            .filter((q) => q.data.includes(token.slice(0, 8)))
            .map((q) => `${q.from.id}: ${JSON.stringify(q.data)}`);
          out.push(
            `link ${token.slice(0, 6)}… of agent ${link.agent_id} was revoked; taps with its data: ${taps.join(", ") || "none"}`,
          );
        }
      }
    }
    return out;
  }

  /** Taps by someone else on the fixtures' valuable buttons, exactly as shown (not mutated). */
  stolenTaps(): number {
    const owners = new Set([this.fixtures.holder?.id, this.fixtures.linkOwner?.id, ...this.adminIds]);
    return this.h.telegram
      .callbackQueries()
      .filter((q) => this.fixtures.buttons.includes(q.data) && !owners.has(q.from.id)).length;
  }

  /** What fairway answered, most frequent first (HOSTILE_VERBOSE=1 prints it after a property). */
  answers(top = 40): string {
    const counts = new Map<string, number>();
    for (const call of this.h.telegram.calls) {
      if (call.method === "getUpdates") continue;
      const text = [call.params.text, call.params.caption].find((t): t is string => typeof t === "string");
      const key = `${call.method}${call.ok ? "" : ` FAILED ${call.error?.description ?? ""}`} ${JSON.stringify(plain(text ?? "").slice(0, 50))}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const requests = new Map<string, number>();
    for (const r of this.h.sandbox.requests) {
      const key = `${r.method} ${r.path.replace(/[0-9a-f-]{8,}|GT[\w-]+/gi, ":id")} ${r.status}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
    }
    const list = (m: Map<string, number>) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, n]) => `  ${String(n).padStart(6)} ${k}`)
        .join("\n");
    return `Bot API calls:\n${list(counts)}\npartner requests:\n${list(requests)}`;
  }

  async stop(): Promise<void> {
    if (process.env.HOSTILE_VERBOSE === "1") console.log(this.answers());
    await this.h.stop();
  }

  /**
   * Runs a test's body, then stops the world (which checks the invariants). When the body fails, its
   * failure is the one reported, and the stop's own failure, if any, is printed beside it instead of
   * replacing it.
   */
  async run(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      await this.stop().catch((stopError: unknown) =>
        console.error(
          `and when the world stopped: ${stopError instanceof Error ? stopError.message : String(stopError)}`,
        ),
      );
      throw error;
    }
    await this.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Running and counting
// ---------------------------------------------------------------------------------------------

/** The seed of this run: `HOSTILE_SEED` to replay one, else random (printed with the figures and on failure). */
export function hostileSeed(): number {
  const fromEnv = process.env.HOSTILE_SEED;
  return fromEnv !== undefined && fromEnv !== "" ? Number(fromEnv) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
}

/** `HOSTILE_SCALE` multiplies the number of batches (e.g. 10 for a long soak). */
export function scaled(batches: number): number {
  const scale = Number(process.env.HOSTILE_SCALE ?? "1");
  return Math.max(1, Math.round(batches * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/**
 * Runs `batches` fast-check runs of `size` cases each against `world`, checking after each batch.
 * Throws on the first batch with violations (fast-check reports the seed and the batch; shrinking
 * re-runs batches on the same world and is off unless HOSTILE_SHRINK=1).
 */
export async function runBatches<C = Case>(
  world: World,
  options: {
    cases: fc.Arbitrary<C>;
    batches: number;
    size: number;
    seed: number;
    figures: Figures;
    pool: () => readonly Identity[];
    check?: Parameters<World["check"]>[0];
    /** Drives a batch another way than one update per case; returns how many cases it sent. */
    drive?: (cases: C[], pool: readonly Identity[]) => Promise<number>;
  },
): Promise<void> {
  const { figures } = options;
  const started = Date.now();
  try {
    const details = await fc.check(
      fc.asyncProperty(fc.array(options.cases, { minLength: options.size, maxLength: options.size }), async (cases) => {
        const pool = options.pool();
        if (options.drive) figures.cases += await options.drive(cases, pool);
        else {
          for (const c of cases) world.drive(c as Case, pool);
          figures.cases += cases.length;
        }
        figures.batches += 1;
        const violations = await world.check(options.check);
        figures.violations += violations.length;
        if (violations.length > 0)
          throw new Error(`${violations.length} violations:\n${violations.slice(0, 20).join("\n")}`);
      }),
      { numRuns: options.batches, seed: options.seed, endOnFailure: process.env.HOSTILE_SHRINK !== "1" },
    );
    if (details.failed) {
      // The batch itself is thousands of characters: the violations name the cases that matter.
      const cause =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `hostile property failed in batch ${details.numRuns} (replay: HOSTILE_SEED=${details.seed}; fast-check path ${details.counterexamplePath ?? "-"}; shrink with HOSTILE_SHRINK=1)\n${cause}`,
      );
    }
  } finally {
    figures.ms += Date.now() - started;
  }
}
