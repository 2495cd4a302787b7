import type { Message } from "grammy/types";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";

// No vitest import: the benchmark (test/bench/flood.ts) uses it outside vitest.

/** The callback data of a message's inline buttons, in order (none for no message or no keyboard). */
export function dataOf(message: Message | undefined): string[] {
  return (message?.reply_markup?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
}

/** The data of the buttons on the user's latest message that has any, its id and text. */
export function buttons(user: SimulatedUser): { data: string[]; messageId: number | undefined; text: string } {
  const m = [...user.messages()].reverse().find((x) => (x.reply_markup?.inline_keyboard.flat().length ?? 0) > 0);
  return {
    data: dataOf(m),
    messageId: m?.message_id,
    text: m?.text ?? "",
  };
}
