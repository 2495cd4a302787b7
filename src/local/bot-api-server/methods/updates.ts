/**
 * getUpdates and the webhook methods. Delivery itself lives in `webhook.ts`;
 * these validate the parameters the way Telegram does and switch modes.
 */
import type { MethodHandler, ServerSettings } from "../context.js";
import * as E from "../errors.js";
import { ApiError } from "../errors.js";
import type { Params } from "../params.js";

/** Telegram's default and maximum number of simultaneous webhook connections. */
const DEFAULT_MAX_CONNECTIONS = 40;
const MAX_CONNECTIONS = 100;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** getUpdates: long polling with offset / limit / timeout / allowed_updates. */
export const getUpdates: MethodHandler = (ctx, p, signal) =>
  ctx.updates.getUpdates(
    {
      offset: p.number("offset"),
      limit: p.number("limit"),
      timeout: p.number("timeout"),
      allowed_updates: p.raw("allowed_updates"),
    },
    signal,
  );

/**
 * setWebhook: validates, then starts delivery to `url` (an empty URL removes the
 * webhook, as in Telegram). A getUpdates held open ends with the webhook-active 409.
 */
export const setWebhook: MethodHandler = (ctx, p) => {
  const url = (p.string("url") ?? "").trim();
  if (url === "") {
    ctx.webhooks.remove();
    if (p.bool("drop_pending_updates")) ctx.updates.dropPending();
    return true;
  }
  if (!acceptableUrl(url, ctx.settings)) throw E.badRequest(E.BAD_WEBHOOK_URL);
  const secret = p.string("secret_token") ?? "";
  if (secret.length > 256) throw E.badRequest(E.SECRET_TOKEN_TOO_LONG);
  if (!/^[A-Za-z0-9_-]*$/.test(secret)) throw E.badRequest(E.SECRET_TOKEN_INVALID);
  // Out-of-range values are clamped rather than refused, as the telegram-bot-api server does.
  const maxConnections = Math.min(
    MAX_CONNECTIONS,
    Math.max(1, Math.trunc(p.number("max_connections") ?? DEFAULT_MAX_CONNECTIONS)),
  );
  // "If not specified, the previous setting will be used" (Bot API docs); [] means every type.
  const allowed = allowedUpdates(p) ?? ctx.updates.webhook?.allowed_updates;
  if (p.bool("drop_pending_updates")) ctx.updates.dropPending();
  ctx.updates.abortPoller(new ApiError(409, E.WEBHOOK_ACTIVE));
  ctx.webhooks.set({
    url,
    max_connections: maxConnections,
    ...(allowed !== undefined && allowed.length > 0 ? { allowed_updates: allowed } : {}),
    ...(secret !== "" ? { secret_token: secret } : {}),
  });
  return true;
};

/** deleteWebhook: delivery stops (requests in flight may finish), optionally dropping pending updates. */
export const deleteWebhook: MethodHandler = (ctx, p) => {
  ctx.webhooks.remove();
  if (p.bool("drop_pending_updates")) ctx.updates.dropPending();
  return true;
};

/** getWebhookInfo: the webhook, its backlog and its latest delivery error. */
export const getWebhookInfo: MethodHandler = (ctx) => {
  const hook = ctx.updates.webhook;
  if (hook === undefined)
    return { url: "", has_custom_certificate: false, pending_update_count: ctx.updates.backlogCount };
  const error = ctx.webhooks.lastError;
  return {
    url: hook.url,
    has_custom_certificate: false,
    pending_update_count: ctx.updates.backlogCount,
    ...(error !== undefined ? { last_error_date: error.date, last_error_message: error.message } : {}),
    max_connections: hook.max_connections,
    ...(hook.allowed_updates !== undefined ? { allowed_updates: hook.allowed_updates } : {}),
  };
};

/** HTTPS, or (with `allowHttpWebhooks`) plain HTTP to this machine. */
function acceptableUrl(url: string, settings: ServerSettings): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.hostname === "") return false;
  if (parsed.protocol === "https:") return true;
  return settings.allowHttpWebhooks && parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname.toLowerCase());
}

function allowedUpdates(p: Params): string[] | undefined {
  const raw = p.raw("allowed_updates");
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string") : undefined;
}
