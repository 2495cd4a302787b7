/**
 * Simulated Telegram users: each handle owns a private chat with the bot and
 * produces the updates a real client would (messages, commands, contacts,
 * button taps), and reads the chat back as the user sees it.
 */
import type { Message, MessageEntity, ReplyKeyboardMarkup, User } from "grammy/types";
import type { ServerContext } from "./context.js";
import { keyboardButtonText } from "./keyboards.js";
import { mimeFor } from "./methods/media.js";
import { type ChatMessage, type ChatState, type StoredMessage, clone, viewMessage } from "./store.js";
import type { Deliver, NewUpdate } from "./updates.js";
import { describe, matchButton, type TapTarget } from "./tap-target.js";

export type { TapTarget } from "./tap-target.js";
import { chooseInlineResult, sendInlineQuery, startParameterOf } from "./inline-user.js";

/** Who the simulated user is. Missing names default to "User <id>". */
export interface SimulatedUserInit {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: true;
}

let queryCounter = 0;

/** What Telegram marks as a bot_command at the start of a text: it ends where a command cannot go on ("/start-x" is /start). */
export const COMMAND_ENTITY = /^\/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]+)?/;

/** A simulated user in a private chat with the bot. */
export class SimulatedUser {
  readonly user: User;
  private readonly state: ChatState;

  constructor(
    private readonly ctx: ServerContext,
    private readonly deliver: Deliver,
    init: SimulatedUserInit,
  ) {
    this.user = {
      id: init.id,
      is_bot: false,
      first_name: init.first_name ?? `User ${init.id}`,
      ...(init.last_name !== undefined ? { last_name: init.last_name } : {}),
      ...(init.username !== undefined ? { username: init.username } : {}),
      ...(init.language_code !== undefined ? { language_code: init.language_code } : {}),
      ...(init.is_premium !== undefined ? { is_premium: init.is_premium } : {}),
    };
    this.state = ctx.store.ensurePrivateChat(this.user);
  }

  /** The private chat id (equals the user id). */
  get chatId(): number {
    return this.user.id;
  }

  /** Whether the user has blocked the bot. */
  get blocked(): boolean {
    return this.state.blocked;
  }

  /** Sends a text message. `/command args` gets a bot_command entity. Sending unblocks the bot, as in Telegram. */
  send(text: string): Message {
    const command = COMMAND_ENTITY.exec(text);
    const entities: MessageEntity[] =
      command !== null ? [{ type: "bot_command", offset: 0, length: command[0].length }] : [];
    return this.post({ text, ...(entities.length > 0 ? { entities } : {}) });
  }

  /** Types `@bot <query>` in any chat: queues an inline_query (`offset` for the next page); returns its id. */
  inlineQuery(query: string, offset = ""): string {
    return sendInlineQuery(this.ctx, this.deliver, this.user, query, offset);
  }

  /** Picks result `resultId` of the answer to `queryId`: its message is posted into `chatId` via the bot. */
  chooseInlineResult(queryId: string, resultId: string, chatId: number): Message {
    return chooseInlineResult(this.ctx, this.deliver, this.user, queryId, resultId, chatId);
  }

  /** Opens a `https://t.me/<bot>?start=<parameter>` link (a URL button): Telegram sends `/start <parameter>`. */
  openLink(url: string): Message {
    return this.send(`/start ${startParameterOf(this.ctx, url)}`);
  }

  /** Shares the user's own contact (what a request_contact button sends). */
  shareContact(phoneNumber = "+66812345678"): Message {
    return this.post({
      contact: {
        phone_number: phoneNumber,
        first_name: this.user.first_name,
        ...(this.user.last_name !== undefined ? { last_name: this.user.last_name } : {}),
        user_id: this.user.id,
      },
    });
  }

  /**
   * Sends a photo (`data`: its bytes, JPEG as Telegram re-encodes every photo), with an optional caption.
   * The bot reads it back with getFile and the file download path, as from Telegram.
   */
  sendPhoto(data: Uint8Array, caption?: string): Message {
    const file = this.ctx.store.addFile({
      file_name: "photo.jpg",
      mime_type: "image/jpeg",
      file_size: data.length,
      data: Buffer.from(data),
      kind: "photo",
    });
    const size = { file_id: file.file_id, file_unique_id: file.file_unique_id, file_size: file.file_size };
    return this.post(
      {
        photo: [
          { ...size, width: 320, height: 320 },
          { ...size, width: 1280, height: 1280 },
        ],
        ...(caption !== undefined ? { caption } : {}),
      },
      { file },
    );
  }

  /**
   * Forwards a photo message (another user's, or one of the bot's): Telegram keeps its file, so the
   * photo's `file_id` and `file_unique_id` are the original's; the message says where it came from
   * (`forward_origin`, a user hiding their account).
   */
  forwardPhoto(original: Pick<Message, "photo" | "date">): Message {
    const largest = original.photo?.at(-1);
    const file = largest ? this.ctx.store.files.get(largest.file_id) : undefined;
    if (!original.photo || !file) throw new Error("forwardPhoto: not a photo message with a known file");
    return this.post(
      {
        photo: clone(original.photo),
        forward_origin: { type: "hidden_user", sender_user_name: "Someone", date: original.date },
      },
      { file },
    );
  }

  /**
   * Sends a file (📎 → File): its bytes as the user's device has them, not re-encoded as a photo is.
   * Its MIME type follows the name (`.png` → `image/png`), else `mimeType`.
   */
  sendDocument(data: Uint8Array, options: { fileName: string; mimeType?: string; caption?: string }): Message {
    const file = this.ctx.store.addFile({
      file_name: options.fileName,
      mime_type: mimeFor(options.fileName, options.mimeType),
      file_size: data.length,
      data: Buffer.from(data),
      kind: "document",
    });
    return this.post(
      {
        document: {
          file_id: file.file_id,
          file_unique_id: file.file_unique_id,
          file_name: options.fileName,
          mime_type: file.mime_type!,
          file_size: file.file_size,
        },
        ...(options.caption !== undefined ? { caption: options.caption } : {}),
      },
      { file },
    );
  }

  /** Shares a location (what a request_location button sends). Default: Bangkok. */
  shareLocation(latitude = 13.7563, longitude = 100.5018): Message {
    return this.post({ location: { latitude, longitude } });
  }

  /**
   * Taps an inline callback button: in the bot's last message with an inline
   * keyboard, or in the message given by `messageId` (old messages too).
   * Queues a callback_query update and returns the query id.
   */
  tap(target: TapTarget): string {
    const messageId = typeof target === "object" && !(target instanceof RegExp) ? target.messageId : undefined;
    const stored =
      messageId !== undefined ? this.ctx.store.liveMessage(this.state, messageId) : this.lastWithKeyboard();
    if (stored === undefined) {
      throw new Error(
        messageId !== undefined
          ? `tap: message ${messageId} does not exist in chat ${this.chatId}`
          : `tap: no bot message with an inline keyboard in chat ${this.chatId}`,
      );
    }
    const buttons = (stored.message.reply_markup?.inline_keyboard ?? []).flat();
    const button = buttons.find((b) => matchButton(b, target));
    if (button === undefined) {
      const shown = buttons.map((b) => `"${b.text}"${"callback_data" in b ? ` (${b.callback_data})` : ""}`).join(", ");
      throw new Error(
        `tap: no button matches ${describe(target)} in message ${stored.message.message_id}; buttons: ${shown || "none"}`,
      );
    }
    if (!("callback_data" in button))
      throw new Error(`tap: button "${button.text}" has no callback_data (it is not a callback button)`);
    this.state.blocked = false;
    return this.query(stored, button.callback_data);
  }

  /** Records and queues a callback query for `data` on `stored`; returns its id. */
  private query(stored: StoredMessage, data: string): string {
    const id = String(4_821_000_000_000_000_000n + BigInt(++queryCounter));
    this.ctx.store.callbackQueries.set(id, {
      id,
      from: clone(this.user),
      chatId: this.chatId,
      messageId: stored.message.message_id,
      data,
      createdAt: this.ctx.settings.clock(),
      answered: false,
    });
    this.deliver({
      callback_query: {
        id,
        from: clone(this.user),
        message: clone(stored.message),
        chat_instance: String(BigInt(this.chatId) * 7919n + 104729n),
        data,
      },
    });
    return id;
  }

  /**
   * Sends a callback query with any `data` on one of the bot's messages (default: its latest), whether
   * or not a button carries that data: what a modified client could send. Returns the query id.
   */
  forgeTap(data: string, messageId?: number): string {
    const stored =
      messageId !== undefined
        ? this.ctx.store.liveMessage(this.state, messageId)
        : this.live()
            .filter((m) => this.fromBot(m))
            .at(-1);
    if (stored === undefined) throw new Error(`forgeTap: no bot message to tap in chat ${this.chatId}`);
    return this.query(stored, data);
  }

  /** Taps a reply-keyboard button: sends its text, or the contact/location it requests. */
  tapReply(text: string): Message {
    const keyboard = this.state.replyKeyboard;
    if (keyboard === undefined) throw new Error(`tapReply: no reply keyboard is shown in chat ${this.chatId}`);
    const button = keyboard.keyboard.flat().find((b) => keyboardButtonText(b) === text);
    if (button === undefined) {
      const shown = keyboard.keyboard
        .flat()
        .map((b) => `"${keyboardButtonText(b)}"`)
        .join(", ");
      throw new Error(`tapReply: no reply button "${text}"; buttons: ${shown}`);
    }
    if (typeof button === "object" && "request_contact" in button && button.request_contact === true)
      return this.shareContact();
    if (typeof button === "object" && "request_location" in button && button.request_location === true)
      return this.shareLocation();
    return this.send(text);
  }

  /** The reply keyboard currently shown, if any. */
  replyKeyboard(): ReplyKeyboardMarkup | undefined {
    return this.state.replyKeyboard === undefined ? undefined : clone(this.state.replyKeyboard);
  }

  /** The bot's messages in this chat, in order, as they are now (edits applied, deleted ones gone). */
  messages(): ChatMessage[] {
    return this.live()
      .filter((m) => this.fromBot(m))
      .map(viewMessage);
  }

  /** The whole visible conversation, user and bot messages. */
  history(): ChatMessage[] {
    return this.live().map(viewMessage);
  }

  /** The bot's latest message, if any. */
  lastMessage(): ChatMessage | undefined {
    return this.messages().at(-1);
  }

  /** Blocks the bot: further sends to this user fail with 403. */
  block(): void {
    this.state.blocked = true;
  }

  /** Unblocks the bot. */
  unblock(): void {
    this.state.blocked = false;
  }

  private post(content: Partial<Message>, extra: Partial<StoredMessage> = {}): Message {
    this.state.blocked = false;
    const stored = this.ctx.store.addMessage(
      this.state,
      (id) => ({
        message_id: id,
        from: clone(this.user),
        chat: clone(this.state.chat),
        date: this.ctx.now(),
        ...content,
      }),
      extra,
    );
    this.ctx.events.emit("message", { kind: "sent", chat_id: this.chatId, message: viewMessage(stored) });
    this.deliver({ message: clone(stored.message) } as NewUpdate);
    return clone(stored.message);
  }

  private live(): StoredMessage[] {
    return this.ctx.store.liveMessages(this.state);
  }

  private fromBot(m: StoredMessage): boolean {
    return m.message.from?.id === this.ctx.botUser.id;
  }

  private lastWithKeyboard(): StoredMessage | undefined {
    return this.live()
      .filter((m) => this.fromBot(m) && m.message.reply_markup !== undefined)
      .at(-1);
  }
}
