/**
 * The baseline's booking flow as a state machine, shared by the two reference bots: the bare grammY
 * baseline (`baseline-bot.ts`, state in a Map) and the conversations reference
 * (`conversation-bot.ts`, the same flow inside a `@grammyjs/conversations` v2 conversation). Each
 * function takes the flow's state and an input and says what to show; the bots make the Bot API calls.
 * Partner calls and the clock come through `FlowIO`, so the conversation can route them through
 * `conversation.external`.
 */
import * as views from "./baseline-views.js";
import { flowTexts } from "./texts.js";

export type Step = "course" | "info" | "date" | "slot" | "players" | "name" | "email" | "mobile" | "held";

export interface Flow {
  nonce: string;
  step: Step;
  panelId: number;
  courses: views.Course[];
  course?: views.Course;
  month?: string;
  date?: string;
  slots: views.Slot[];
  slot?: views.Slot;
  persons?: number;
  name?: string;
  email?: string;
  mobile?: string;
  order?: views.Order;
}

export type Customer = { name: string; email: string; mobile: string };

/** What the flow reads from outside: the partner, the clock, and the user's recent customers. */
export interface FlowIO {
  partner: Pick<ReturnType<typeof views.partnerClient>, "teeTimes" | "reserve" | "confirm" | "release">;
  now(): number;
  recent(userId: number): Customer[] | Promise<Customer[]>;
  remember(userId: number, customer: Customer): void | Promise<void>;
}

/** What to show for an input: edit the panel tapped, send a new panel, or the paid booking's receipt and .ics. */
export type Output =
  | { kind: "edit"; view: views.View; done?: boolean }
  | { kind: "send"; view: views.View }
  | { kind: "retry"; text: string }
  | { kind: "paid"; view: views.View; ics: string; fileName: string }
  | { kind: "none" };

const texts = flowTexts();

/** The texts the bots send outside the flow's views. */
export const BASELINE_TEXTS = {
  expired: "This menu has expired.",
  useBook: "Use /book to book a tee time.",
  cancelDone: texts["cancel-done"],
  cancelNothing: texts["cancel-nothing"],
  icsCaption: "Add the tee time to your calendar.",
} as const;

/** The options every panel is sent or edited with: HTML, no link preview, the view's keyboard. */
export function panelOptions(view: views.View) {
  return {
    parse_mode: "HTML" as const,
    link_preview_options: { is_disabled: true },
    ...(view.keyboard ? { reply_markup: view.keyboard } : {}),
  };
}

/** Releases the flow's hold, if it has one (Cancel, /cancel); a failed release is left to the hold's end. */
export async function releaseHeld(flow: Flow, io: Pick<FlowIO, "partner">): Promise<void> {
  if (flow.step === "held" && flow.order) await io.partner.release(flow.order.id).catch(() => undefined);
}

/** A new flow on the course list. */
export function newFlow(nonce: string, courses: views.Course[]): { flow: Flow; view: views.View } {
  const flow: Flow = { nonce, step: "course", panelId: 0, courses, slots: [] };
  return { flow, view: views.courseList(nonce, courses) };
}

const summary = (f: Flow): views.Summary => ({
  course: f.course!,
  slot: f.slot!,
  persons: f.persons!,
  name: f.name!,
  email: f.email!,
  mobile: f.mobile!,
  order: f.order!,
});

/** Places the hold; when the tee time was taken, the refreshed list instead. */
async function hold(flow: Flow, io: FlowIO): Promise<views.View> {
  try {
    flow.order = await io.partner.reserve({
      slotId: flow.slot!.id,
      persons: flow.persons!,
      customerName: flow.name!,
      customerEmail: flow.email!,
      customerMobile: flow.mobile!,
    });
    flow.step = "held";
    return views.held(flow.nonce, summary(flow));
  } catch {
    flow.slots = await io.partner.teeTimes(flow.course!.id, flow.date!, io.now());
    flow.step = "slot";
    const notice = `⚠️ ${texts["hold-slot-taken"]}\n\n`;
    if (flow.slots.length === 0) return views.calendar(flow.nonce, flow.course!, flow.month!, io.now(), notice);
    return views.slotList(flow.nonce, flow.course!, flow.date!, flow.slots, notice);
  }
}

/** After the players: the golfer's details, or straight to the hold when they are known. */
async function afterPlayers(flow: Flow, userId: number, io: FlowIO): Promise<views.View> {
  if (flow.name && flow.email && flow.mobile) return hold(flow, io);
  flow.step = "name";
  return views.namePrompt(
    flow.nonce,
    (await io.recent(userId)).map((c) => c.name),
  );
}

/** Whether a tap belongs to the flow's panel (otherwise: "This menu has expired"). */
export function isCurrent(flow: Flow | undefined, data: string, messageId: number | undefined): flow is Flow {
  const [, nonce] = data.split(":");
  return flow !== undefined && nonce === flow.nonce && messageId === flow.panelId;
}

/** A tap on the flow's panel (callback data `:<nonce>:<action>:<arg>`). */
export async function tap(flow: Flow, data: string, userId: number, io: FlowIO): Promise<Output> {
  const [, , action, arg] = data.split(":");
  const n = Number(arg);
  if (action === "cancel") {
    await releaseHeld(flow, io);
    return { kind: "edit", view: { text: texts["cancel-done"] }, done: true };
  }
  if (flow.step === "course" && action === "c" && flow.courses[n]) {
    flow.course = flow.courses[n];
    flow.step = "info";
    return { kind: "edit", view: views.courseInfo(flow.nonce, flow.course) };
  }
  if (flow.step === "info" && action === "go") {
    flow.step = "date";
    flow.month = views.dateKey(io.now()).slice(0, 7);
    return { kind: "edit", view: views.calendar(flow.nonce, flow.course!, flow.month, io.now()) };
  }
  if ((flow.step === "date" || flow.step === "slot") && action === "m" && arg && /^\d{6}$/.test(arg)) {
    flow.month = `${arg.slice(0, 4)}-${arg.slice(4)}`;
    return { kind: "edit", view: views.calendar(flow.nonce, flow.course!, flow.month, io.now()) };
  }
  if ((flow.step === "date" || flow.step === "slot") && action === "d" && arg && /^\d{8}$/.test(arg)) {
    flow.date = `${arg.slice(0, 4)}-${arg.slice(4, 6)}-${arg.slice(6)}`;
    flow.slots = await io.partner.teeTimes(flow.course!.id, flow.date, io.now());
    if (flow.slots.length === 0)
      return {
        kind: "edit",
        view: views.calendar(flow.nonce, flow.course!, flow.month!, io.now(), `⚠️ No tee times on ${flow.date}.\n\n`),
      };
    flow.step = "slot";
    return { kind: "edit", view: views.slotList(flow.nonce, flow.course!, flow.date, flow.slots) };
  }
  if (flow.step === "slot" && action === "s" && flow.slots[n]) {
    flow.slot = flow.slots[n];
    flow.step = "players";
    return { kind: "edit", view: views.players(flow.nonce, flow.slot) };
  }
  if (flow.step === "players" && action === "p" && flow.slot && n >= flow.slot.minPerson && n <= flow.slot.maxPerson) {
    flow.persons = n;
    return { kind: "edit", view: await afterPlayers(flow, userId, io) };
  }
  if (flow.step === "name" && action === "nc") return { kind: "edit", view: views.namePrompt(flow.nonce, []) };
  if (flow.step === "name" && action === "rc") {
    const customer = (await io.recent(userId))[n];
    if (!customer) return { kind: "none" };
    Object.assign(flow, customer);
    return { kind: "edit", view: await hold(flow, io) };
  }
  if (flow.step === "held" && action === "ok" && flow.order) {
    const paid = await io.partner.confirm(flow.order.id);
    const s = summary(flow);
    await io.remember(userId, { name: s.name, email: s.email, mobile: s.mobile });
    return {
      kind: "paid",
      view: views.confirmed(s, paid.txNo),
      ics: views.ics(s),
      fileName: `tee-time-${s.order.reserve?.code ?? "booking"}.ics`,
    };
  }
  return { kind: "none" };
}

/** Text typed on a details step (the caller checks that the flow is on one). */
export async function typed(flow: Flow, raw: string, io: FlowIO): Promise<Output> {
  const text = raw.trim();
  if (flow.step === "name" && /^[\p{L} .'-]{2,100}$/u.test(text)) {
    flow.name = text;
    flow.step = "email";
    return { kind: "send", view: views.textPrompt(flow.nonce, "email") };
  }
  if (flow.step === "email" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) {
    flow.email = text;
    flow.step = "mobile";
    return { kind: "send", view: views.textPrompt(flow.nonce, "mobile") };
  }
  if (flow.step === "mobile" && /^\+?[\d -]{9,16}$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    flow.mobile = digits.startsWith("0") ? `+66${digits.slice(1)}` : `+${digits}`;
    return { kind: "send", view: await hold(flow, io) };
  }
  return { kind: "retry", text: `⚠️ Please check what you typed.\n${flow.step}` };
}

/** Whether the flow takes typed text now. */
export const takesText = (flow: Flow | undefined): flow is Flow =>
  flow !== undefined && (flow.step === "name" || flow.step === "email" || flow.step === "mobile");

/** The most recent customers first, at most 3, without repeating a name. */
export function withRecent(list: readonly Customer[], customer: Customer): Customer[] {
  return [customer, ...list.filter((c) => c.name !== customer.name)].slice(0, 3);
}
