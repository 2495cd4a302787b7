import type { Context, MiddlewareFn, Transformer } from "grammy";

export interface BusyAnswersOptions {
  /** How long a send to this chat would wait now (the outgoing budget's estimate), ms. */
  expectedWaitMs: (chatKey: string) => number;
  /** A longer wait than this makes an empty tap answer say that fairway is busy. Default 2000 ms. */
  thresholdMs?: number;
}

/** The tap being handled: its chat and the busy notice in its user's language. */
interface Tap {
  chatKey: string;
  text: () => string;
}

/**
 * A tap never looks ignored: when the view it asked for cannot go out soon (Telegram's limits leave
 * the bot's budget or the chat's queued for longer than `thresholdMs`), its answer — otherwise empty,
 * which only stops the button's spinner — says that fairway is busy and the view is on its way
 * (answers to taps are not counted by Telegram's limits, so this one goes at once).
 *
 * `middleware` remembers the tap's chat and wording, by the callback query's id, until its update is
 * handled; `transformer` finds them by the id every `answerCallbackQuery` carries, so it works on every
 * client that answers taps: the bot's and, inside conversations, each context's (conversations install
 * none of the bot's). Not an AsyncLocalStorage: on Node 20 one in use hooks every promise of the
 * process (about 5 % of the bot's CPU in the bench's profile, docs/performance.md).
 */
export function createBusyAnswers(options: BusyAnswersOptions) {
  const thresholdMs = options.thresholdMs ?? 2_000;
  /** The taps being handled, by callback query id. */
  const taps = new Map<string, Tap>();
  const transformer: Transformer = (prev, method, payload, signal) => {
    if (method === "answerCallbackQuery" && !(payload as { text?: string }).text) {
      const tap = taps.get((payload as { callback_query_id: string }).callback_query_id);
      if (tap && options.expectedWaitMs(tap.chatKey) > thresholdMs) {
        return prev(method, { ...payload, text: tap.text() }, signal);
      }
    }
    return prev(method, payload, signal);
  };
  return {
    middleware<C extends Context & { t: (key: string) => string }>(): MiddlewareFn<C> {
      return async (ctx, next) => {
        const query = ctx.callbackQuery;
        const chatId = query ? ctx.chat?.id : undefined;
        if (!query || chatId === undefined) return next();
        taps.set(query.id, { chatKey: String(chatId), text: () => ctx.t("busy-toast") });
        try {
          await next();
        } finally {
          taps.delete(query.id);
        }
      };
    },
    transformer,
  };
}
