import { randomUUID } from "node:crypto";
import { GrammyError, HttpError, InputFile, type Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Kysely } from "kysely";
import * as v from "valibot";
import type { Logger } from "../logger.js";
import type { Database } from "../storage/schema.js";
import { htmlToPlain } from "./format/html.js";
import { isEntityParseError } from "./ui/telegram-errors.js";

/** A message fairway sends on its own, as queued (see `OutgoingMessage` in notifications.ts). */
const QueuedMessage = v.object({
  chatId: v.number(),
  text: v.string(),
  replyMarkup: v.optional(v.object({ inline_keyboard: v.array(v.array(v.looseObject({ text: v.string() }))) })),
  document: v.optional(
    v.object({ filename: v.string(), content: v.string(), encoding: v.optional(v.picklist(["utf8", "base64"])) }),
  ),
  photo: v.optional(v.object({ filename: v.string(), base64: v.string() })),
  voucher: v.optional(
    v.object({
      of: v.union([v.object({ bookingId: v.string() }), v.object({ groupId: v.string() })]),
      locale: v.string(),
      defaultContact: v.string(),
    }),
  ),
  what: v.string(),
});
type QueuedMessage = v.InferOutput<typeof QueuedMessage>;

/** An e-voucher the drain draws when the row's turn comes (`OutboxMessage.voucher`). */
export type VoucherOrder = NonNullable<QueuedMessage["voucher"]>;

/** A file sent as a document: `content` is UTF-8 text, or with `encoding: "base64"` the file's bytes. */
export type OutboxDocument = NonNullable<QueuedMessage["document"]>;

/** A PDF (a receipt, a tax invoice, a credit note) as the outbox carries it: its bytes in base64. */
export function pdfDocument(pdf: { filename: string; pdf: Buffer }): OutboxDocument {
  return { filename: pdf.filename, content: pdf.pdf.toString("base64"), encoding: "base64" };
}

/** What `enqueue` takes: notifications.ts's `OutgoingMessage`. */
export interface OutboxMessage {
  chatId: number;
  text: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** A file attached, `text` its caption: UTF-8 text (a CSV, a calendar file), or bytes in base64 (a PDF). */
  document?: OutboxDocument;
  /** An image (a PNG, base64): sent as a photo, `text` its caption. */
  photo?: { filename: string; base64: string };
  /**
   * An e-voucher to draw before the send: the drain has it drawn (`drawVoucher`), keeps the PNG in memory
   * and sends it as the row's photo on a later pass. Queuing one costs the caller a row, not a drawing.
   */
  voucher?: VoucherOrder;
  what: string;
}

export interface OutboxOptions {
  db: Kysely<Database>;
  /**
   * A Bot API client for the sends (no auto-retry: the drain handles 429 itself), paced as background
   * sends (the outgoing budget's `backgroundFetch` as its `fetch`).
   */
  api: Api;
  logger: Logger;
  /** The world clock, for `created_at`. */
  now: () => number;
  /** Background sends per second at most (a share of the bot's overall budget). */
  perSecond: number;
  /** Between looks at the table for rows queued by other instances, ms. Default 1000. */
  pollMs?: number;
  /** Attempts after a network error or a 5xx before a message is given up. Default 5. */
  maxAttempts?: number;
  /** One message given up or sent, for metrics. */
  onResult?: (what: string, outcome: "sent" | "blocked" | "refused" | "failed") => void;
  /**
   * Draws an e-voucher a row asks for (`OutboxMessage.voucher`): its PNG. Throws when it cannot (a font
   * missing, the booking gone): the row is dropped and logged, the receipt it follows stands alone.
   * Absent: such rows are dropped.
   */
  drawVoucher?: (order: VoucherOrder) => Promise<{ filename: string; base64: string }>;
  /** Drawings in progress at once at most (default 2: the renderer draws one at a time anyway). */
  maxDrawings?: number;
}

const CLAIM_MS = 60_000;
/** E-vouchers drawn and waiting for their send at most (a backlog beyond is drawn again when its turn comes). */
const MAX_DRAWN = 200;

/**
 * The durable queue of background sends. Any instance `enqueue`s (one row); only the leader drains
 * (`start` on election, `stop` when deposed): one sender across instances, so the pace below is the
 * bot's. The drain takes rows in order, at most `perSecond`, skips a chat sent to less than a second
 * ago (its next row waits, other chats go on), claims each row with a conditional update (a row a dead
 * leader had claimed is free again after a minute: at-least-once, so a crash between the send and the
 * delete may repeat one message) and deletes it once sent. A 429 pauses the whole drain for
 * `retry_after`, then the row is tried again; a message refused for its HTML is sent again as plain
 * text (and logged as an error); a blocked user (403) or a message refused otherwise (400) is logged and
 * dropped; a network error or a 5xx is retried with a back-off, `maxAttempts` times.
 *
 * A row that asks for an e-voucher (`voucher`) is drawn first, off the drain's loop: the drain claims
 * it, starts the drawing and goes on with other rows; the PNG is kept in the leader's memory, the row is
 * free again and sent with it on a later pass (a new leader draws it again). So the update that queued it
 * (a receipt) never waits for a drawing, and the drawing runs at the background sends' pace, on the leader.
 */
export function createOutbox(options: OutboxOptions) {
  const { db, api, logger } = options;
  const pollMs = options.pollMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const gapMs = 1000 / options.perSecond;
  const lastSentToChat = new Map<number, number>();
  let counter = 0;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let working = false;
  /** A row was enqueued here since the drain last looked: a pass that began before it must not nap. */
  let enqueued = false;
  let pausedUntil = 0;
  let lastSendAt = 0;
  const maxDrawings = options.maxDrawings ?? 2;
  /** Drawings in progress, by row id. */
  const drawings = new Map<string, Promise<void>>();
  /**
   * E-vouchers drawn here and not yet sent, by row id: the PNG stays in this leader's memory, not in the row
   * (writing 110 KB of base64 into the row and reading it back cost more than the drawing's encoding). A
   * leader that dies meanwhile leaves the row's order: the next one draws it again.
   */
  const drawn = new Map<string, { filename: string; base64: string }>();
  /** Rows known to wait for a drawing while `maxDrawings` are in progress: not claimed again until one ends. */
  const waitingToDraw = new Set<string>();

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  /** Sends a row's message as HTML, or (`plain`) its text as a reader sees it, without `parse_mode`. */
  async function sendRow(message: QueuedMessage, plain = false): Promise<void> {
    const text = plain ? htmlToPlain(message.text) : message.text;
    const other = {
      ...(plain ? {} : { parse_mode: "HTML" as const }),
      ...(message.replyMarkup ? { reply_markup: message.replyMarkup as never } : {}),
    };
    if (message.photo) {
      const file = new InputFile(Buffer.from(message.photo.base64, "base64"), message.photo.filename);
      await api.sendPhoto(message.chatId, file, { ...other, caption: text });
    } else if (message.document) {
      const { content, encoding, filename } = message.document;
      const file = new InputFile(Buffer.from(content, encoding ?? "utf8"), filename);
      await api.sendDocument(message.chatId, file, { ...other, caption: text });
    } else {
      await api.sendMessage(message.chatId, text, other);
    }
  }

  /**
   * Sends a row's message; one Telegram refuses for its HTML (a name nobody escaped) is sent again as
   * plain text, so the reader still gets it, and logged as the bug it is (its `what`, never its text).
   */
  async function sendOrPlain(message: QueuedMessage, log: Logger): Promise<void> {
    try {
      await sendRow(message);
    } catch (error) {
      if (!isEntityParseError(error)) throw error;
      log.error({ description: error.description }, "Telegram refused a notification's HTML; sent again as plain text");
      await sendRow(message, true);
    }
  }

  /** A claimed row's message; an unreadable one is dropped (undefined). */
  async function readRow(row: { id: string; chat_id: number; what: string }, payload: string) {
    const parsed = v.safeParse(QueuedMessage, safeJson(payload));
    if (parsed.success) return parsed.output;
    logger.error({ id: row.id, chatId: row.chat_id, what: row.what }, "outbox row unreadable; dropped");
    await db.deleteFrom("outbox").where("id", "=", row.id).execute();
    return undefined;
  }

  /**
   * Has a claimed row's e-voucher drawn, without waiting: the PNG becomes the row's photo and the row is
   * free for the next pass. Past `maxDrawings` in progress the row is left for a moment later.
   */
  async function startDrawing(row: { id: string; chat_id: number; what: string }, message: QueuedMessage) {
    const order = message.voucher!;
    const log = logger.child({ chatId: row.chat_id, what: row.what });
    if (drawings.size >= maxDrawings) {
      waitingToDraw.add(row.id);
      await db.updateTable("outbox").set({ claimed_until: 0 }).where("id", "=", row.id).execute();
      return;
    }
    waitingToDraw.delete(row.id);
    const drawing = (async () => {
      try {
        if (!options.drawVoucher) throw new Error("no e-voucher renderer");
        const photo = await options.drawVoucher(order);
        if (drawn.size >= MAX_DRAWN) drawn.clear();
        drawn.set(row.id, photo);
        await db.updateTable("outbox").set({ claimed_until: 0 }).where("id", "=", row.id).execute();
      } catch (error) {
        log.error({ err: error, ...order.of }, "e-voucher not drawn; the receipt stands without it");
        await db
          .deleteFrom("outbox")
          .where("id", "=", row.id)
          .execute()
          .catch((err: unknown) => log.warn({ err }, "outbox row of an undrawn e-voucher not deleted"));
        options.onResult?.(row.what, "failed");
      } finally {
        drawings.delete(row.id);
        wake?.();
      }
    })();
    drawings.set(row.id, drawing);
  }

  /** Sends one claimed row; a 429 sets `pausedUntil`. */
  async function deliverRow(
    row: { id: string; attempts: number; chat_id: number; what: string },
    message: QueuedMessage,
  ): Promise<void> {
    const log = logger.child({ chatId: row.chat_id, what: row.what });
    try {
      await sendOrPlain(message, log);
      drawn.delete(row.id);
      await db.deleteFrom("outbox").where("id", "=", row.id).execute();
      options.onResult?.(row.what, "sent");
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 429) {
        const seconds = error.parameters.retry_after ?? 1;
        log.info({ retryAfter: seconds }, "Telegram asked to slow down (429): background sends paused");
        pausedUntil = performance.now() + seconds * 1000;
        await db.updateTable("outbox").set({ claimed_until: 0 }).where("id", "=", row.id).execute();
        return;
      }
      if (error instanceof GrammyError && (error.error_code === 403 || error.error_code === 400)) {
        log.info(
          { description: error.description },
          error.error_code === 403
            ? "notification not delivered: the user blocked the bot; dropped"
            : "notification not delivered: refused by Telegram; dropped",
        );
        drawn.delete(row.id);
        await db.deleteFrom("outbox").where("id", "=", row.id).execute();
        options.onResult?.(row.what, error.error_code === 403 ? "blocked" : "refused");
        return;
      }
      const attempts = row.attempts + 1;
      const detail = error instanceof GrammyError || error instanceof HttpError ? error.message : String(error);
      if (attempts >= maxAttempts) {
        log.warn({ attempts, detail }, "notification not delivered; given up");
        drawn.delete(row.id);
        await db.deleteFrom("outbox").where("id", "=", row.id).execute();
        options.onResult?.(row.what, "failed");
        return;
      }
      log.warn({ attempts, detail }, "notification not delivered; will retry");
      const backoff = Math.min(30_000, 1000 * 2 ** attempts);
      await db
        .updateTable("outbox")
        .set({ attempts, claimed_until: Date.now() + backoff })
        .where("id", "=", row.id)
        .execute();
    }
  }

  /**
   * One pass over the rows due: sends what may go now. Returns how long the drain may nap before the
   * next pass: 0 when there is nothing due at all (the drain then naps `pollMs`), else the shortest of
   * the pace's gap after a send or a claim lost to another instance, and the time until the first chat
   * held back by its one-a-second becomes free: a chat with a backlog is not looked at every few
   * milliseconds, each look reading its rows again.
   */
  async function drainOnce(): Promise<number> {
    const now = Date.now();
    // The window without the messages themselves: a photo's payload is ~120 KB, and reading a thousand
    // of them every pass stalled the bot (the payload is read once a row is claimed).
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "attempts", "chat_id", "what", "claimed_until"])
      .where("claimed_until", "<=", now)
      .orderBy("seq")
      // A window wide enough that chats waiting for their second do not hide the others behind them.
      .limit(1000)
      .execute();
    if (rows.length === 0) return 0;
    let soon = false;
    let chatFreeIn = Infinity;
    const seen = new Set<number>();
    for (const row of rows) {
      if (!running) break;
      const chatId = Number(row.chat_id);
      // One chat's rows go in order, at most one a second; a chat that must wait holds up no other.
      if (seen.has(chatId)) continue;
      seen.add(chatId);
      const sinceChat = performance.now() - (lastSentToChat.get(chatId) ?? -Infinity);
      if (sinceChat < 1000) {
        chatFreeIn = Math.min(chatFreeIn, 1000 - sinceChat);
        continue;
      }
      // Its drawing waits for one in progress, whose end wakes the drain: nothing to claim or read until then.
      if (waitingToDraw.has(row.id) && drawings.size >= maxDrawings) continue;
      if (waitingToDraw.size > 10_000) waitingToDraw.clear();
      const pause = Math.max(pausedUntil - performance.now(), lastSendAt + gapMs - performance.now());
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
      // Claimed and read in one statement (`returning`: SQLite 3.35+, PostgreSQL): none when another took it.
      const stored = await db
        .updateTable("outbox")
        .set({ claimed_until: Date.now() + CLAIM_MS })
        .where("id", "=", row.id)
        .where("claimed_until", "=", row.claimed_until)
        .returning("payload")
        .executeTakeFirst();
      if (!stored) {
        soon = true;
        continue;
      }
      const claimedRow = { ...row, chat_id: chatId, attempts: Number(row.attempts) };
      let message = await readRow(claimedRow, stored.payload);
      if (!message) continue;
      const photo = message.voucher && !message.photo ? drawn.get(row.id) : undefined;
      if (photo) {
        const { voucher: _drawn, ...rest } = message;
        message = { ...rest, photo };
      }
      if (message.voucher && !message.photo) {
        // Drawn meanwhile (its end wakes the drain), or left for 200 ms past the drawings' limit.
        await startDrawing(claimedRow, message);
        chatFreeIn = Math.min(chatFreeIn, 200);
        continue;
      }
      lastSendAt = performance.now();
      lastSentToChat.set(chatId, lastSendAt);
      await deliverRow(claimedRow, message);
      soon = true;
      if (pausedUntil > performance.now()) break;
    }
    if (lastSentToChat.size > 10_000) lastSentToChat.clear();
    const after = soon ? 20 : Math.min(chatFreeIn, pollMs);
    return Math.max(after, pausedUntil - performance.now(), 1);
  }

  async function drain(): Promise<void> {
    while (running) {
      working = true;
      enqueued = false;
      let napMs = 0;
      try {
        napMs = await drainOnce();
      } catch (err) {
        logger.warn({ err }, "outbox drain failed; trying again");
      }
      if (!running) break;
      if (napMs === 0 && !enqueued) {
        working = false;
        await nap(pollMs);
      } else {
        // Rows wait only for their chat's second, the pace or a drawing: look again then (or when woken).
        await nap(enqueued ? 20 : Math.max(napMs, 20));
      }
    }
    working = false;
  }

  return {
    /**
     * Queues one message (any instance); the leader sends it. Resolves once it is stored; `within`: in the
     * caller's transaction, so the message is queued only if what it tells of is recorded with it.
     */
    async enqueue(message: OutboxMessage, within?: Kysely<Database>): Promise<void> {
      counter = (counter + 1) % 1000;
      await (within ?? db)
        .insertInto("outbox")
        .values({
          id: randomUUID(),
          seq: Date.now() * 1000 + counter,
          chat_id: message.chatId,
          what: message.what,
          payload: JSON.stringify(message),
          created_at: options.now(),
          attempts: 0,
          claimed_until: 0,
        })
        .execute();
      enqueued = true;
      wake?.();
    },
    /** Starts draining (the leader). */
    start(): void {
      if (running) return;
      running = true;
      loop = drain();
    },
    /** Stops draining, after the send and the drawings in progress. */
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
      await Promise.allSettled(drawings.values());
      drawn.clear();
      waitingToDraw.clear();
      loop = undefined;
    },
    /** Messages queued, every instance's (for the queue-depth gauge). */
    async depth(): Promise<number> {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /**
     * Whether this instance's drain is sending, drawing, has rows it is waiting to send, or (draining)
     * has a row enqueued here that it has not looked for yet.
     */
    busy: (): boolean => working || (running && enqueued) || drawings.size > 0,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
