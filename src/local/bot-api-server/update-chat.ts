/**
 * Which chat an update belongs to. Webhook delivery orders updates per chat
 * (the next update of a chat waits for the previous one's 2xx), the way
 * Telegram keeps a conversation's updates in order while different chats are
 * delivered in parallel.
 */
import type { Update } from "grammy/types";

interface Payload {
  chat?: { id?: unknown };
  message?: { chat?: { id?: unknown } };
  from?: { id?: unknown };
  user?: { id?: unknown };
}

/**
 * The chat id of the update's payload: its `chat`, the chat of the message a
 * callback query came from, or else the user (`from`, `user`) — a private chat's
 * id is the user's id, so a user's messages and taps share one order.
 * Undefined for updates tied to neither (e.g. polls).
 */
export function updateChatId(update: Update): number | undefined {
  for (const [field, value] of Object.entries(update)) {
    if (field === "update_id" || typeof value !== "object" || value === null) continue;
    const payload = value as Payload;
    const id = payload.chat?.id ?? payload.message?.chat?.id ?? payload.from?.id ?? payload.user?.id;
    return typeof id === "number" ? id : undefined;
  }
  return undefined;
}

/** The ordering key: the chat id, or the update itself when it has no chat (no ordering needed). */
export function orderingKey(update: Update): string {
  const chatId = updateChatId(update);
  return chatId !== undefined ? `chat:${chatId}` : `update:${update.update_id}`;
}
