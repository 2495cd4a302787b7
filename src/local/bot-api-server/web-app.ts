/**
 * What Telegram's clients do when a user opens a Mini App: hand it an `initData` signed for that user
 * with the bot's token, in the shape a client sends since Bot API 8.0, so the playground and the tests
 * open fairway's Mini App as a real client would. The fields: `query_id`, `user` (JSON as Telegram's
 * servers write it, slashes escaped as `\/`, with `allows_write_to_pm`), `chat_instance`, `chat_type`,
 * `auth_date`, `signature` and `hash`. `hash` is the hex HMAC-SHA256 of every other field (`signature`
 * included), sorted by key and joined by "\n", keyed with HMAC-SHA256 of the token keyed with
 * "WebAppData".
 */
import { createHmac, randomBytes } from "node:crypto";
import type { User } from "grammy/types";

export interface WebAppDataInit {
  /** The bot token to sign with. */
  token: string;
  /** The user, as Telegram writes it; `allows_write_to_pm` defaults to true (the user started the bot). */
  user: Pick<User, "id" | "first_name" | "last_name" | "username" | "language_code" | "is_premium"> & {
    allows_write_to_pm?: boolean;
    photo_url?: string;
  };
  /** Epoch ms when the Mini App opened. */
  at: number;
  /** Default: a random one, as Telegram gives a Mini App opened from a menu or inline button. */
  queryId?: string;
  /** The chat it was opened from. Default: the user's private chat with the bot. */
  chatType?: "sender" | "private" | "group" | "supergroup" | "channel";
  /** `start_param`, as a direct link's `startapp` passes it. Default none. */
  startParam?: string;
}

/**
 * A chat's `chat_instance`: Telegram's global identifier of the chat the Mini App was opened from (a
 * signed 64-bit number); the same for every launch from one chat, as Telegram's is.
 */
function chatInstanceOf(token: string, userId: number): string {
  const digest = createHmac("sha256", token).update(`chat_instance:${userId}`).digest();
  return BigInt.asIntN(64, digest.readBigUInt64BE(0)).toString();
}

/** The initData query string a Telegram client gives the Mini App (`Telegram.WebApp.initData`). */
export function signWebAppData(init: WebAppDataInit): string {
  const params = new URLSearchParams();
  params.set("query_id", init.queryId ?? randomBytes(12).toString("base64url"));
  // Telegram's servers escape "/" in JSON; the hash covers the string as sent.
  params.set(
    "user",
    JSON.stringify({ ...init.user, allows_write_to_pm: init.user.allows_write_to_pm ?? true }).replaceAll("/", "\\/"),
  );
  params.set("chat_instance", chatInstanceOf(init.token, init.user.id));
  params.set("chat_type", init.chatType ?? "private");
  if (init.startParam !== undefined) params.set("start_param", init.startParam);
  params.set("auth_date", String(Math.floor(init.at / 1000)));
  // A stand-in for Telegram's Ed25519 signature for third parties (64 bytes, base64url: 86 characters).
  // Only Telegram holds the private key, so a third-party check of this one fails; fairway checks `hash`.
  params.set("signature", randomBytes(64).toString("base64url"));
  const check = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(init.token).digest();
  params.set("hash", createHmac("sha256", secret).update(check).digest("hex"));
  return params.toString();
}
