/**
 * What Telegram's clients do when a user opens a Mini App: sign an `initData` for that user with the
 * bot's token (HMAC-SHA256, the secret being HMAC-SHA256 of the token keyed with "WebAppData"), so the
 * playground and the tests can open fairway's Mini App as any simulated user.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { User } from "grammy/types";

export interface WebAppDataInit {
  /** The bot token to sign with. */
  token: string;
  user: Pick<User, "id" | "first_name" | "last_name" | "username" | "language_code">;
  /** Epoch ms when the Mini App opened. */
  at: number;
  /** Default: a random one, as Telegram gives a Mini App opened from a menu or inline button. */
  queryId?: string;
}

/** The initData query string Telegram would give the Mini App (`Telegram.WebApp.initData`). */
export function signWebAppData(init: WebAppDataInit): string {
  const params = new URLSearchParams();
  params.set("query_id", init.queryId ?? randomBytes(12).toString("base64url"));
  params.set("user", JSON.stringify(init.user));
  params.set("auth_date", String(Math.floor(init.at / 1000)));
  const check = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(init.token).digest();
  params.set("hash", createHmac("sha256", secret).update(check).digest("hex"));
  return params.toString();
}
