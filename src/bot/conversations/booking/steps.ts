import { GrammyError } from "grammy";
import { parseBookingName, parseEmail, parseThaiMobile } from "../../validation/customer.js";
import type { CommonAction, FlowAction, StepAction } from "./actions.js";
import type { Draft, PartOfDay, Step } from "./draft.js";
import { loadCourse } from "./data.js";
import { confirmHold, placeHold } from "./hold.js";
import { applySplit, moveFlight, proposeFlights } from "./group.js";
import { MAX_GROUP_PLAYERS } from "../../../search/groups.js";
import type { Input } from "./input.js";
import { refreshSlots, viewEnv, type FlowRun } from "./flow-run.js";
import { watchDay } from "../../features/watches/day.js";
import { outcomeText } from "../../features/watches/view.js";
import { COURSES_PER_PAGE } from "../../keyboards/course-pager.js";

/** What the loop does after a step: show the next view, or end the flow. */
export type StepResult = "continue" | "done";

const PARTS: readonly PartOfDay[] = ["all", "morning", "midday", "afternoon"];

/** Where Back goes from each step. */
function previous(d: Draft): Step {
  switch (d.step) {
    case "course-info":
      return "course";
    case "date":
      return "course-info";
    case "slot":
      return "date";
    case "players":
      return "slot";
    case "group":
      return "players";
    case "flight":
    case "split":
      return "group";
    case "customer":
      return d.group ? "group" : "players";
    case "name":
      return d.recent.length > 0 ? "customer" : d.group ? "group" : "players";
    case "golfers":
      return "mobile";
    case "email":
      return "name";
    case "mobile":
      return "email";
    case "change":
      return "held";
    default:
      return d.step;
  }
}

function index(arg: string | undefined, length: number): number | undefined {
  const n = Number(arg);
  return Number.isInteger(n) && n >= 0 && n < length ? n : undefined;
}

function dateKey(arg: string | undefined): string | undefined {
  return arg && /^\d{8}$/.test(arg) ? `${arg.slice(0, 4)}-${arg.slice(4, 6)}-${arg.slice(6, 8)}` : undefined;
}

/**
 * Picks a date: the next view lists its tee times (or later dates that have some), read from the
 * partner; paging and filtering that list then read the catalog's copy.
 */
function pickDate(run: FlowRun, date: string): void {
  const { d } = run;
  const env = viewEnv(run);
  if (!d.course || date < env.today || date > env.lastDate) return;
  d.date = date;
  d.month = date.slice(0, 7);
  d.part = "all";
  d.slotPage = 0;
  d.fresh = true;
  d.step = "slot";
}

/** Picks the course at `index` of the list shown: its details page. */
async function pickCourse(run: FlowRun, index: number | undefined): Promise<StepResult> {
  const page = run.courses;
  const summary = index === undefined || !page ? undefined : page.items[index - page.start];
  if (!summary) return "continue";
  const course = await loadCourse(run.conversation, run.deps, summary.id);
  if (!course.ok || course.value === null) {
    run.d.notice = { key: course.ok ? "partner-error-not-found" : course.error.userMessageKey };
    return "continue";
  }
  run.d.course = course.value;
  run.d.step = "course-info";
  return "continue";
}

/** After the players: the customer's details, skipping what is already known. */
async function afterPlayers(run: FlowRun): Promise<StepResult> {
  const { d } = run;
  if (d.name && d.email && d.mobile) return hold(run);
  d.step = d.recent.length > 0 && !d.name ? "customer" : "name";
  return "continue";
}

/** After the golfer's details: a group's other players' names (optional, once), then the hold. */
function afterDetails(run: FlowRun): Promise<StepResult> | StepResult {
  if (run.d.group && run.d.golfers === undefined) {
    run.d.step = "golfers";
    return "continue";
  }
  return hold(run);
}

/** The other players' names typed at the golfers step: one a line (or comma-separated), each a valid name. */
function golfersInput(run: FlowRun, text: string): Promise<StepResult> | StepResult {
  const { d } = run;
  const names = text
    .split(/[\n,]+/)
    .map((n) => n.trim())
    .filter(Boolean);
  const others = (d.persons ?? 1) - 1;
  const parsed = names.map((n) => parseBookingName(n));
  const bad = parsed.find((p) => !p.ok);
  if (bad && !bad.ok) {
    d.inputError = { key: bad.reason };
    return "continue";
  }
  if (names.length === 0 || names.length > others) {
    d.inputError = { key: "golfers-too-many", args: { count: others } };
    return "continue";
  }
  d.inputError = undefined;
  d.golfers = parsed.flatMap((p) => (p.ok ? [p.value] : []));
  return hold(run);
}

/** Places the hold; the flow goes on (held, back to a step, stuck) unless the service's rule ended it. */
async function hold(run: FlowRun): Promise<StepResult> {
  return (await placeHold(run)) === "ended" ? "done" : "continue";
}

/** Text (or a shared contact) typed on a details step. */
async function detailInput(run: FlowRun, input: Input): Promise<StepResult> {
  const { d } = run;
  if (d.step === "golfers") return golfersInput(run, input.kind === "text" ? input.text : "");
  const step = d.step === "customer" ? "name" : d.step;
  const raw = input.kind === "text" ? input.text : input.kind === "contact" ? input.phone : "";
  const parsed = step === "name" ? parseBookingName(raw) : step === "email" ? parseEmail(raw) : parseThaiMobile(raw);
  if (!parsed.ok) {
    d.step = step;
    d.inputError = { key: parsed.reason };
    return "continue";
  }
  d.inputError = undefined;
  if (step === "name") {
    d.name = parsed.value;
    d.step = "email";
  } else if (step === "email") {
    d.email = parsed.value;
    d.step = "mobile";
  } else {
    d.mobile = parsed.value;
    return afterDetails(run);
  }
  return "continue";
}

/** Releases the hold shown, if any (Change, Cancel): a group's every flight. */
async function releaseHeld(
  run: FlowRun,
  reason: "user-cancel" | "user-restart",
): Promise<"released" | "pending" | "paid" | "none"> {
  const groupId = run.d.groupId;
  if (groupId) {
    const out = await run.conversation.external(() => run.deps.bookings.releaseGroup(groupId, { reason }));
    run.d.groupId = undefined;
    run.heldGroup = undefined;
    if (out.kind === "not-held" && ["PAID", "PARTIAL", "CONFIRMING"].includes(out.view.group.state)) return "paid";
    return out.kind === "pending" ? "pending" : "released";
  }
  const id = run.d.bookingId;
  if (!id) return "none";
  const out = await run.conversation.external(() => run.deps.bookings.release(id, { reason }));
  run.d.bookingId = undefined;
  run.held = undefined;
  // "pending": the partner did not confirm the release; the reaper finishes it and tells the user.
  return out.booking.state === "PAID" ? "paid" : out.kind === "pending" ? "pending" : "released";
}

/**
 * "Tell me when one opens" on a day whose tee times are all taken (or all of the part of the day
 * chosen): a watch on this course and date (any party); the panel says so and the flow ends. At the
 * limit, the panel says why and stays.
 */
async function watchThisDay(run: FlowRun): Promise<StepResult> {
  const { d } = run;
  if (!d.course || !d.date) return "continue";
  const course = { id: d.course.id, name: d.course.name, nameTH: d.course.nameTH };
  const part = run.slots && run.slots.total > 0 && d.part !== "all" ? d.part : undefined;
  const day = { userId: run.userId, chatId: run.chatId, course, date: d.date, ...(part ? { part } : {}) };
  const outcome = await run.conversation.external(() => watchDay(run.deps, day));
  const env = viewEnv(run);
  const limit = run.deps.config.watches.perUser;
  if (outcome.kind === "limit") {
    d.notice = { key: "watch-limit", args: { limit } };
    return "continue";
  }
  await run.panel.close(run.ctx, outcomeText(outcome, { t: env.t, locale: env.locale, today: env.today }, limit));
  return "done";
}

/** Cancel from any step: releases the hold and closes the panel (never claiming a release not yet done). */
async function cancel(run: FlowRun): Promise<StepResult> {
  const released = await releaseHeld(run, "user-cancel");
  const key = released === "paid" ? "cancel-already-paid" : released === "released" ? "cancel-released" : "cancel-done";
  await run.panel.close(run.ctx, run.ctx.t(key));
  return "done";
}

async function sendCourseExtras(run: FlowRun, what: "loc" | "pic"): Promise<StepResult> {
  const c = run.d.course;
  if (!c) return "continue";
  try {
    if (what === "loc" && c.lat !== null && c.lon !== null) await run.ctx.api.sendLocation(run.chatId, c.lat, c.lon);
    if (what === "pic" && c.image) await run.ctx.api.sendPhoto(run.chatId, c.image);
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    run.d.notice = { key: what === "pic" ? "course-photo-unavailable" : "course-location-unavailable" };
  }
  return "continue";
}

/** What a tap does, given the button's argument. */
type OnButton = (run: FlowRun, arg: string | undefined) => StepResult | Promise<StepResult>;

/** A handler for every action of every step (`actions.ts`): a missing or undeclared one fails the type check. */
type StepHandlers = { [S in Step]: { [A in StepAction<S>]: OnButton } };

/** A day (YYYYMMDD) from the calendar or the suggestions. */
function pickDay(run: FlowRun, arg: string | undefined): StepResult {
  const date = dateKey(arg);
  if (date) pickDate(run, date);
  return "continue";
}

/** Another month (YYYYMM) of the calendar. */
function showMonth(run: FlowRun, arg: string | undefined): StepResult {
  if (arg && /^\d{6}$/.test(arg)) run.d.month = `${arg.slice(0, 4)}-${arg.slice(4, 6)}`;
  return "continue";
}

/** Keep: the value given before stands, and the next detail is asked for (after the mobile, the hold is placed). */
function keep(field: "name" | "email" | "mobile"): OnButton {
  return (run) => {
    if (!run.d[field]) return "continue";
    if (field === "mobile") return afterDetails(run);
    run.d.step = field === "name" ? "email" : "mobile";
    return "continue";
  };
}

/** The actions every step takes. */
const ON_ANY_STEP: { [A in CommonAction]: OnButton } = {
  x: () => "continue",
  cancel: (run) => cancel(run),
  back: (run) => {
    const { d } = run;
    d.inputError = undefined;
    d.step = previous(d);
    if (d.step === "held" && !d.bookingId && !d.groupId) d.step = "slot";
    return "continue";
  },
};

/** What each step's own buttons do. */
const ON_STEP: StepHandlers = {
  course: {
    c: (run, arg) => pickCourse(run, index(arg, run.courses?.total ?? 0)),
    cp: (run, arg) => {
      const pages = Math.max(1, Math.ceil((run.courses?.total ?? 0) / COURSES_PER_PAGE));
      run.d.coursePage = Math.min(Math.max(Number(arg) || 0, 0), pages - 1);
      return "continue";
    },
  },
  "course-info": {
    go: (run) => {
      run.d.step = "date";
      run.d.month = viewEnv(run).today.slice(0, 7);
      return "continue";
    },
    loc: (run) => sendCourseExtras(run, "loc"),
    pic: (run) => sendCourseExtras(run, "pic"),
  },
  date: { d: pickDay, m: showMonth },
  slot: {
    d: pickDay,
    m: showMonth,
    pf: (run, arg) => {
      if (PARTS.includes(arg as PartOfDay)) {
        run.d.part = arg as PartOfDay;
        run.d.slotPage = 0;
      }
      return "continue";
    },
    // The page is kept within bounds by the next view, which reads it.
    sp: (run, arg) => {
      run.d.slotPage = Math.max(Number(arg) || 0, 0);
      return "continue";
    },
    rf: (run) => {
      refreshSlots(run);
      return "continue";
    },
    w: watchThisDay,
    s: (run, arg) => {
      const { d } = run;
      // Only a tee time of the page shown: its index in the day's list, as the button said.
      const picked = run.slots?.items.find((item) => String(item.index) === arg)?.slot;
      if (picked) {
        d.slot = picked;
        d.group = undefined;
        if (d.persons !== undefined && (d.persons < picked.minPerson || d.persons > picked.maxPerson))
          d.persons = undefined;
        d.step = "players";
      }
      return "continue";
    },
  },
  players: {
    p: async (run, arg) => {
      const { d } = run;
      const n = Number(arg);
      if (!d.slot || !Number.isInteger(n)) return "continue";
      if (n >= d.slot.minPerson && n <= d.slot.maxPerson) {
        d.persons = n;
        d.group = undefined;
        d.golfers = undefined;
        return afterPlayers(run);
      }
      // Beyond one tee time: fairway proposes the party's flights (the group step shows them).
      if (n > d.slot.maxPerson && n <= MAX_GROUP_PLAYERS) {
        if (n !== d.persons) d.golfers = undefined;
        await proposeFlights(run, n);
      }
      return "continue";
    },
  },
  group: {
    next: (run) => (run.d.group ? afterPlayers(run) : "continue"),
    mv: (run, arg) => {
      const { d } = run;
      const i = index(arg, d.group?.flights.length ?? 0);
      if (i === undefined) return "continue";
      d.flightIndex = i;
      d.step = "flight";
      return "continue";
    },
    sl: (run) => {
      if (run.d.group) run.d.step = "split";
      return "continue";
    },
  },
  flight: {
    ft: (run, arg) => {
      moveFlight(run, arg);
      return "continue";
    },
  },
  split: {
    sl: (run, arg) => {
      applySplit(run, arg);
      return "continue";
    },
  },
  golfers: {
    skip: (run) => {
      run.d.golfers = [];
      run.d.inputError = undefined;
      return hold(run);
    },
  },
  customer: {
    rc: (run, arg) => {
      const { d } = run;
      const c = d.recent[index(arg, d.recent.length) ?? -1];
      if (!c) return "continue";
      d.name = c.name;
      d.email = c.email;
      d.mobile = c.mobile;
      return afterDetails(run);
    },
    nc: (run) => {
      run.d.step = "name";
      return "continue";
    },
  },
  name: { keep: keep("name") },
  email: { keep: keep("email") },
  mobile: { keep: keep("mobile") },
  held: {
    ok: async (run) => ((await confirmHold(run)) === "done" ? "done" : "continue"),
    chg: (run) => {
      run.d.step = "change";
      return "continue";
    },
  },
  change: {
    ch: async (run, arg) => {
      const target = arg as Step | undefined;
      if (!target || !["course", "date", "slot", "players", "name"].includes(target)) return "continue";
      if ((await releaseHeld(run, "user-restart")) === "paid") {
        await run.panel.close(run.ctx, run.ctx.t("cancel-already-paid"));
        return "done";
      }
      run.d.step = target;
      if (target === "slot") refreshSlots(run);
      return "continue";
    },
  },
  stuck: {
    retry: async (run) => {
      const { d } = run;
      const what = run.retry;
      run.retry = undefined;
      d.notice = undefined;
      // The next view reads the courses, or the date's tee times, again.
      if (what === "courses") d.step = "course";
      if (what === "slots" && d.date) {
        d.step = "slot";
        d.fresh = true;
      }
      if (what === "reserve") return hold(run);
      if (what === "confirm") {
        d.step = "held";
        return (await confirmHold(run)) === "done" ? "done" : "continue";
      }
      if (d.step === "stuck") d.step = what === undefined ? "course" : d.step;
      return "continue";
    },
  },
};

/** Handles one accepted input for the current step. */
export async function handleInput(run: FlowRun, input: Input): Promise<StepResult> {
  if (input.kind === "text" || input.kind === "contact") return detailInput(run, input);
  if (input.kind !== "button") return "continue";
  const common: Partial<Record<FlowAction, OnButton>> = ON_ANY_STEP;
  const ofStep: Partial<Record<FlowAction, OnButton>> = ON_STEP[run.d.step];
  // An action of another step (a tap that raced the panel's edit) does nothing.
  const handler = common[input.action] ?? ofStep[input.action];
  return handler ? handler(run, input.arg) : "continue";
}
