import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import type { Logger } from "../logger.js";

export interface WebhookOptions {
  /** Handles one update (grammY's `bot.handleUpdate`). */
  handleUpdate: (update: Update) => Promise<unknown>;
  /** Expected in `X-Telegram-Bot-Api-Secret-Token`. */
  secret: string;
  logger: Logger;
  /** Telegram gets its 200 by then even if the update is still running. Default 8 s. */
  answerWithinMs?: number;
  /** Larger bodies are refused with 413. Default 1 MB. */
  maxBodyBytes?: number;
}

/**
 * The webhook endpoint. Why not grammY's `webhookCallback`: it reads bodies of any size and, when the
 * handler outlives its timeout, either errs (Telegram then delivers the update again, to an instance
 * that finds it still locked) or forgets it; this one caps the body, answers 200 in time while the
 * update goes on, and counts what is still running so a SIGTERM can wait for it.
 *
 * A redelivery (a crashed instance never answered) reaches any instance: the per-chat lock makes it
 * wait for a delivery still running elsewhere, and the processed-updates record then drops it.
 */
export function createWebhook(options: WebhookOptions) {
  const { logger } = options;
  const answerWithinMs = options.answerWithinMs ?? 8_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const expected = Buffer.from(options.secret);
  const running = new Set<Promise<void>>();
  let draining = false;

  function reply(res: ServerResponse, status: number, body: object): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }

  function secretMatches(req: IncomingMessage): boolean {
    const given = Buffer.from(String(req.headers["x-telegram-bot-api-secret-token"] ?? ""));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The body, or undefined once it passed the limit (the request is answered 413 by then). */
  async function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > maxBodyBytes) {
      reply(res, 413, { ok: false, error: "body too large" });
      req.resume();
      return undefined;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBodyBytes) {
        reply(res, 413, { ok: false, error: "body too large" });
        req.destroy();
        return undefined;
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return {
    /** The request handler to mount at the webhook's path. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      if (req.method !== "POST") return reply(res, 405, { ok: false, error: "POST only" });
      if (!secretMatches(req)) {
        req.resume();
        return reply(res, 401, { ok: false, error: "unauthorized" });
      }
      // Stopping: Telegram delivers it again, to an instance that is not.
      if (draining) {
        req.resume();
        return reply(res, 503, { ok: false, error: "shutting down" });
      }
      const body = await readBody(req, res);
      if (!body) return;
      let update: Update;
      try {
        update = JSON.parse(body.toString("utf8")) as Update;
      } catch {
        return reply(res, 400, { ok: false, error: "not JSON" });
      }
      if (typeof update !== "object" || update === null || !Number.isSafeInteger(update.update_id)) {
        return reply(res, 400, { ok: false, error: "not an update" });
      }
      const work = options
        .handleUpdate(update)
        .then(() => undefined)
        .catch((err: unknown) => logger.error({ err, updateId: update.update_id }, "webhook update failed"))
        .finally(() => running.delete(work));
      running.add(work);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), answerWithinMs)));
      const outcome = await Promise.race([work, late]);
      clearTimeout(timer);
      if (outcome === "late")
        logger.warn(
          { updateId: update.update_id },
          "update still running; Telegram answered so it does not deliver it again",
        );
      reply(res, 200, { ok: true });
    },
    /** Updates being handled now. */
    inFlight: () => running.size,
    /** Refuses new updates (503) and waits up to `timeoutMs` for those running; true if all finished. */
    async drain(timeoutMs = 10_000): Promise<boolean> {
      draining = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const done = await Promise.race([Promise.all([...running]).then(() => true), timeout]);
      clearTimeout(timer);
      return done;
    },
  };
}

export type Webhook = ReturnType<typeof createWebhook>;
