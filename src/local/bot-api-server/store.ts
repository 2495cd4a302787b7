/**
 * In-memory state of the fake Telegram: chats, messages (per-chat increasing
 * ids shared by user and bot messages, as in private chats), files, callback
 * queries, commands and recorded calls.
 */
import type { Chat, InlineKeyboardMarkup, Message, MessageEntity, ReplyKeyboardMarkup, User } from "grammy/types";

/** A file the bot uploaded or referenced. Uploaded bytes are kept in `data`. */
export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  file_name?: string;
  mime_type?: string;
  /** Content-Type declared on the multipart part. */
  content_type?: string;
  file_size: number;
  data?: Buffer;
  /** Set when the bot sent an HTTP URL instead of uploading. */
  url?: string;
  /** What the file was sent as: Telegram refuses a document's file_id as a photo. */
  kind?: "photo" | "document";
}

/** A message as stored: the Telegram object plus what Telegram does not echo back. */
export interface StoredMessage {
  message: Message;
  /** The HTML source of the text or caption, when parse_mode was HTML. */
  html?: string;
  /** The file behind a document/photo message. */
  file?: StoredFile;
  deleted: boolean;
  /** How often the bot edited it. */
  edits: number;
}

/** A message as tests and the playground see it: Telegram's shape plus `html`/`file`. */
export type ChatMessage = Message & { html?: string; file?: StoredFile; edits?: number };

/** One chat and its history. */
export interface ChatState {
  chat: Chat;
  /** The user behind a private chat. */
  user?: User;
  nextMessageId: number;
  messages: Map<number, StoredMessage>;
  blocked: boolean;
  /** The reply keyboard currently shown to the user (Telegram keeps it until removed). */
  replyKeyboard?: ReplyKeyboardMarkup;
  menuButton?: unknown;
}

/** A record of one Bot API call, successful or not. */
export interface CallRecord {
  /** Position in `server.calls`. */
  seq: number;
  method: string;
  /** Parameters after parsing (form strings converted back to numbers/objects). */
  params: Record<string, unknown>;
  /** Uploaded file parts by field name. */
  files: Record<string, { filename: string; contentType: string; data: Buffer }>;
  /** Clock time (ms) when the call arrived. */
  at: number;
  ok: boolean;
  result?: unknown;
  error?: { error_code: number; description: string; parameters?: Record<string, unknown> };
  /** Set when the call came as a webhook reply (the method in a webhook's 2xx answer), not as a request. */
  via?: "webhook-reply";
}

/** A callback query the server created for a button tap. */
export interface CallbackQueryRecord {
  id: string;
  from: User;
  chatId: number;
  messageId: number;
  data: string;
  /** Clock time (ms) of the tap. */
  createdAt: number;
  answered: boolean;
  answer?: { text?: string; show_alert?: boolean; url?: string; cache_time?: number; at: number };
}

/** One result of an answered inline query, as stored (articles: the message they post, formatted). */
export interface InlineResultRecord {
  type: string;
  id: string;
  title?: string;
  description?: string;
  /** The raw result as the bot sent it. */
  raw: Record<string, unknown>;
  /** What choosing it posts: text and entities after parse_mode, the HTML source, the inline keyboard. */
  message?: { text: string; entities: MessageEntity[]; html?: string; reply_markup?: InlineKeyboardMarkup };
}

/** The bot's answerInlineQuery. */
export interface InlineAnswerRecord {
  results: InlineResultRecord[];
  next_offset?: string;
  is_personal?: boolean;
  cache_time?: number;
  button?: { text: string; start_parameter?: string; web_app?: unknown };
  at: number;
}

/** An inline query a simulated user typed. */
export interface InlineQueryRecord {
  id: string;
  from: User;
  query: string;
  offset: string;
  createdAt: number;
  answered: boolean;
  answer?: InlineAnswerRecord;
}

/** JSON deep copy, so callers never share objects with the store. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Builds the view of a stored message handed to tests. */
export function viewMessage(stored: StoredMessage): ChatMessage {
  const view: ChatMessage = clone(stored.message);
  if (stored.html !== undefined) view.html = stored.html;
  if (stored.file !== undefined) view.file = stored.file;
  if (stored.edits > 0) view.edits = stored.edits;
  return view;
}

/** The mutable state, shared by all method handlers. */
export class Store {
  readonly chats = new Map<number, ChatState>();
  readonly files = new Map<string, StoredFile>();
  readonly calls: CallRecord[] = [];
  readonly callbackQueries = new Map<string, CallbackQueryRecord>();
  readonly inlineQueries = new Map<string, InlineQueryRecord>();
  /** Commands by `scopeKey|language_code`. */
  readonly commands = new Map<string, unknown[]>();
  defaultMenuButton: unknown = { type: "default" };
  private fileCounter = 0;

  /** Finds a chat by id or `@username`. */
  findChat(id: number | string): ChatState | undefined {
    if (typeof id === "number") return this.chats.get(id);
    const username = id.replace(/^@/, "").toLowerCase();
    for (const state of this.chats.values()) {
      if ("username" in state.chat && state.chat.username?.toLowerCase() === username) return state;
    }
    return undefined;
  }

  /** Creates (or refreshes) the private chat with a user. */
  ensurePrivateChat(user: User): ChatState {
    const chat: Chat = {
      id: user.id,
      type: "private",
      first_name: user.first_name,
      ...(user.last_name !== undefined ? { last_name: user.last_name } : {}),
      ...(user.username !== undefined ? { username: user.username } : {}),
    };
    const existing = this.chats.get(user.id);
    if (existing !== undefined) {
      existing.chat = chat;
      existing.user = user;
      return existing;
    }
    const state: ChatState = { chat, user, nextMessageId: 1, messages: new Map(), blocked: false };
    this.chats.set(user.id, state);
    return state;
  }

  /** Registers a chat seen in an update pushed by a test (groups, channels). */
  ensureChat(chat: Chat): ChatState {
    const existing = this.chats.get(chat.id);
    if (existing !== undefined) return existing;
    const state: ChatState = { chat, nextMessageId: 1, messages: new Map(), blocked: false };
    this.chats.set(chat.id, state);
    return state;
  }

  /** Stores a new message in a chat, assigning the next message id. */
  addMessage(
    state: ChatState,
    build: (messageId: number) => Message,
    extra: Partial<StoredMessage> = {},
  ): StoredMessage {
    const id = state.nextMessageId++;
    const stored: StoredMessage = { message: build(id), deleted: false, edits: 0, ...extra };
    state.messages.set(id, stored);
    return stored;
  }

  /** Records an externally created message (e.g. pushed via `pushUpdate`) and bumps the id counter. */
  recordMessage(state: ChatState, message: Message): void {
    state.messages.set(message.message_id, { message, deleted: false, edits: 0 });
    state.nextMessageId = Math.max(state.nextMessageId, message.message_id + 1);
  }

  /** A live (not deleted) message. */
  liveMessage(state: ChatState, messageId: number): StoredMessage | undefined {
    const stored = state.messages.get(messageId);
    return stored === undefined || stored.deleted ? undefined : stored;
  }

  /** The live messages of a chat, in message_id order. */
  liveMessages(state: ChatState): StoredMessage[] {
    return [...state.messages.values()]
      .filter((m) => !m.deleted)
      .sort((a, b) => a.message.message_id - b.message.message_id);
  }

  /** Registers a file and gives it Telegram-like ids. */
  addFile(file: Omit<StoredFile, "file_id" | "file_unique_id">): StoredFile {
    const n = ++this.fileCounter;
    const stored: StoredFile = {
      file_id: `BQACAgIAAxkBAAI${n.toString(36).padStart(6, "0")}${Math.random().toString(36).slice(2, 12)}`,
      file_unique_id: `AgAD${n.toString(36).padStart(6, "0")}`,
      ...file,
    };
    this.files.set(stored.file_id, stored);
    return stored;
  }
}
