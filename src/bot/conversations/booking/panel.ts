import { GrammyError, InlineKeyboard, Keyboard } from "grammy";
import { isMessageGone, isNotModified } from "../../ui/telegram-errors.js";
import type { FlowContext } from "../../context.js";
import type { View } from "./views.js";

/**
 * The one message a booking edits in place. After the user types (the panel is no longer the last
 * message) or when the old message is gone, the next view is sent as a new panel and the old one
 * loses its keyboard, so no stale button stays pressable.
 */
export class Panel {
  messageId: number | undefined;
  /** A reply keyboard (contact sharing) is showing and must be removed. */
  replyKeyboard = false;

  constructor(readonly chatId: number) {}

  /** Shows `view`: edits the panel when `edit` is true and it exists, otherwise sends a new one. */
  async show(ctx: FlowContext, view: View, edit: boolean): Promise<void> {
    if (this.replyKeyboard && !view.contactButton) {
      await ctx.api.sendMessage(this.chatId, ctx.t("reply-keyboard-done"), { reply_markup: { remove_keyboard: true } });
      this.replyKeyboard = false;
      edit = false;
    }
    if (edit && this.messageId !== undefined) {
      try {
        await ctx.api.editMessageText(this.chatId, this.messageId, view.text, {
          parse_mode: "HTML",
          reply_markup: view.keyboard ?? new InlineKeyboard(),
          link_preview_options: { is_disabled: true },
        });
        return;
      } catch (error) {
        if (isNotModified(error)) return;
        if (!isMessageGone(error)) throw error;
      }
    }
    await this.retire(ctx);
    const sent = await ctx.api.sendMessage(this.chatId, view.text, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(view.keyboard ? { reply_markup: view.keyboard } : {}),
    });
    this.messageId = sent.message_id;
    if (view.contactButton) {
      const keyboard = new Keyboard().requestContact(ctx.t("btn-share-contact")).resized().oneTime();
      await ctx.api.sendMessage(this.chatId, ctx.t("mobile-share-prompt"), { reply_markup: keyboard });
      this.replyKeyboard = true;
    }
  }

  /** Removes the keyboard of the current panel (it stays as a record of what was shown). */
  async retire(ctx: FlowContext): Promise<void> {
    if (this.messageId === undefined) return;
    const id = this.messageId;
    this.messageId = undefined;
    try {
      await ctx.api.editMessageReplyMarkup(this.chatId, id, { reply_markup: new InlineKeyboard() });
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
    }
  }

  /** Replaces the panel's content with a final text and no buttons. */
  async close(ctx: FlowContext, text: string, edit: boolean): Promise<void> {
    await this.show(ctx, { text }, edit);
    this.messageId = undefined;
  }
}
