import { createHmac } from "node:crypto";
import * as v from "valibot";

/** Telegram user ids: a comma-separated list of positive integers, blanks ignored. */
const IdList = v.pipe(
  v.optional(v.string(), ""),
  v.transform((s) => s.split(",").map((x) => x.trim()).filter((x) => x.length > 0)),
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

const Empty = v.pipe(v.literal(""), v.transform(() => undefined));

const REMINDERS_MESSAGE = "must be a comma-separated list of durations before tee-off like 24h,2h or 95m (1m to 336h), or off";
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
  v.check((s) => s.toLowerCase() === "off" || s.split(",").every((x) => /^\s*\d{1,5}\s*[hm]\s*$/i.test(x)), REMINDERS_MESSAGE),
  v.transform((s) => (s.toLowerCase() === "off" ? [] : [...new Set(s.split(",").map(durationMinutes))].sort((a, b) => b - a))),
  v.check((list) => list.every((m) => m >= 1 && m <= 336 * 60), REMINDERS_MESSAGE),
);

/** The environment as fairway reads it. Blank values count as unset. */
export const EnvSchema = v.object({
  BOT_TOKEN: v.optional(
    v.union(
      [Empty, v.pipe(v.string(), v.trim(), v.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456789:AA... (from @BotFather)"))],
      "must look like 123456789:AA... (from @BotFather)",
    ),
  ),
  TELEGRAM_API_ROOT: v.optional(v.union([Empty, Url("the Bot API server root")], "must be an http(s) URL")),
  PARTNER_API_URL: v.optional(v.union([Empty, Url("the partner's base URL, without /api/v1/ext")], "must be an http(s) URL, without /api/v1/ext")),
  PARTNER_API_KEY: v.optional(v.string()),
  PARTNER_MONEY_UNIT: v.optional(v.picklist(["satang", "baht"], "must be satang or baht"), "satang"),
  PARTNER_TIMEOUT_MS: IntInRange(8000, 500, 60000),
  ADMIN_IDS: IdList,
  AGENT_IDS: IdList,
  DATABASE_URL: v.optional(v.string(), "sqlite:./data/fairway.sqlite"),
  DEFAULT_LOCALE: v.optional(v.picklist(["th", "en"], "must be th or en"), "th"),
  HOLD_MINUTES: IntInRange(10, 1, 120),
  LOW_BALANCE_THB: IntInRange(5000, 0, 1_000_000_000),
  LOG_LEVEL: v.optional(
    v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"], "must be one of fatal, error, warn, info, debug, trace, silent"),
    "info",
  ),
  SANDBOX_SEED: IntInRange(1, 0, 2 ** 31 - 1),
  PLAYGROUND_PORT: IntInRange(8080, 0, 65535),
  PLAYGROUND_STAFF: v.optional(v.picklist(["0", "1", ""], "must be 1 or 0"), ""),
  WEBHOOK_URL: v.optional(
    v.union(
      [
        Empty,
        v.pipe(
          v.string(),
          v.trim(),
          v.url("must be the public https:// URL Telegram calls"),
          v.check((u) => /^https:\/\//i.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(u), "must be the public https:// URL Telegram calls"),
        ),
      ],
      "must be the public https:// URL Telegram calls",
    ),
  ),
  WEBHOOK_SECRET: v.optional(v.union([Empty, v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -"))], "must be 1-256 characters of A-Z, a-z, 0-9, _ and -")),
  WEBHOOK_MAX_CONNECTIONS: IntInRange(40, 1, 100),
  PORT: IntInRange(3000, 0, 65535),
  // After the booking (reminders, the admins' digest): see src/after-booking/.
  REMINDERS: v.optional(ReminderList, "24h,2h"),
  DIGEST_TIME: v.optional(v.union([Empty, v.pipe(v.string(), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, DIGEST_TIME_MESSAGE))], DIGEST_TIME_MESSAGE), "08:00"),
  // Abuse control and rate limits (README, "Abuse control and rate limits").
  USER_RATE_BURST: IntInRange(12, 1, 10_000),
  USER_RATE_PER_MINUTE: IntInRange(120, 1, 60_000),
  STRANGER_REPLIES_PER_MINUTE: IntInRange(1, 1, 60),
  TELEGRAM_SENDS_PER_SECOND: IntInRange(25, 1, 1_000),
  TELEGRAM_CHAT_BURST: IntInRange(15, 1, 10_000),
  NOTIFY_SENDS_PER_SECOND: IntInRange(10, 1, 1_000),
});

export type Env = v.InferOutput<typeof EnvSchema>;

/** Where conversation state, sessions and the bookings ledger live. */
export type DatabaseConfig =
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; url: string; schema?: string };

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
  /** Admins are alerted when a confirmation leaves the partner credit below this, in satang. */
  lowBalanceSatang: number;
  logLevel: string;
  /** Port of the local Bot API server (and playground) used when there is no BOT_TOKEN; 0 picks a free one. */
  playgroundPort: number;
  /** PLAYGROUND_STAFF=1: the playground's admin and agent identities even with a real PARTNER_API_URL. */
  playgroundStaff: boolean;
  /** Webhook mode (WEBHOOK_URL): Telegram POSTs updates to `url`, served at `path` on PORT. Absent: long polling. */
  webhook?: { url: string; path: string; secret: string; maxConnections: number };
  /** Port of the operator HTTP server (health, readiness, metrics, webhook); 0 picks a free one. Default 3000. */
  port: number;
  /** Reminders to the booker this many minutes before tee-off, longest first (REMINDERS; default 24 h and 2 h). */
  reminderMinutes: number[];
  /** When the admins' daily digest goes out, minutes after midnight in Asia/Bangkok (DIGEST_TIME; default 08:00). */
  digestMinuteOfDay: number;
  /** Secret values to scrub from every log line and message. */
  secrets: string[];
  /** Abuse control and the outgoing budget (README, "Abuse control and rate limits"). */
  limits: RateLimitsConfig;
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
}

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
      if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/i.test(schema)) return "schema must be a plain SQL identifier";
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
  if (env.WEBHOOK_URL?.trim() && !env.BOT_TOKEN?.trim()) problems.push("WEBHOOK_URL needs BOT_TOKEN (the local Bot API server is polled)");
  if (!result.success || typeof database === "string" || problems.length > 0) throw new ConfigError(problems);
  const e = result.output;
  const apiKey = e.PARTNER_API_KEY?.trim() ?? "";

  const partner: Config["partner"] = e.PARTNER_API_URL
    ? { kind: "remote", baseURL: e.PARTNER_API_URL, apiKey, moneyUnit: e.PARTNER_MONEY_UNIT, timeoutMs: e.PARTNER_TIMEOUT_MS }
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

  return {
    ...(e.BOT_TOKEN ? { botToken: e.BOT_TOKEN } : {}),
    ...(e.TELEGRAM_API_ROOT ? { telegramApiRoot: e.TELEGRAM_API_ROOT } : {}),
    partner,
    adminIds: e.ADMIN_IDS,
    agentIds: e.AGENT_IDS,
    database,
    defaultLocale: e.DEFAULT_LOCALE,
    holdMinutes: e.HOLD_MINUTES,
    lowBalanceSatang: e.LOW_BALANCE_THB * 100,
    logLevel: e.LOG_LEVEL,
    playgroundPort: e.PLAYGROUND_PORT,
    port: e.PORT,
    playgroundStaff: e.PLAYGROUND_STAFF === "1",
    ...(webhook ? { webhook } : {}),
    reminderMinutes: e.REMINDERS,
    digestMinuteOfDay: minuteOfDay(e.DIGEST_TIME ?? "08:00"),
    limits: {
      userBurst: e.USER_RATE_BURST,
      userPerMinute: e.USER_RATE_PER_MINUTE,
      strangerPerMinute: e.STRANGER_REPLIES_PER_MINUTE,
      sendsPerSecond: e.TELEGRAM_SENDS_PER_SECOND,
      chatBurst: e.TELEGRAM_CHAT_BURST,
      backgroundPerSecond: Math.min(e.NOTIFY_SENDS_PER_SECOND, e.TELEGRAM_SENDS_PER_SECOND),
    },
    secrets: [e.BOT_TOKEN, apiKey, webhook?.secret].filter((s): s is string => typeof s === "string" && s.length > 0),
  };
}

/**
 * The webhook's secret token when WEBHOOK_SECRET is unset: derived from the bot token, so every
 * instance computes the same one, and it reveals nothing of the token.
 */
export function webhookSecretFor(botToken: string): string {
  return createHmac("sha256", botToken).update("fairway webhook secret").digest("base64url");
}

/** `HH:MM` → minutes after midnight. */
function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
}
