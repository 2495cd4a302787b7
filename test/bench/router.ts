/**
 * What an agent sees of a chat: each bot message classified by its buttons' callback data (fairway's
 * `b:<nonce>:<action>[:<arg>]` shapes, which the baseline copies) and its title, and a router that
 * hands each message to the agent waiting in that chat (event-driven: the Bot API server's `message`
 * events, no polling).
 */
import type { InlineKeyboardButton } from "grammy/types";
import type { BotApiServer } from "../../src/local/bot-api-server/index.js";
import { flowTexts, type FlowTexts } from "./texts.js";

/** What a bot message shows, as far as an agent is concerned. */
export type Kind =
  | "courses"
  | "info"
  | "calendar"
  | "slots"
  | "players"
  | "name"
  | "email"
  | "mobile"
  | "held"
  | "confirmed"
  | "stuck"
  | "cancelled"
  | "other";

/** A bot message: its id, text, the callback data of its inline buttons, and what else it carries. */
export interface Panel {
  messageId: number;
  text: string;
  data: string[];
  /** `performance.now()` when the server recorded it. */
  at: number;
  /** It carries a document (the .ics). */
  document: boolean;
  /** It is fairway's "share my number" prompt (Telegram does not echo the reply keyboard it carries). */
  sharePrompt: boolean;
}

/** Whether a button of the message has callback data matching `re`. */
export const has = (p: Pick<Panel, "data">, re: RegExp) => p.data.some((d) => re.test(d));

/** The kind of a bot message: by its buttons first, then by its title (from locales/en.ftl). */
export function classify(p: Pick<Panel, "data" | "text">, t: FlowTexts = flowTexts()): Kind {
  if (has(p, /:ok$/)) return "held";
  if (has(p, /:retry$/)) return "stuck";
  if (has(p, /:c:\d+$/)) return "courses";
  if (has(p, /:go$/)) return "info";
  if (has(p, /:s:\d+$/)) return "slots";
  if (has(p, /:p:\d+$/)) return "players";
  if (has(p, /:d:\d{8}$/) || has(p, /:m:\d{6}$/)) return "calendar";
  const text = p.text;
  if (text.includes(t["confirmed-title"])) return "confirmed";
  if (text.includes(t["customer-title"]) || text.includes(t["name-title"])) return "name";
  if (text.includes(t["email-title"])) return "email";
  if (text.includes(t["mobile-title"])) return "mobile";
  if ([t["cancel-done"], t["cancel-released"], t["cancel-nothing"]].some((c) => text.includes(c))) return "cancelled";
  return "other";
}

interface Waiter {
  accept(panel: Panel): boolean;
  resolve(panel: Panel): void;
}

/** How many of a chat's latest bot messages the router remembers (for `trailing`). */
const RECENT = 8;

/**
 * Hands each bot message (sent or edited) to the agent of its chat that waits for one like it, and
 * remembers each chat's latest few, so a wait for a message that may already have come (the .ics
 * after the receipt) looks there first.
 */
export class ChatRouter {
  private readonly waiters = new Map<number, Waiter>();
  private readonly recent = new Map<number, Panel[]>();
  private readonly off: () => void;
  private readonly texts = flowTexts();

  constructor(server: BotApiServer) {
    this.off = server.on("message", (ev) => {
      if (ev.kind === "deleted" || ev.message.from?.is_bot !== true) return;
      const m = ev.message;
      const markup = m.reply_markup as { inline_keyboard?: InlineKeyboardButton[][] } | undefined;
      const panel: Panel = {
        messageId: m.message_id,
        text: m.text ?? m.caption ?? "",
        data: (markup?.inline_keyboard ?? [])
          .flat()
          .flatMap((b) => ("callback_data" in b && b.callback_data ? [b.callback_data] : [])),
        at: performance.now(),
        document: m.document !== undefined,
        sharePrompt: (m.text ?? "").includes(this.texts["mobile-share-prompt"]),
      };
      const list = this.recent.get(ev.chat_id) ?? [];
      list.push(panel);
      if (list.length > RECENT) list.shift();
      this.recent.set(ev.chat_id, list);
      const waiter = this.waiters.get(ev.chat_id);
      if (!waiter?.accept(panel)) return;
      this.waiters.delete(ev.chat_id);
      waiter.resolve(panel);
    });
  }

  private wait(
    chatId: number,
    accept: (p: Panel) => boolean,
    timeoutMs: number,
    what: string,
    action?: () => void,
  ): Promise<Panel> {
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<Panel>((resolve, reject) => {
      this.waiters.set(chatId, { accept, resolve });
      timer = setTimeout(() => {
        this.waiters.delete(chatId);
        reject(new Error(`chat ${chatId}: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      action?.();
    } catch (error) {
      clearTimeout(timer);
      this.waiters.delete(chatId);
      answer.catch(() => undefined);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return answer.finally(() => clearTimeout(timer));
  }

  /** Performs `action`, then resolves with the chat's first bot message of one of `kinds`; rejects after `timeoutMs`. */
  act(chatId: number, action: () => void, kinds: readonly Kind[], timeoutMs: number): Promise<Panel> {
    const set = new Set(kinds);
    return this.wait(chatId, (p) => set.has(classify(p, this.texts)), timeoutMs, kinds.join("/"), action);
  }

  /** Whether a bot message matching `accept` came at or after `since`, or comes within `timeoutMs`. */
  async trailing(chatId: number, since: number, accept: (p: Panel) => boolean, timeoutMs: number): Promise<boolean> {
    if ((this.recent.get(chatId) ?? []).some((p) => p.at >= since && accept(p))) return true;
    return this.wait(chatId, accept, timeoutMs, "trailing message").then(
      () => true,
      () => false,
    );
  }

  /** Stops listening. */
  close(): void {
    this.off();
  }
}
