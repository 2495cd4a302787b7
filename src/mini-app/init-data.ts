/**
 * Telegram Mini App `initData`: the signed query string Telegram hands the page, checked here as
 * Telegram's docs prescribe ("Validating data received via the Mini App"): the data-check-string is
 * every received field but `hash`, sorted by key, `key=value` joined by "\n", the values exactly as
 * received (the user's JSON with Telegram's escaped slashes, `\/`); the secret key is HMAC-SHA256 of
 * the bot token keyed with "WebAppData"; the hash is the hex HMAC-SHA256 of the data-check-string with
 * that key. `signature` (Bot API 8.0: Telegram's Ed25519 signature, for third parties who hold no bot
 * token) is one of the fields the hash covers; only the third-party check leaves out both `hash` and
 * `signature`, and fairway, holding the token, does not make it. `auth_date` (seconds) must be recent,
 * since a valid initData never expires by itself. Nothing in it is trusted before this check.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";

/** How long an initData stays good: a day (Telegram signs it when the Mini App opens). */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The fields fairway reads of `user`. `v.object` drops the others a client sends (`photo_url`,
 * `allows_write_to_pm`, `is_premium`, `added_to_attachment_menu`…), so a new one never refuses a user.
 */
const UserSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  first_name: v.optional(v.string(), ""),
  last_name: v.optional(v.string()),
  username: v.optional(v.string()),
  language_code: v.optional(v.string()),
});

/** The user who opened the Mini App, as Telegram signed it. */
export type InitDataUser = v.InferOutput<typeof UserSchema>;

export type InitDataCheck =
  | { ok: true; user: InitDataUser; authDate: number; queryId?: string }
  | { ok: false; reason: "missing" | "malformed" | "bad-hash" | "expired" | "from-the-future" | "no-user" };

export interface CheckInitDataOptions {
  botToken: string;
  /** Epoch ms. */
  now: number;
  /** Default {@link INIT_DATA_MAX_AGE_SECONDS}. */
  maxAgeSeconds?: number;
}

/** The data-check-string of a parsed initData: every field but `hash` (`signature` included), sorted by key. */
export function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
}

/** The hex hash Telegram puts in `hash` for these fields and this bot token. */
export function initDataHash(params: URLSearchParams, botToken: string): string {
  const secret = createHmac("sha256", "WebAppData").update(botToken).digest();
  return createHmac("sha256", secret).update(dataCheckString(params)).digest("hex");
}

/** Checks an initData string: signed for this bot, not older than the limit, with a user. */
export function checkInitData(raw: unknown, options: CheckInitDataOptions): InitDataCheck {
  if (typeof raw !== "string" || raw.length === 0) return { ok: false, reason: "missing" };
  if (raw.length > 8192) return { ok: false, reason: "malformed" };
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  if (hash === null || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(initDataHash(params, options.botToken), "hex");
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return { ok: false, reason: "bad-hash" };
  const authDate = Number(params.get("auth_date"));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: "malformed" };
  const nowSeconds = Math.floor(options.now / 1000);
  // A minute of clock skew between Telegram and fairway is tolerated.
  if (authDate > nowSeconds + 60) return { ok: false, reason: "from-the-future" };
  if (nowSeconds - authDate > (options.maxAgeSeconds ?? INIT_DATA_MAX_AGE_SECONDS))
    return { ok: false, reason: "expired" };
  let user: unknown;
  try {
    user = JSON.parse(params.get("user") ?? "null");
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = v.safeParse(UserSchema, user);
  if (!parsed.success) return { ok: false, reason: "no-user" };
  const queryId = params.get("query_id");
  return { ok: true, user: parsed.output, authDate, ...(queryId ? { queryId } : {}) };
}
