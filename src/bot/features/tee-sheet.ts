/**
 * The tee sheet's side in the chat (docs/features.md, "Tee sheet"): the "🗓 Tee sheet" button that opens the Mini App
 * (src/mini-app/), the chat's menu button for agents and admins, and the hand-over: a tee time tapped
 * on the sheet becomes the booking flow at the golfer step in the user's chat, entered through the
 * bot's own update pipeline (roles, the access gate, the chat's lock, the guards that end a booking
 * in progress) exactly as `/find`'s tap enters it. One money path: the hold, confirm and receipt are
 * the chat's.
 *
 * The hand-over is an update fairway gives itself: `/start ts_<token>` from the user, in their
 * private chat, with a negative update id (Telegram's are positive, so it never meets one in the
 * dedupe record). The token is random, single-use, bound to the user and lives a minute, and
 * resolves only in the process that made it (the one that handles the update): typed by hand it
 * finds nothing.
 */
import { randomBytes, randomInt } from "node:crypto";
import { Composer, type InlineKeyboard } from "grammy";
import type { Update, User } from "grammy/types";
import { BOOKING_CONVERSATION, type BookingArgs } from "../conversations/booking/entry.js";
import type { BotContext } from "../context.js";
import { releaseActiveHold } from "./booking.js";
import { teeSheetUrl } from "../../mini-app/url.js";

const START_PREFIX = "ts_";
const PICK_TTL_MS = 60_000;

/** Adds a "🗓 Tee sheet" button (on its own row) to a keyboard, for members, when the Mini App is served. */
export function withTeeSheetButton(ctx: BotContext, keyboard: InlineKeyboard): InlineKeyboard {
  const url = teeSheetUrl(ctx.deps.config.miniAppUrl);
  if (!url || ctx.who.role === "stranger" || ctx.chat?.type !== "private") return keyboard;
  return keyboard.row().webApp(ctx.t("tee-sheet-button"), url).row();
}

/** Picks waiting for their hand-over update, in this process. */
export function createTeeSheetPicks(now: () => number) {
  const picks = new Map<string, { userId: number; args: BookingArgs; until: number }>();
  return {
    /** Keeps a pick for its user; returns the token of its `/start`. */
    put(userId: number, args: BookingArgs): string {
      for (const [token, pick] of picks) if (pick.until <= now()) picks.delete(token);
      const token = randomBytes(16).toString("base64url");
      picks.set(token, { userId, args, until: now() + PICK_TTL_MS });
      return token;
    },
    /** The pick of this token, once, if it is this user's and still fresh. */
    take(userId: number, token: string): BookingArgs | undefined {
      const pick = picks.get(token);
      if (!pick || pick.userId !== userId) return undefined;
      picks.delete(token);
      return pick.until > now() ? pick.args : undefined;
    },
  };
}

export type TeeSheetPicks = ReturnType<typeof createTeeSheetPicks>;

/** The update that hands a pick over to the user's private chat. */
export function handOverUpdate(
  user: Pick<User, "id" | "first_name" | "last_name" | "username" | "language_code">,
  token: string,
  nowMs: number,
): Update {
  const text = `/start ${START_PREFIX}${token}`;
  const from: User = { is_bot: false, ...user };
  return {
    update_id: -randomInt(1, 2 ** 47),
    message: {
      message_id: 0,
      date: Math.floor(nowMs / 1000),
      chat: { id: user.id, type: "private", first_name: user.first_name },
      from,
      text,
      entities: [{ type: "bot_command", offset: 0, length: "/start".length }],
    },
  };
}

/**
 * Below the booking conversation (it enters it), above /start's own handler: a hand-over's
 * `/start ts_<token>` opens the booking on the picked tee time. The guards above have already ended
 * a booking in progress (and released its hold).
 */
export function createTeeSheetEntry(picks: TeeSheetPicks) {
  const entry = new Composer<BotContext>();
  entry.command("start", async (ctx, next) => {
    const match = ctx.match.trim();
    if (!match.startsWith(START_PREFIX) || ctx.from === undefined) return next();
    const args = picks.take(ctx.from.id, match.slice(START_PREFIX.length));
    if (!args) {
      await ctx.reply(ctx.t("tee-sheet-expired"));
      return;
    }
    if (await releaseActiveHold(ctx)) await ctx.reply(ctx.t("earlier-hold-released"));
    await ctx.conversation.enter(BOOKING_CONVERSATION, args);
  });
  return entry;
}

/**
 * The chat's menu button opens the tee sheet for agents and admins: set once per chat (remembered in
 * the key-value store, so a restart sends nothing again), on their first update.
 */
export function createTeeSheetMenuButton() {
  const done = new Set<number>();
  const feature = new Composer<BotContext>();
  feature.use(async (ctx, next) => {
    const url = teeSheetUrl(ctx.deps.config.miniAppUrl);
    const chatId = ctx.chat?.id;
    if (!url || chatId === undefined || ctx.chat?.type !== "private" || done.has(chatId)) return next();
    if (ctx.who.role !== "agent" && ctx.who.role !== "admin") return next();
    const key = `tee-sheet-menu:${chatId}`;
    const remembered = await ctx.deps.storage.kv.get(key);
    if (remembered !== url) {
      await ctx.api
        .setChatMenuButton({
          chat_id: chatId,
          menu_button: { type: "web_app", text: ctx.t("tee-sheet-menu"), web_app: { url } },
        })
        .then(() => ctx.deps.storage.kv.set(key, url))
        .catch((err: unknown) => ctx.deps.logger.warn({ err, chatId }, "tee sheet menu button not set"));
    }
    done.add(chatId);
    return next();
  });
  return feature;
}
