import { expect } from "vitest";
import type { SimulatedUser } from "../../src/bot-api-server/index.js";
import { addDaysToDateKey, courseToday } from "../../src/bot/format/dates.js";
import type { Harness } from "./harness.js";

/** Taps the inline button (on the bot's latest keyboard) whose callback data matches `pattern`. */
export function tapData(user: SimulatedUser, pattern: RegExp): string {
  return user.tap((b) => "callback_data" in b && pattern.test(b.callback_data));
}

/** The latest bot message's text (plain) and its callback data. */
export function panel(user: SimulatedUser) {
  const last = user.lastMessage();
  const data = (last?.reply_markup?.inline_keyboard ?? []).flat().flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
  const labels = (last?.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
  return { text: last?.text ?? "", html: last?.html ?? "", data, labels, message: last };
}

export function tomorrow(): string {
  return addDaysToDateKey(courseToday(Date.now(), "Asia/Bangkok"), 1);
}

export interface BookingChoices {
  courseIndex?: number;
  date?: string;
  name?: string;
  email?: string;
  mobile?: string;
}

/** Drives /book through course, date, slot, players and details, up to the hold summary. */
export async function bookUntilHold(h: Harness, user: SimulatedUser, choices: BookingChoices = {}): Promise<void> {
  user.send("/book");
  await h.settle();
  tapData(user, new RegExp(`:c:${choices.courseIndex ?? 0}$`));
  await h.settle();
  tapData(user, /:go$/);
  await h.settle();
  const date = (choices.date ?? tomorrow()).replaceAll("-", "");
  tapData(user, new RegExp(`:d:${date}$`));
  await h.settle();
  expect(panel(user).data.some((d) => /:s:\d+$/.test(d)), `slots listed: ${panel(user).text}`).toBe(true);
  tapData(user, /:s:\d+$/);
  await h.settle();
  tapData(user, /:p:\d+$/);
  await h.settle();
  if (panel(user).data.some((d) => d.endsWith(":nc"))) {
    tapData(user, /:nc$/);
    await h.settle();
  }
  user.send(choices.name ?? "Somchai Jaidee");
  await h.settle();
  user.send(choices.email ?? "somchai@example.com");
  await h.settle();
  user.send(choices.mobile ?? "081-234-5678");
  await h.settle();
}

/** Telegram's rules over every call fairway made: limits, answered queries, no failures but "not modified". */
export function expectTelegramRules(h: Harness): void {
  for (const call of h.telegram.calls) {
    if (call.method === "getUpdates") continue;
    const text = (call.params.text ?? call.params.caption) as string | undefined;
    if (typeof text === "string") expect(text.length, `${call.method} text length`).toBeLessThanOrEqual(4096);
    const markup = call.params.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined;
    for (const row of markup?.inline_keyboard ?? []) {
      for (const b of row) if (b.callback_data !== undefined) expect(Buffer.byteLength(b.callback_data), b.callback_data).toBeLessThanOrEqual(64);
    }
    if (!call.ok) expect(call.error?.description ?? "", `${call.method} failed`).toMatch(/message is not modified/);
  }
  expect(h.telegram.unansweredCallbackQueries()).toEqual([]);
}
