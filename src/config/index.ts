import { createHmac } from "node:crypto";
import * as v from "valibot";
import { parsePromptPayId, type PromptPayId } from "../payments/promptpay.js";
import { parseMarkup, type Markup, type Rounding } from "../pricing/price.js";
import type { SlipCheckProvider } from "../payments/slip-check/verdict.js";
import type { Seller } from "../receipts/seller.js";
import { EnvSchema } from "./env.js";

/** Where conversation state, sessions and the bookings ledger live. */
export type DatabaseConfig = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string; schema?: string };

/** The resolved configuration every part of fairway receives. */
export interface Config {
  /** Absent: fairway runs against its local Bot API server (the playground). */
  botToken?: string;
  telegramApiRoot?: string;
  partner:
    | { kind: "remote"; baseURL: string; apiKey: string; moneyUnit: "satang" | "baht"; timeoutMs: number }
    | { kind: "sandbox"; seed: number; moneyUnit: "satang" | "baht"; timeoutMs: number };
  adminIds: number[];
  agentIds: number[];
  database: DatabaseConfig;
  defaultLocale: "th" | "en";
  holdMinutes: number;
  /** Holds one customer may have at once, a group counting once (CUSTOMER_MAX_HOLDS, default 2). */
  customerMaxHolds: number;
  /** A group's flights start at most this many minutes apart, one from the next (GROUP_MAX_GAP_MINUTES). */
  groupMaxGapMinutes: number;
  /** Most tee-time reads at the partner at once, from one instance (PARTNER_READS_IN_FLIGHT). */
  partnerReadsInFlight: number;
  /** Admins are alerted when a confirmation leaves the partner credit below this, in satang. */
  lowBalanceSatang: number;
  logLevel: string;
  /**
   * How far V8 lets the JavaScript heap grow past what the last full collection kept, in percent
   * (HEAP_GROWING_PERCENT, default 25; 0: V8's own factor, up to 300 %). See `runtime/heap.ts`.
   */
  heapGrowingPercent: number;
  /** Port of the local Bot API server (and playground) used when there is no BOT_TOKEN; 0 picks a free one. */
  playgroundPort: number;
  /** PLAYGROUND_STAFF=1: the playground's admin and agent identities even with a real PARTNER_API_URL. */
  playgroundStaff: boolean;
  /**
   * A real bot (BOT_TOKEN) on the embedded sandbox, allowed by ALLOW_SANDBOX_WITH_REAL_BOT=1 for a demo:
   * every message the bot sends then carries the sandbox mark. False otherwise (and always with a
   * PARTNER_API_URL, or without a BOT_TOKEN).
   */
  sandboxDemo: boolean;
  /** Webhook mode (WEBHOOK_URL): Telegram POSTs updates to `url`, served at `path` on PORT. Absent: long polling. */
  webhook?: { url: string; path: string; secret: string; maxConnections: number };
  /**
   * Origin the tee sheet Mini App is served at (MINI_APP_URL; default the origin of WEBHOOK_URL), without
   * a trailing slash. Unset: no Mini App (long polling with a token and no MINI_APP_URL); with no
   * BOT_TOKEN `createApp` gives the playground's origin.
   */
  miniAppUrl?: string;
  /** The agency as every e-voucher names it (AGENCY_NAME, AGENCY_CONTACT; no contact: the bot's t.me link). */
  agency: { name: string; contact?: string };
  /** The seller every receipt names (SELLER_*, VAT_RATE_PERCENT, PRICES_INCLUDE_VAT, INVOICE_PREFIX). */
  seller: Seller;
  /** Origin of the e-voucher's check page (VOUCHER_URL; default `miniAppUrl`). Unset: vouchers carry no QR. */
  voucherUrl?: string;
  /** The e-voucher renderer thread's nice value on Linux (VOUCHER_RENDER_NICE, 0–19; default 19). */
  voucherRenderNice: number;
  /** Port of the public HTTP server (`/healthz`, the webhook, the Mini App), every interface; 0 picks a free one. Default 3000. */
  port: number;
  /** The operator's HTTP server (`/healthz`, `/readyz`, `/metrics`), apart from PORT. */
  operator: OperatorConfig;
  /** Reminders to the booker this many minutes before tee-off, longest first (REMINDERS; default 24 h and 2 h). */
  reminderMinutes: number[];
  /** When the admins' daily digest goes out, minutes after midnight in Asia/Bangkok (DIGEST_TIME; default 08:00). */
  digestMinuteOfDay: number;
  /** Secret values to scrub from every log line and message. */
  secrets: string[];
  /** Abuse control and the outgoing budget (docs/operations.md, "Abuse control and rate limits"). */
  limits: RateLimitsConfig;
  /** Watches for tee times that open (src/watches/). */
  watches: WatchesConfig;
  courseChanges: CourseChangesConfig;
  /** Selling prices (docs/features.md, "Prices and payments"). */
  pricing: PricingConfig;
  /** Customers' PromptPay payments (docs/features.md, "Prices and payments"). */
  payments: PaymentsConfig;
}

export interface OperatorConfig {
  /** OPERATOR_PORT (default 9091; 0 picks a free one). */
  port: number;
  /** OPERATOR_HOST: the interface it listens on (default 127.0.0.1, this machine only). */
  host: string;
  /** METRICS_TOKEN: `/readyz` and `/metrics` require `Authorization: Bearer <token>`; required beyond loopback. */
  token?: string;
}

export interface PricingConfig {
  /** PRICE_MARKUP: the agency's markup until an admin sets one with /prices; null: no markup. */
  markup: Markup | null;
  /** PRICE_ROUNDING: selling prices are rounded up to this many baht (default 1). */
  rounding: Rounding;
}

export interface PaymentsConfig {
  /** PROMPTPAY_ID: the agency's PromptPay ID; absent: customers' bookings are confirmed at once, as before. */
  promptPayId?: PromptPayId;
  /** PAYMENT_WINDOW_MINUTES: how long a booking awaiting its customer's payment keeps its hold (default 30). */
  windowMinutes: number;
  /**
   * PAYMENT_WARNING_MINUTES: a customer who has not paid (or whose slip is not decided) is warned this many
   * minutes before the hold ends, once, with the QR again (default 5; 0: never).
   */
  warningMinutes: number;
  /**
   * SLIPS_PER_PAYMENT: slips one payment takes (default 3); the customer's next is neither read nor
   * forwarded to the agent and the admins, and the customer is told to wait for their agent.
   */
  slipsPerPayment: number;
  /** SLIP_CHECK_*: the slip-verification service; absent (SLIP_CHECK_PROVIDER unset), a person checks every slip. */
  slipCheck?: SlipCheckConfig;
}

export interface SlipCheckConfig {
  /** SLIP_CHECK_PROVIDER. */
  provider: SlipCheckProvider;
  /** SLIP_CHECK_URL: the service's API root; absent, its public one. */
  url?: string;
  /** SLIP_CHECK_KEY: a secret, scrubbed from logs like the others. */
  key: string;
  /** SLIP_CHECK_BRANCH: SlipOK's branch id (required for SlipOK). */
  branch?: string;
}

export interface WatchesConfig {
  /** The checker's partner reads (tee-time lists) in any minute, at most (WATCH_READS_PER_MINUTE). */
  readsPerMinute: number;
  /** Active watches one user may keep (WATCHES_PER_USER). */
  perUser: number;
}

export interface CourseChangesConfig {
  /** The shortest interval between two partner reads of one paid booking, ms (COURSE_CHANGES_POLL_SECONDS; default 5 min). */
  shortestMs: number;
  /** The poll's partner reads in any minute, every instance together (COURSE_CHANGES_READS_PER_MINUTE; default 30). */
  readsPerMinute: number;
}

export interface RateLimitsConfig {
  /** Per sender, before any work: a burst of this many updates… */
  userBurst: number;
  /** …then this many a minute; the excess is dropped (members get one notice). */
  userPerMinute: number;
  /** Updates of a stranger answered per minute. */
  strangerPerMinute: number;
  /** Sends and edits per second, every chat together (Telegram's limit is about 30). */
  sendsPerSecond: number;
  /** Sends and edits in one chat at once, then one a second. */
  chatBurst: number;
  /** The share of `sendsPerSecond` background messages (notifications) may take. */
  backgroundPerSecond: number;
  /** The tee sheet Mini App's API, per user: a burst of this many calls (MINI_APP_RATE_BURST; default 20)… */
  miniAppBurst: number;
  /** …then this many a minute (MINI_APP_RATE_PER_MINUTE; default 60); the excess is answered 429. */
  miniAppPerMinute: number;
  /**
   * The e-voucher's check page (`/v/`), per client address: this many calls a minute, at once or spread
   * (VOUCHER_CHECK_RATE_PER_MINUTE; default 30); the excess is answered 429 with Retry-After.
   */
  voucherCheckPerMinute: number;
}

/**
 * Why a real bot on the embedded sandbox does not start: its customers could hold and pay for tee times
 * that do not exist.
 */
export const SANDBOX_WITH_REAL_BOT_PROBLEM =
  "PARTNER_API_URL is required with BOT_TOKEN: without it a real bot would sell the embedded sandbox's tee times, " +
  "which do not exist. Set PARTNER_API_URL and PARTNER_API_KEY, or ALLOW_SANDBOX_WITH_REAL_BOT=1 for a demo " +
  "(every message then says it is a sandbox)";

/** Thrown when the environment is wrong; `message` names each variable and what is wrong, never a value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses `DATABASE_URL`: `sqlite:<path>`, `file:<path>`, a bare path, or `postgres(ql)://...[?schema=name]`. */
export function parseDatabaseUrl(raw: string): DatabaseConfig | string {
  const value = raw.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      const schema = url.searchParams.get("schema") ?? undefined;
      if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/i.test(schema))
        return "schema must be a plain SQL identifier";
      url.searchParams.delete("schema");
      return { kind: "postgres", url: url.toString(), ...(schema ? { schema } : {}) };
    } catch {
      return "is not a valid postgres:// URL";
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^(sqlite|file):/i.test(value)) {
    return "must be sqlite:<path>, file:<path>, a file path, or a postgres:// URL";
  }
  const path = value.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (path.length === 0) return "names no SQLite file";
  return { kind: "sqlite", path };
}

/**
 * Validates `env` (normally `process.env`) and resolves fairway's configuration.
 * Throws one `ConfigError` listing every problem; secret values never appear in it.
 */
export function createConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const database = parseDatabaseUrl(env.DATABASE_URL?.trim() || "sqlite:./data/fairway.sqlite");
  if (typeof database === "string") problems.push(`DATABASE_URL ${database}`);
  if (env.PARTNER_API_URL?.trim() && !env.PARTNER_API_KEY?.trim()) {
    problems.push("PARTNER_API_KEY is required when PARTNER_API_URL is set");
  }
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.issues) {
      // Only the variable's name: a list's item index or the value itself is never shown.
      const key: unknown = issue.path?.[0]?.key;
      const name = typeof key === "string" ? key : "environment";
      if (seen.has(name)) continue;
      seen.add(name);
      problems.push(`${name} ${issue.message}`);
    }
  }
  const slipCheckProvider = env.SLIP_CHECK_PROVIDER?.trim();
  if (slipCheckProvider && !env.SLIP_CHECK_KEY?.trim())
    problems.push("SLIP_CHECK_KEY is required when SLIP_CHECK_PROVIDER is set (the service's API key)");
  if (slipCheckProvider === "slipok" && !env.SLIP_CHECK_BRANCH?.trim())
    problems.push("SLIP_CHECK_BRANCH is required when SLIP_CHECK_PROVIDER is slipok (the branch id in SlipOK's URL)");
  if (env.WEBHOOK_URL?.trim() && !env.BOT_TOKEN?.trim())
    problems.push("WEBHOOK_URL needs BOT_TOKEN (the local Bot API server is polled)");
  // A token that is itself wrong is named as such, not as a real bot.
  const sandboxWithRealBot =
    Boolean(env.BOT_TOKEN?.trim()) && v.is(EnvSchema.entries.BOT_TOKEN, env.BOT_TOKEN) && !env.PARTNER_API_URL?.trim();
  if (sandboxWithRealBot && env.ALLOW_SANDBOX_WITH_REAL_BOT?.trim() !== "1")
    problems.push(SANDBOX_WITH_REAL_BOT_PROBLEM);
  if (env.REQUIRE_BOT_TOKEN?.trim() === "1" && !env.BOT_TOKEN?.trim())
    problems.push(
      "BOT_TOKEN is required here (REQUIRE_BOT_TOKEN=1, as in the Docker image); the playground runs from a checkout: npm start",
    );
  if (result.success && !result.output.METRICS_TOKEN && !isLoopback(result.output.OPERATOR_HOST))
    problems.push("METRICS_TOKEN is required when OPERATOR_HOST is not a loopback address (/readyz and /metrics)");
  if (result.success && result.output.PORT !== 0 && result.output.OPERATOR_PORT === result.output.PORT)
    problems.push("OPERATOR_PORT must differ from PORT (the operator's endpoints are served apart)");
  if (result.success && result.output.SELLER_VAT_REGISTERED === "1") {
    if (!result.output.SELLER_TAX_ID)
      problems.push("SELLER_TAX_ID is required when SELLER_VAT_REGISTERED=1 (a tax invoice names the seller's tax id)");
    if (!result.output.SELLER_ADDRESS)
      problems.push(
        "SELLER_ADDRESS is required when SELLER_VAT_REGISTERED=1 (a tax invoice names the seller's address)",
      );
    // The PromptPay QR asks for the selling price: a receipt adding VAT to it would show more than was paid.
    if (result.output.PRICES_INCLUDE_VAT === "0")
      problems.push(
        "PRICES_INCLUDE_VAT=0 is not supported when SELLER_VAT_REGISTERED=1: customers pay the selling price " +
          "(the PromptPay amount), so it must include the VAT; set PRICES_INCLUDE_VAT=1 and price rules with VAT in",
      );
  }
  if (!result.success || typeof database === "string" || problems.length > 0) throw new ConfigError(problems);
  const e = result.output;
  const apiKey = e.PARTNER_API_KEY?.trim() ?? "";
  const slipCheck: SlipCheckConfig | undefined = e.SLIP_CHECK_PROVIDER
    ? {
        provider: e.SLIP_CHECK_PROVIDER,
        ...(e.SLIP_CHECK_URL ? { url: e.SLIP_CHECK_URL } : {}),
        key: e.SLIP_CHECK_KEY?.trim() ?? "",
        ...(e.SLIP_CHECK_BRANCH ? { branch: e.SLIP_CHECK_BRANCH } : {}),
      }
    : undefined;

  const partner: Config["partner"] = e.PARTNER_API_URL
    ? {
        kind: "remote",
        baseURL: e.PARTNER_API_URL,
        apiKey,
        moneyUnit: e.PARTNER_MONEY_UNIT,
        timeoutMs: e.PARTNER_TIMEOUT_MS,
      }
    : { kind: "sandbox", seed: e.SANDBOX_SEED, moneyUnit: e.PARTNER_MONEY_UNIT, timeoutMs: e.PARTNER_TIMEOUT_MS };

  const webhook: Config["webhook"] =
    e.WEBHOOK_URL && e.BOT_TOKEN
      ? {
          url: e.WEBHOOK_URL,
          path: new URL(e.WEBHOOK_URL).pathname,
          secret: e.WEBHOOK_SECRET ?? webhookSecretFor(e.BOT_TOKEN),
          maxConnections: e.WEBHOOK_MAX_CONNECTIONS,
        }
      : undefined;

  const miniAppSource = e.MINI_APP_URL ?? (webhook ? webhook.url : undefined);
  const miniAppUrl = miniAppSource ? new URL(miniAppSource).origin : undefined;

  return {
    ...(e.BOT_TOKEN ? { botToken: e.BOT_TOKEN } : {}),
    ...(e.TELEGRAM_API_ROOT ? { telegramApiRoot: e.TELEGRAM_API_ROOT } : {}),
    partner,
    adminIds: e.ADMIN_IDS,
    agentIds: e.AGENT_IDS,
    database,
    defaultLocale: e.DEFAULT_LOCALE,
    holdMinutes: e.HOLD_MINUTES,
    customerMaxHolds: e.CUSTOMER_MAX_HOLDS,
    groupMaxGapMinutes: e.GROUP_MAX_GAP_MINUTES,
    partnerReadsInFlight: e.PARTNER_READS_IN_FLIGHT,
    lowBalanceSatang: e.LOW_BALANCE_THB * 100,
    logLevel: e.LOG_LEVEL,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    playgroundPort: e.PLAYGROUND_PORT,
    port: e.PORT,
    operator: {
      port: e.OPERATOR_PORT,
      host: e.OPERATOR_HOST,
      ...(e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : {}),
    },
    playgroundStaff: e.PLAYGROUND_STAFF === "1",
    sandboxDemo: sandboxWithRealBot,
    ...(webhook ? { webhook } : {}),
    ...(miniAppUrl ? { miniAppUrl } : {}),
    agency: { name: e.AGENCY_NAME, ...(e.AGENCY_CONTACT ? { contact: e.AGENCY_CONTACT } : {}) },
    seller: {
      legalName: e.SELLER_LEGAL_NAME ?? e.AGENCY_NAME,
      ...(e.SELLER_ADDRESS ? { address: e.SELLER_ADDRESS } : {}),
      ...(e.SELLER_TAX_ID ? { taxId: e.SELLER_TAX_ID } : {}),
      branch: e.SELLER_BRANCH,
      vatRegistered: e.SELLER_VAT_REGISTERED === "1",
      vatRatePercent: e.VAT_RATE_PERCENT,
      pricesIncludeVat: e.PRICES_INCLUDE_VAT !== "0",
      invoicePrefix: e.INVOICE_PREFIX,
      taxInvoices: e.TAX_INVOICES,
    },
    voucherRenderNice: e.VOUCHER_RENDER_NICE,
    ...(e.VOUCHER_URL || miniAppUrl ? { voucherUrl: e.VOUCHER_URL ? new URL(e.VOUCHER_URL).origin : miniAppUrl } : {}),
    reminderMinutes: e.REMINDERS,
    digestMinuteOfDay: minuteOfDay(e.DIGEST_TIME ?? "08:00"),
    limits: {
      userBurst: e.USER_RATE_BURST,
      userPerMinute: e.USER_RATE_PER_MINUTE,
      strangerPerMinute: e.STRANGER_REPLIES_PER_MINUTE,
      sendsPerSecond: e.TELEGRAM_SENDS_PER_SECOND,
      chatBurst: e.TELEGRAM_CHAT_BURST,
      backgroundPerSecond: Math.min(e.NOTIFY_SENDS_PER_SECOND, e.TELEGRAM_SENDS_PER_SECOND),
      miniAppBurst: e.MINI_APP_RATE_BURST,
      miniAppPerMinute: e.MINI_APP_RATE_PER_MINUTE,
      voucherCheckPerMinute: e.VOUCHER_CHECK_RATE_PER_MINUTE,
    },
    watches: { readsPerMinute: e.WATCH_READS_PER_MINUTE, perUser: e.WATCHES_PER_USER },
    courseChanges: {
      shortestMs: e.COURSE_CHANGES_POLL_SECONDS * 1_000,
      readsPerMinute: e.COURSE_CHANGES_READS_PER_MINUTE,
    },
    pricing: {
      markup: e.PRICE_MARKUP ? (parseMarkup(e.PRICE_MARKUP) ?? null) : null,
      rounding: e.PRICE_ROUNDING ? (Number(e.PRICE_ROUNDING) as Rounding) : 1,
    },
    payments: {
      ...(e.PROMPTPAY_ID ? { promptPayId: parsePromptPayId(e.PROMPTPAY_ID) } : {}),
      windowMinutes: e.PAYMENT_WINDOW_MINUTES,
      warningMinutes: e.PAYMENT_WARNING_MINUTES,
      slipsPerPayment: e.SLIPS_PER_PAYMENT,
      ...(slipCheck ? { slipCheck } : {}),
    },
    secrets: [e.BOT_TOKEN, apiKey, webhook?.secret, e.METRICS_TOKEN, slipCheck?.key].filter(
      (s): s is string => typeof s === "string" && s.length > 0,
    ),
  };
}

/**
 * The webhook's secret token when WEBHOOK_SECRET is unset: derived from the bot token, so every
 * instance computes the same one, and it reveals nothing of the token.
 */
export function webhookSecretFor(botToken: string): string {
  return createHmac("sha256", botToken).update("fairway webhook secret").digest("base64url");
}

/** Whether a host to listen on is this machine only: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** `HH:MM` → minutes after midnight. */
function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
}
