/**
 * getUpdates and the webhook settings (stored only; the server never POSTs to a webhook).
 */
import type { MethodHandler } from "../context.js";
import * as E from "../errors.js";

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

/** setWebhook: stores the URL; an empty URL removes the webhook. */
export const setWebhook: MethodHandler = (ctx, p) => {
  const url = p.string("url") ?? "";
  if (p.bool("drop_pending_updates")) ctx.updates.dropPending();
  if (url === "") {
    ctx.updates.webhook = undefined;
    return true;
  }
  if (!/^https:\/\/[^\s/]+/i.test(url)) throw E.badRequest(E.BAD_WEBHOOK_URL);
  const allowed = p.raw("allowed_updates");
  ctx.updates.webhook = {
    url,
    ...(p.number("max_connections") !== undefined ? { max_connections: p.number("max_connections") } : {}),
    ...(Array.isArray(allowed) ? { allowed_updates: allowed.filter((x): x is string => typeof x === "string") } : {}),
    ...(p.string("secret_token") !== undefined ? { secret_token: p.string("secret_token") } : {}),
  };
  return true;
};

/** deleteWebhook, optionally dropping pending updates. */
export const deleteWebhook: MethodHandler = (ctx, p) => {
  ctx.updates.webhook = undefined;
  if (p.bool("drop_pending_updates")) ctx.updates.dropPending();
  return true;
};

/** getWebhookInfo. */
export const getWebhookInfo: MethodHandler = (ctx) => {
  const hook = ctx.updates.webhook;
  return {
    url: hook?.url ?? "",
    has_custom_certificate: false,
    pending_update_count: ctx.updates.pendingCount,
    ...(hook?.max_connections !== undefined ? { max_connections: hook.max_connections } : {}),
    ...(hook?.allowed_updates !== undefined ? { allowed_updates: hook.allowed_updates } : {}),
  };
};
