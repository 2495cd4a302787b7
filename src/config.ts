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
  /** Secret values to scrub from every log line and message. */
  secrets: string[];
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
