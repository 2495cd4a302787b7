import { isIP } from "node:net";
import * as v from "valibot";
import { parsePromptPayId } from "../payments/promptpay.js";
import { parseTaxId } from "../receipts/tax-id.js";
import { parseMarkup } from "../pricing/price.js";

/*
 * The environment fairway reads, as one valibot schema: each variable's type, range and default
 * (docs/configuration.md; `.env.example`). `createConfig` (index.ts) resolves it into `Config`.
 */

/** Telegram user ids: a comma-separated list of positive integers, blanks ignored. */
const IdList = v.pipe(
  v.optional(v.string(), ""),
  v.transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter((x) => x.length > 0),
  ),
  v.array(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, "must be a comma-separated list of numeric Telegram user ids"),
      v.transform(Number),
    ),
  ),
);

const Url = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url(`must be a URL (${what})`),
    v.check((u) => /^https?:\/\//i.test(u), `must start with http:// or https:// (${what})`),
    v.transform((u) => u.replace(/\/+$/, "")),
  );

const IntInRange = (def: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(def)),
    v.regex(/^\s*\d+\s*$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );

const Empty = v.pipe(
  v.literal(""),
  v.transform(() => undefined),
);

const MARKUP_MESSAGE = "must be a percentage like 15% or baht per player like 300";
const PROMPTPAY_MESSAGE =
  "must be a PromptPay ID: a Thai mobile number (0812345678), a 13-digit citizen or tax ID, or a 15-digit e-wallet ID";

const SLIP_CHECK_BRANCH_MESSAGE = "must be SlipOK's branch id: 1-64 characters of A-Z, a-z, 0-9, _ and -";

const TAX_ID_MESSAGE = "must be a Thai tax id: 13 digits whose last is the check digit (dashes allowed)";
const VAT_RATE_MESSAGE = "must be a percentage from 0 to 30 with at most two decimals, e.g. 7";

const OPERATOR_HOST_MESSAGE = "must be an IP address or a host name to listen on, e.g. 127.0.0.1 or 0.0.0.0";
const METRICS_TOKEN_MESSAGE =
  "must be 16-256 characters of A-Z, a-z, 0-9 and . _ ~ + / - (e.g. the output of openssl rand -hex 32)";

const REMINDERS_MESSAGE =
  "must be a comma-separated list of durations before tee-off like 24h,2h or 95m (1m to 336h), or off";
const DIGEST_TIME_MESSAGE = "must be a time HH:MM (24-hour, Asia/Bangkok), e.g. 08:00";

/** `24h` → 1440, `95m` → 95. */
function durationMinutes(text: string): number {
  const n = Number(/\d+/.exec(text)?.[0]);
  return /h/i.test(text) ? n * 60 : n;
}

/** REMINDERS: `24h,2h,95m` → minutes before tee-off, longest first, duplicates dropped; `off` → none. Blank → default. */
const ReminderList = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => (s === "" ? "24h,2h" : s)),
  v.check(
    (s) => s.toLowerCase() === "off" || s.split(",").every((x) => /^\s*\d{1,5}\s*[hm]\s*$/i.test(x)),
    REMINDERS_MESSAGE,
  ),
  v.transform((s) =>
    s.toLowerCase() === "off" ? [] : [...new Set(s.split(",").map(durationMinutes))].sort((a, b) => b - a),
  ),
  v.check((list) => list.every((m) => m >= 1 && m <= 336 * 60), REMINDERS_MESSAGE),
);

/** The environment as fairway reads it. Blank values count as unset. */
export const EnvSchema = v.object({
  BOT_TOKEN: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456789:AA... (from @BotFather)"),
        ),
      ],
      "must look like 123456789:AA... (from @BotFather)",
    ),
  ),
  TELEGRAM_API_ROOT: v.optional(v.union([Empty, Url("the Bot API server root")], "must be an http(s) URL")),
  PARTNER_API_URL: v.optional(
    v.union([Empty, Url("the partner's base URL, without /api/v1/ext")], "must be an http(s) URL, without /api/v1/ext"),
  ),
  PARTNER_API_KEY: v.optional(v.string()),
  PARTNER_MONEY_UNIT: v.optional(v.picklist(["satang", "baht"], "must be satang or baht"), "satang"),
  PARTNER_TIMEOUT_MS: IntInRange(8000, 500, 60000),
  PARTNER_READS_IN_FLIGHT: IntInRange(40, 1, 200),
  ADMIN_IDS: IdList,
  AGENT_IDS: IdList,
  DATABASE_URL: v.optional(v.string(), "sqlite:./data/fairway.sqlite"),
  DEFAULT_LOCALE: v.optional(v.picklist(["th", "en"], "must be th or en"), "th"),
  HOLD_MINUTES: IntInRange(10, 1, 120),
  CUSTOMER_MAX_HOLDS: IntInRange(2, 1, 20),
  GROUP_MAX_GAP_MINUTES: IntInRange(20, 5, 120),
  LOW_BALANCE_THB: IntInRange(5000, 0, 1_000_000_000),
  LOG_LEVEL: v.optional(
    v.picklist(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "must be one of fatal, error, warn, info, debug, trace, silent",
    ),
    "info",
  ),
  HEAP_GROWING_PERCENT: IntInRange(25, 0, 300),
  SANDBOX_SEED: IntInRange(1, 0, 2 ** 31 - 1),
  PLAYGROUND_PORT: IntInRange(8080, 0, 65535),
  PLAYGROUND_STAFF: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  ALLOW_SANDBOX_WITH_REAL_BOT: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  WEBHOOK_URL: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.url("must be the public https:// URL Telegram calls"),
          v.check(
            (u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(u),
            "must be the public https:// URL Telegram calls",
          ),
        ),
      ],
      "must be the public https:// URL Telegram calls",
    ),
  ),
  /** The agency's name on every e-voucher. */
  AGENCY_NAME: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(60, "must be at most 60 characters")),
    "fairway golf",
  ),
  /** How a golfer reaches the agency, on every e-voucher (a phone, an address); default the bot's t.me link. */
  AGENCY_CONTACT: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, "must be at most 80 characters"))),
  // The seller on receipts and tax invoices (src/receipts/; docs/configuration.md, "Receipts").
  SELLER_LEGAL_NAME: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.maxLength(120, "must be at most 120 characters"))],
      "must be at most 120 characters",
    ),
  ),
  SELLER_ADDRESS: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.maxLength(300, "must be at most 300 characters"))],
      "must be at most 300 characters",
    ),
  ),
  SELLER_TAX_ID: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.check((s) => parseTaxId(s) !== undefined, TAX_ID_MESSAGE),
          v.transform((s) => parseTaxId(s) ?? s),
        ),
      ],
      TAX_ID_MESSAGE,
    ),
  ),
  SELLER_BRANCH: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === "" ? "00000" : s)),
      v.regex(/^\d{5}$/, "must be 5 digits: 00000 for the head office, else the branch number"),
    ),
    "00000",
  ),
  SELLER_VAT_REGISTERED: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  TAX_INVOICES: v.optional(v.picklist(["full", "abbreviated"], "must be full or abbreviated"), "full"),
  VAT_RATE_PERCENT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === "" ? "7" : s)),
      v.regex(/^\d{1,2}(\.\d{1,2})?$/, VAT_RATE_MESSAGE),
      v.transform(Number),
      v.maxValue(30, VAT_RATE_MESSAGE),
    ),
    "7",
  ),
  PRICES_INCLUDE_VAT: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  INVOICE_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === "" ? "RC" : s)),
      v.regex(/^[A-Za-z0-9-]{1,10}$/, "must be 1-10 characters of A-Z, a-z, 0-9 and -"),
    ),
    "RC",
  ),
  /** The e-voucher renderer's nice value on Linux: 19 draws with what the bot leaves; lower draws sooner. */
  VOUCHER_RENDER_NICE: IntInRange(19, 0, 19),
  /** Origin of the e-voucher's check page (`/v/<token>` on PORT); default MINI_APP_URL's, else WEBHOOK_URL's. */
  VOUCHER_URL: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.url("must be the public origin the check page is served at"))],
      "must be the public origin the check page is served at",
    ),
  ),
  MINI_APP_URL: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.url("must be the public https:// origin the Mini App is served at"),
          v.check(
            (u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i.test(u),
            "must be the public https:// origin the Mini App is served at",
          ),
        ),
      ],
      "must be the public https:// origin the Mini App is served at",
    ),
  ),
  WEBHOOK_SECRET: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -"),
        ),
      ],
      "must be 1-256 characters of A-Z, a-z, 0-9, _ and -",
    ),
  ),
  WEBHOOK_MAX_CONNECTIONS: IntInRange(40, 1, 100),
  PORT: IntInRange(3000, 0, 65535),
  // The operator's endpoints (/readyz, /metrics) on a port of their own (docs/deployment.md, "Health and metrics").
  OPERATOR_PORT: IntInRange(9091, 0, 65535),
  OPERATOR_HOST: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === "" ? "127.0.0.1" : s)),
      v.check((s) => isIP(s) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(s), OPERATOR_HOST_MESSAGE),
    ),
    "127.0.0.1",
  ),
  METRICS_TOKEN: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._~+/-]{16,256}=*$/, METRICS_TOKEN_MESSAGE))],
      METRICS_TOKEN_MESSAGE,
    ),
  ),
  REQUIRE_BOT_TOKEN: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  // After the booking (reminders, the admins' digest): see src/bot/features/after-booking/.
  REMINDERS: v.optional(ReminderList, "24h,2h"),
  DIGEST_TIME: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, DIGEST_TIME_MESSAGE))],
      DIGEST_TIME_MESSAGE,
    ),
    "08:00",
  ),
  // Selling prices and customers' payments (docs/features.md, "Prices and payments").
  PRICE_MARKUP: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.check((s) => parseMarkup(s) !== undefined, MARKUP_MESSAGE),
        ),
      ],
      MARKUP_MESSAGE,
    ),
  ),
  PRICE_ROUNDING: v.optional(v.picklist(["1", "10", "50", "100", ""], "must be 1, 10, 50 or 100 (baht)"), ""),
  PROMPTPAY_ID: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.check((s) => parsePromptPayId(s) !== undefined, PROMPTPAY_MESSAGE),
        ),
      ],
      PROMPTPAY_MESSAGE,
    ),
  ),
  PAYMENT_WINDOW_MINUTES: IntInRange(30, 5, 120),
  PAYMENT_WARNING_MINUTES: IntInRange(5, 0, 60),
  SLIPS_PER_PAYMENT: IntInRange(3, 1, 20),
  // The slip check (src/payments/slip-check/): a slip-verification service; unset, a person checks every slip.
  SLIP_CHECK_PROVIDER: v.optional(v.picklist(["slipok", "easyslip", ""], "must be slipok or easyslip (or unset)"), ""),
  SLIP_CHECK_URL: v.optional(v.union([Empty, Url("the slip-check service's API root")], "must be an http(s) URL")),
  SLIP_CHECK_KEY: v.optional(v.string()),
  SLIP_CHECK_BRANCH: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, SLIP_CHECK_BRANCH_MESSAGE))],
      SLIP_CHECK_BRANCH_MESSAGE,
    ),
  ),
  // Abuse control and rate limits (docs/operations.md, "Abuse control and rate limits").
  USER_RATE_BURST: IntInRange(12, 1, 10_000),
  USER_RATE_PER_MINUTE: IntInRange(120, 1, 60_000),
  STRANGER_REPLIES_PER_MINUTE: IntInRange(1, 1, 60),
  TELEGRAM_SENDS_PER_SECOND: IntInRange(25, 1, 1_000),
  TELEGRAM_CHAT_BURST: IntInRange(15, 1, 10_000),
  NOTIFY_SENDS_PER_SECOND: IntInRange(10, 1, 1_000),
  // The tee sheet Mini App's API, per Telegram user (every instance together): a burst, then this many a minute.
  MINI_APP_RATE_BURST: IntInRange(20, 1, 10_000),
  MINI_APP_RATE_PER_MINUTE: IntInRange(60, 1, 60_000),
  // The e-voucher's check page (/v/), per client address (every instance together): this many a minute, as a burst or spread.
  VOUCHER_CHECK_RATE_PER_MINUTE: IntInRange(30, 1, 60_000),
  // Watches (src/watches/): the checker's partner reads per minute, and the active watches a user may keep.
  WATCH_READS_PER_MINUTE: IntInRange(30, 1, 6_000),
  WATCHES_PER_USER: IntInRange(20, 1, 500),
  // The course-changes poll (src/bookings/course-changes.ts): the shortest interval between two partner
  // reads of one paid booking (on its tee time's day), and its partner reads in any minute (every instance together).
  COURSE_CHANGES_POLL_SECONDS: IntInRange(300, 30, 86_400),
  COURSE_CHANGES_READS_PER_MINUTE: IntInRange(30, 1, 6_000),
});

export type Env = v.InferOutput<typeof EnvSchema>;
