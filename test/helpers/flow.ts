import { expect } from "vitest";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { BookingRecord, MoveView } from "../../src/bookings/index.js";
import { addDaysToDateKey, courseToday } from "../../src/bot/format/dates.js";
import { wallClock } from "../../src/time/zoned.js";
import { dataOf } from "./buttons.js";
import type { Harness } from "./harness.js";

/** Taps the inline button (on the bot's latest keyboard) whose callback data matches `pattern`. */
export function tapData(user: SimulatedUser, pattern: RegExp): string {
  return user.tap((b) => "callback_data" in b && pattern.test(b.callback_data));
}

/**
 * Taps the button matching `pattern` once the bot's latest keyboard shows it: a set-up step that
 * waits for the view it needs, rather than for a quiet moment (on a loaded machine, `settle()` can
 * give up after its 15 s before the view is there).
 */
export async function tapWhenShown(user: SimulatedUser, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  // A plain loop, not `expect.poll`: concurrent tests may call this helper, and only their own
  // `expect` may poll.
  const deadline = performance.now() + timeoutMs;
  while (!panel(user).data.some((d) => pattern.test(d))) {
    if (performance.now() > deadline)
      throw new Error(`no button ${String(pattern)} after ${timeoutMs} ms; the panel shows: ${panel(user).text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return tapData(user, pattern);
}

/** The latest bot message's text (plain) and its callback data. */
export function panel(user: SimulatedUser) {
  const last = user.lastMessage();
  const data = dataOf(last);
  const labels = (last?.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
  return { text: last?.text ?? "", html: last?.html ?? "", data, labels, message: last };
}

/** The bot's latest message that still has an inline keyboard (the live panel), as `panel` shows it. */
export function keyboardPanel(user: SimulatedUser) {
  const message = [...user.messages()].reverse().find((m) => (m.reply_markup?.inline_keyboard.length ?? 0) > 0);
  const data = dataOf(message);
  return { text: message?.text ?? "", data, message };
}

/** The day after `now` in Bangkok (YYYY-MM-DD); `now` is the test world's clock, never the wall clock. */
export function tomorrow(now: number): string {
  return addDaysToDateKey(courseToday(now, "Asia/Bangkok"), 1);
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
  await tapWhenShown(user, new RegExp(`:c:${choices.courseIndex ?? 0}$`));
  await h.settle();
  await tapWhenShown(user, /:go$/);
  await h.settle();
  await pickDate(h, user, choices.date ?? tomorrow(h.clock()));
  await h.settle();
  expect(
    panel(user).data.some((d) => /:s:\d+$/.test(d)),
    `slots listed: ${panel(user).text}`,
  ).toBe(true);
  tapData(user, /:s:\d+$/);
  await h.settle();
  await tapWhenShown(user, /:p:\d+$/);
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
      for (const b of row)
        if (b.callback_data !== undefined)
          expect(Buffer.byteLength(b.callback_data), b.callback_data).toBeLessThanOrEqual(64);
    }
    if (!call.ok) expect(call.error?.description ?? "", `${call.method} failed`).toMatch(/message is not modified/);
  }
  expect(h.telegram.unansweredCallbackQueries()).toEqual([]);
}

/** The steps `bookUntil` can stop at, in the order a first-time user meets them. */
export const FLOW_STEPS = [
  "course",
  "course-info",
  "date",
  "slot",
  "players",
  "name",
  "email",
  "mobile",
  "held",
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/**
 * Drives /book up to (and showing) `step`, with the same choices as `bookUntilHold`; a first-time
 * user (no recent customers) is assumed.
 */
export async function bookUntil(
  h: Harness,
  user: SimulatedUser,
  step: FlowStep,
  choices: BookingChoices = {},
): Promise<void> {
  const stop = FLOW_STEPS.indexOf(step);
  const actions: (() => void)[] = [
    () => user.send("/book"),
    () => tapData(user, new RegExp(`:c:${choices.courseIndex ?? 0}$`)),
    () => tapData(user, /:go$/),
    () => undefined,
    () => tapData(user, /:s:\d+$/),
    () => tapData(user, /:p:\d+$/),
    () => user.send(choices.name ?? "Somchai Jaidee"),
    () => user.send(choices.email ?? "somchai@example.com"),
    () => user.send(choices.mobile ?? "081-234-5678"),
  ];
  for (const [i, act] of actions.slice(0, stop + 1).entries()) {
    if (i === FLOW_STEPS.indexOf("slot")) await pickDate(h, user, choices.date ?? tomorrow(h.clock()));
    else act();
    await h.settle();
  }
}

/** Taps `date` (YYYY-MM-DD) on the calendar, turning to its month first when needed. */
export async function pickDate(h: Harness, user: SimulatedUser, date: string): Promise<void> {
  const key = date.replaceAll("-", "");
  if (!panel(user).data.some((d) => d.endsWith(`:d:${key}`))) {
    tapData(user, new RegExp(`:m:${key.slice(0, 6)}$`));
    await h.settle();
  }
  tapData(user, new RegExp(`:d:${key}$`));
}

/** The bot's latest message that still has booking-flow buttons (`b:…`): the live panel, as `panel` shows it. */
export function livePanel(user: SimulatedUser) {
  const last = user
    .messages()
    .filter((m) =>
      (m.reply_markup?.inline_keyboard ?? [])
        .flat()
        .some((b) => "callback_data" in b && b.callback_data.startsWith("b:")),
    )
    .at(-1);
  const buttons = (last?.reply_markup?.inline_keyboard ?? []).flat();
  return {
    text: last?.text ?? "",
    html: last?.html ?? "",
    data: buttons.flatMap((b) => ("callback_data" in b ? [b.callback_data] : [])),
    labels: buttons.map((b) => b.text),
    message: last,
  };
}

/** The text fairway answered a callback query with (`undefined`: answered without text, or not answered). */
export function callbackAnswerText(h: Harness, queryId: string): string | undefined {
  return h.telegram.callbackAnswers.find((a) => a.queryId === queryId)?.text;
}

/** A raw partner API call to the sandbox, as another agency would make it (Basic auth, JSON). */
export async function partnerRequest(
  h: Harness,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${h.sandbox.url}/api/v1/ext${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(h.sandbox.apiKey).toString("base64")}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json };
}

/** A callback query with any data on one of the bot's messages: what a modified client could send. */
export function forgeTap(user: SimulatedUser, data: string, messageId?: number): string {
  return user.forgeTap(data, messageId);
}

/** Successful calls that changed what the user sees (sends, edits, deletions), for "nothing was sent or edited" checks. */
export function visibleCalls(h: Harness): number {
  return h.telegram.calls.filter((c) => c.ok && /^(send|edit|delete)/i.test(c.method)).length;
}

/** Creates a link as `agent` through /link with the given builder taps; returns the token. */
export async function createLink(h: Harness, agent: SimulatedUser, taps: RegExp[] = []): Promise<string> {
  agent.send("/link");
  await h.settle();
  for (const tap of taps) {
    tapData(agent, tap);
    await h.settle();
  }
  tapData(agent, /^lk:go:/);
  await h.settle();
  const match = /https:\/\/t\.me\/fairway_test_bot\?start=([A-Za-z0-9_-]+)/.exec(panel(agent).text);
  expect(match, panel(agent).text).not.toBeNull();
  return match![1]!;
}

/** Drives a customer from the course details (the course already chosen) through the hold to Confirm. */
export async function customerBooks(h: Harness, customer: SimulatedUser): Promise<void> {
  tapData(customer, /:go$/);
  await h.settle();
  await pickDate(h, customer, tomorrow(h.clock()));
  await h.settle();
  tapData(customer, /:s:\d+$/);
  await h.settle();
  tapData(customer, /:p:\d+$/);
  await h.settle();
  await customerConfirms(h, customer);
}

/** At the golfer step: the customer keeps their Telegram name and types an e-mail and a mobile. */
export async function customerDetails(h: Pick<Harness, "settle">, customer: SimulatedUser): Promise<void> {
  tapData(customer, /:keep$/); // the name from the Telegram profile
  await h.settle();
  customer.send("nok@example.com");
  await h.settle();
  customer.send("+66 89 123 4567");
  await h.settle();
}

/** From the golfer step: the customer's details (`customerDetails`), then Confirm. */
export async function customerConfirms(h: Harness, customer: SimulatedUser): Promise<void> {
  await customerDetails(h, customer);
  tapData(customer, /:ok$/);
  await h.settle();
}

/** A paid booking made through the bot by `user` for `name`; its ledger row. */
export async function paidBooking(
  h: Harness,
  user: SimulatedUser,
  name: string,
  choices: BookingChoices = {},
): Promise<BookingRecord> {
  await bookUntilHold(h, user, { name, ...choices });
  tapData(user, /:ok$/);
  await h.settle();
  const row = await h.app.storage.db
    .selectFrom("bookings")
    .selectAll()
    .where("customer_name", "=", name)
    .executeTakeFirst();
  expect(row?.state, `${name} paid`).toBe("PAID");
  return row!;
}

/** What a move needs of a booking to find it another tee time: its course, its own slot, its players. */
export interface MoveFrom {
  courseId: string;
  slotId: string;
  persons: number;
}

/**
 * An open tee time of `from`'s course on `date` (the course's), not its own slot nor one of `taken`,
 * taking its players (and one more, with `roomForMore`), starting after `after`; undefined when none.
 */
export function openTeeTimeFor(
  sandbox: Harness["sandbox"],
  from: MoveFrom,
  date: string,
  options: { after: number; taken?: ReadonlySet<string>; roomForMore?: boolean },
): { id: string; startMs: number } | undefined {
  return sandbox
    .slots(from.courseId, date)
    .find(
      (s) =>
        s.status === "OPEN" &&
        s.persons === 0 &&
        s.id !== from.slotId &&
        !options.taken?.has(s.id) &&
        s.minPerson <= from.persons &&
        s.maxPerson >= from.persons + (options.roomForMore ? 1 : 0) &&
        s.startMs > options.after,
    );
}

/** `YYYY-MM-DD` and `HH:MM` of `ms` in `timeZone`. */
export function dateAndTime(ms: number, timeZone: string): { date: string; time: string } {
  const at = wallClock(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { date: `${at.year}-${pad(at.month)}-${pad(at.day)}`, time: `${pad(at.hour)}:${pad(at.minute)}` };
}

/** Another open tee time of the booking's course on its date, as `/move` takes it. */
export function otherTeeTime(x: Harness, b: BookingRecord): { date: string; time: string } {
  const { date } = dateAndTime(b.slot_starts_at, b.time_zone);
  const slot = openTeeTimeFor(x.sandbox, { courseId: b.course_id, slotId: b.slot_id, persons: b.persons }, date, {
    after: x.clock(),
  });
  if (!slot) throw new Error("no other open tee time");
  return { date, time: dateAndTime(slot.startMs, b.time_zone).time };
}

/** `admin` moves `old` to `to` with /move and approves it at once: the move as it then stands. */
export async function moveAndApprove(
  h: Harness,
  admin: SimulatedUser,
  old: BookingRecord,
  to: { date: string; time: string },
): Promise<MoveView> {
  admin.send(`/move ${old.reservation_code} ${to.date} ${to.time}`);
  await h.settle();
  tapData(admin, /^mv:a:/);
  await h.settle();
  const [move] = await h.app.bookings.movesOf(old.id);
  return h.app.bookings.getMove(move!.id);
}

/**
 * A customer (`id`, `name`, `locale`) of `agentId` through a course-bound link who holds a tee time for two
 * and is shown its PromptPay QR: the agent, the customer, their booking.
 */
export async function customerShownQr(
  x: Harness,
  opts: { agentId: number; id: number; name: string; locale?: string },
): Promise<{ agent: SimulatedUser; customer: SimulatedUser; booking: BookingRecord }> {
  const agent = x.user(opts.agentId, "en", "Anan");
  const token = await createLink(x, agent, [/^lk:cc:/, /^lk:s:2:/]);
  const customer = x.user(opts.id, opts.locale ?? "en", opts.name, "stranger");
  customer.send(`/start ${token}`);
  await x.settle();
  tapData(customer, /:go$/);
  await x.settle();
  await pickDate(x, customer, tomorrow(x.clock()));
  await x.settle();
  tapData(customer, /:s:\d+$/);
  await x.settle();
  tapData(customer, /:p:2$/);
  await x.settle();
  await customerDetails(x, customer);
  tapData(customer, /:ok$/);
  await x.settle();
  const [booking] = await x.app.bookings.listForUser(opts.id);
  return { agent, customer, booking: booking! };
}

/** A user's steps: `say` sends a message, `tap` taps a button (`tapData`); each waits for the bot to settle. */
export interface Steps {
  say(text: string): Promise<void>;
  tap(pattern: RegExp): Promise<void>;
}

/** A user's steps, each followed by the bot settling: a message sent, a button tapped. */
export function stepsOf(h: Harness, user: SimulatedUser): Steps {
  return {
    say: async (text: string) => {
      user.send(text);
      await h.settle();
    },
    tap: async (pattern: RegExp) => {
      tapData(user, pattern);
      await h.settle();
    },
  };
}
