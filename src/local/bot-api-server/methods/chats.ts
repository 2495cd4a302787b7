/**
 * getMe and getChat.
 */
import type { MethodHandler } from "../context.js";
import { clone } from "../store.js";
import { findChat } from "./common.js";

/** getMe: the configured bot. */
export const getMe: MethodHandler = (ctx) => clone(ctx.settings.botInfo);

/** getChat: a basic ChatFullInfo for known chats. */
export const getChat: MethodHandler = (ctx, p) => {
  const state = findChat(ctx, p.chatId());
  return {
    ...clone(state.chat),
    accent_color_id: 0,
    max_reaction_count: 11,
    accepted_gift_types: {
      unlimited_gifts: false,
      limited_gifts: false,
      unique_gifts: false,
      premium_subscription: false,
      gifts_from_channels: false,
    },
  };
};
