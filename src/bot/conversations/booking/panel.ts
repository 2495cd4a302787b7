import { type Api, GrammyError, InlineKeyboard, Keyboard } from "grammy";
import { isMessageGone, isNotModified } from "../../ui/telegram-errors.js";
import type { View } from "./views.js";

/**
 * What the panel needs of a context: the Bot API and translation. The conversation's context, or,
 * inside an `external`, the outside context's `api` with the conversation's `t` (`index.ts`).
 */
export interface PanelContext {
  api: Pick<Api, "sendMessage" | "editMessageText" | "editMessageReplyMarkup">;
  t: (key: string) => string;
}

/** The panel's fields as plain JSON: kept between updates, and the result of the view's `external`. */
export interface PanelState {
  messageId?: number;
  tail?: number;
  replyKeyboard: boolean;
}

/**
 * The one message a booking edits in place: after a tap, and after text typed right under it (the
 * panel then stays just above the user's answer), so each step costs Telegram one call and no stale
 * button is left behind. A new panel is sent when there is none (a new flow, Resume, other messages
 * came in between: `index.ts` retires the old one) or Telegram no longer has it.
 */
export class Panel {
  messageId: number | undefined;
  /** The last message of the chat known to be the panel or the user's answers right under it. */
  tail: number | undefined;
  /** A reply keyboard (contact sharing) is showing and must be removed. */
  replyKeyboard = false;

  constructor(readonly chatId: number) {}

  state(): PanelState {
    return {
      ...(this.messageId !== undefined ? { messageId: this.messageId } : {}),
      ...(this.tail !== undefined ? { tail: this.tail } : {}),
      replyKeyboard: this.replyKeyboard,
    };
  }

  restore(state: PanelState): void {
    this.messageId = state.messageId;
    this.tail = state.tail;
    this.replyKeyboard = state.replyKeyboard;
  }

  /**
   * Shows `view`. A contact button needs a reply keyboard, which only a message of its own can carry;
   * the next view without buttons (the hold being placed) takes it away, else a short message does.
   */
  async show(ctx: PanelContext, view: View): Promise<void> {
    if (this.replyKeyboard && !view.contactButton) {
      this.replyKeyboard = false;
      if (!view.keyboard) {
        await this.retire(ctx);
        await this.send(ctx, view.text, { remove_keyboard: true });
        return;
      }
      await ctx.api.sendMessage(this.chatId, ctx.t("reply-keyboard-done"), { reply_markup: { remove_keyboard: true } });
    }
    if (!(await this.edit(ctx, view))) {
      await this.retire(ctx); // a panel Telegram says is gone may still be there: leave it no buttons
      await this.send(ctx, view.text, view.keyboard);
    }
    if (view.contactButton && !this.replyKeyboard) {
      const keyboard = new Keyboard().requestContact(ctx.t("btn-share-contact")).resized().oneTime();
      await ctx.api.sendMessage(this.chatId, ctx.t("mobile-share-prompt"), { reply_markup: keyboard });
      this.replyKeyboard = true;
    }
  }

  /** Edits the panel into `view`; false when there is no panel or Telegram no longer has it. */
  private async edit(ctx: PanelContext, view: View): Promise<boolean> {
    if (this.messageId === undefined) return false;
    try {
      await ctx.api.editMessageText(this.chatId, this.messageId, view.text, {
        parse_mode: "HTML",
        reply_markup: view.keyboard ?? new InlineKeyboard(),
        link_preview_options: { is_disabled: true },
      });
      return true;
    } catch (error) {
      if (isNotModified(error)) return true;
      if (!isMessageGone(error)) throw error;
      return false;
    }
  }

  private async send(
    ctx: PanelContext,
    text: string,
    markup: InlineKeyboard | { remove_keyboard: true } | undefined,
  ): Promise<void> {
    const sent = await ctx.api.sendMessage(this.chatId, text, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(markup ? { reply_markup: markup } : {}),
    });
    this.messageId = sent.message_id;
    this.tail = sent.message_id;
  }

  /**
   * The user typed message `id`: true when it sits right under the panel (only the user's earlier
   * answers in between), so the next view can be edited into the panel; otherwise the panel has
   * scrolled away under other messages and loses its buttons, and the next view comes as a new one.
   */
  async typedBelow(ctx: PanelContext, id: number): Promise<void> {
    if (this.messageId === undefined) return;
    if (this.tail !== undefined && id === this.tail + 1) {
      this.tail = id;
      return;
    }
    await this.retire(ctx);
  }

  /** Removes the keyboard of the current panel (it stays as a record of what was shown). */
  async retire(ctx: PanelContext): Promise<void> {
    if (this.messageId === undefined) return;
    const id = this.messageId;
    this.messageId = undefined;
    try {
      await ctx.api.editMessageReplyMarkup(this.chatId, id, { reply_markup: new InlineKeyboard() });
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
    }
  }

  /** Replaces the panel's content with a final text, and no buttons but `keyboard`'s (handled outside the flow). */
  async close(ctx: PanelContext, text: string, keyboard?: InlineKeyboard): Promise<void> {
    await this.show(ctx, keyboard ? { text, keyboard } : { text });
    this.messageId = undefined;
  }
}
