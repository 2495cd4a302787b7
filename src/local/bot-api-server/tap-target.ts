/** How a simulated user names the inline button to tap. */
import type { InlineKeyboardButton } from "grammy/types";

/** How to pick an inline button: its text, a regexp on its text, a predicate, or its callback data. */
export type TapTarget =
  | string
  | RegExp
  | ((button: InlineKeyboardButton) => boolean)
  | { data: string; messageId?: number }
  | { text: string; messageId?: number };

/** Whether `button` is the one `target` names. */
export function matchButton(button: InlineKeyboardButton, target: TapTarget): boolean {
  if (typeof target === "string") return button.text === target;
  if (target instanceof RegExp) return target.test(button.text);
  if (typeof target === "function") return target(button);
  if ("data" in target) return "callback_data" in button && button.callback_data === target.data;
  return button.text === target.text;
}

/** `target` as an error message names it. */
export function describe(target: TapTarget): string {
  if (typeof target === "string") return `"${target}"`;
  if (target instanceof RegExp) return String(target);
  if (typeof target === "function") return "the predicate";
  return JSON.stringify(target);
}
