import { GrammyError } from "grammy";
import { parseBookingName, parseEmail, parseThaiMobile } from "../../validation/customer.js";
import type { Draft, PartOfDay, Step } from "./draft.js";
import { loadCourse } from "./data.js";
import { confirmHold, placeHold, refreshSlots } from "./hold.js";
import type { Input } from "./input.js";
import { viewEnv, type FlowRun } from "./run.js";
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
    case "customer":
      return "players";
    case "name":
      return d.recent.length > 0 ? "customer" : "players";
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
async function pickCourse(run: FlowRun, index: number): Promise<void> {
  const summary = run.courses?.[index];
  if (!summary) return;
  const course = await loadCourse(run.conversation, run.deps, summary.id);
  if (!course.ok || course.value === null) {
    run.d.notice = { key: course.ok ? "partner-error-not-found" : course.error.userMessageKey };
    return;
  }
  run.d.course = course.value;
  run.d.step = "course-info";
}

/** After the players: the customer's details, skipping what is already known. */
async function afterPlayers(run: FlowRun): Promise<StepResult> {
  const { d } = run;
  if (d.name && d.email && d.mobile) return hold(run);
  d.step = d.recent.length > 0 && !d.name ? "customer" : "name";
  return "continue";
}

/** Places the hold; whatever its outcome (held, back to a step, stuck), the flow goes on. */
async function hold(run: FlowRun): Promise<StepResult> {
  await placeHold(run);
  return "continue";
}

/** Text (or a shared contact) typed on a details step. */
async function detailInput(run: FlowRun, input: Input): Promise<StepResult> {
  const { d } = run;
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
    return hold(run);
  }
  return "continue";
}

/** Releases the hold shown, if any (Change, Cancel). */
async function releaseHeld(
  run: FlowRun,
  reason: "user-cancel" | "user-restart",
): Promise<"released" | "pending" | "paid" | "none"> {
  const id = run.d.bookingId;
  if (!id) return "none";
  const out = await run.conversation.external(() => run.deps.bookings.release(id, { reason }));
  run.d.bookingId = undefined;
  run.held = undefined;
  // "pending": the partner did not confirm the release; the reaper finishes it and tells the user.
  return out.booking.state === "PAID" ? "paid" : out.kind === "pending" ? "pending" : "released";
}

/** Cancel from any step: releases the hold and closes the panel (never claiming a release not yet done). */
async function cancel(run: FlowRun): Promise<StepResult> {
  const released = await releaseHeld(run, "user-cancel");
  const key = released === "paid" ? "cancel-already-paid" : released === "released" ? "cancel-released" : "cancel-done";
  await run.panel.close(run.ctx, run.ctx.t(key));
  return "done";
}

async function sendCourseExtras(run: FlowRun, what: "loc" | "pic"): Promise<void> {
  const c = run.d.course;
  if (!c) return;
  try {
    if (what === "loc" && c.lat !== null && c.lon !== null) await run.ctx.api.sendLocation(run.chatId, c.lat, c.lon);
    if (what === "pic" && c.image) await run.ctx.api.sendPhoto(run.chatId, c.image);
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    run.d.notice = { key: what === "pic" ? "course-photo-unavailable" : "course-location-unavailable" };
  }
}

/** Handles one accepted input for the current step. */
export async function handleInput(run: FlowRun, input: Input): Promise<StepResult> {
  const { d } = run;
  if (input.kind === "text" || input.kind === "contact") return detailInput(run, input);
  if (input.kind !== "button") return "continue";
  const { action, arg } = input;
  if (action === "x") return "continue";
  if (action === "cancel") return cancel(run);
  if (action === "back") {
    d.inputError = undefined;
    d.step = previous(d);
    if (d.step === "held" && !d.bookingId) d.step = "slot";
    return "continue";
  }
  switch (d.step) {
    case "course": {
      const count = run.courses?.length ?? 0;
      if (action === "cp")
        d.coursePage = Math.min(Math.max(Number(arg) || 0, 0), Math.max(1, Math.ceil(count / COURSES_PER_PAGE)) - 1);
      const i = action === "c" ? index(arg, count) : undefined;
      if (i !== undefined) await pickCourse(run, i);
      return "continue";
    }
    case "course-info":
      if (action === "go") {
        d.step = "date";
        d.month = viewEnv(run).today.slice(0, 7);
      }
      if (action === "loc" || action === "pic") await sendCourseExtras(run, action);
      return "continue";
    case "date":
    case "slot": {
      const date = action === "d" ? dateKey(arg) : undefined;
      if (date) pickDate(run, date);
      if (action === "m" && arg && /^\d{6}$/.test(arg)) d.month = `${arg.slice(0, 4)}-${arg.slice(4, 6)}`;
      if (d.step !== "slot") return "continue";
      if (action === "pf" && PARTS.includes(arg as PartOfDay)) {
        d.part = arg as PartOfDay;
        d.slotPage = 0;
      }
      // The page is kept within bounds by the next view, which reads it.
      if (action === "sp") d.slotPage = Math.max(Number(arg) || 0, 0);
      if (action === "rf") refreshSlots(run);
      // Only a tee time of the page shown: its index in the day's list, as the button said.
      const picked = action === "s" ? run.slots?.items.find((item) => String(item.index) === arg)?.slot : undefined;
      if (picked) {
        d.slot = picked;
        if (d.persons !== undefined && (d.persons < picked.minPerson || d.persons > picked.maxPerson))
          d.persons = undefined;
        d.step = "players";
      }
      return "continue";
    }
    case "players": {
      const n = Number(arg);
      if (action === "p" && d.slot && Number.isInteger(n) && n >= d.slot.minPerson && n <= d.slot.maxPerson) {
        d.persons = n;
        return afterPlayers(run);
      }
      return "continue";
    }
    case "customer": {
      const c = action === "rc" ? d.recent[index(arg, d.recent.length) ?? -1] : undefined;
      if (c) {
        d.name = c.name;
        d.email = c.email;
        d.mobile = c.mobile;
        return hold(run);
      }
      if (action === "nc") d.step = "name";
      return "continue";
    }
    case "name":
    case "email":
    case "mobile":
      if (action === "keep" && d[d.step]) {
        if (d.step === "mobile") return hold(run);
        d.step = d.step === "name" ? "email" : "mobile";
      }
      return "continue";
    case "held":
      if (action === "ok") return (await confirmHold(run)) === "done" ? "done" : "continue";
      if (action === "chg") d.step = "change";
      return "continue";
    case "change": {
      const target = arg as Step | undefined;
      if (action !== "ch" || !target || !["course", "date", "slot", "players", "name"].includes(target))
        return "continue";
      if ((await releaseHeld(run, "user-restart")) === "paid") {
        await run.panel.close(run.ctx, run.ctx.t("cancel-already-paid"));
        return "done";
      }
      d.step = target;
      if (target === "slot") refreshSlots(run);
      return "continue";
    }
    case "stuck":
      if (action === "retry") {
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
      }
      return "continue";
  }
}
