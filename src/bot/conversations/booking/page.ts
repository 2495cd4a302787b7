import { loadCourses, loadDaySlots, loadSlotPage } from "./data.js";
import type { Retry } from "./hand-over.js";
import { viewEnv, type FlowRun } from "./flow-run.js";

function stuck(run: FlowRun, key: string, retry: Retry): void {
  run.d.notice = { key };
  run.retry = retry;
  run.d.step = "stuck";
}

/**
 * Reads what the current step's view shows but the draft does not keep: the course list (from the
 * catalog's cache), one page of the date's tee times, or the hold from the ledger. Runs before every
 * view, so these reads stay in the replay log only until the next update cuts it back.
 */
export async function readPage(run: FlowRun): Promise<void> {
  const { d, conversation, deps } = run;
  run.courses = undefined;
  run.slots = undefined;
  run.held = undefined;
  run.heldGroup = undefined;
  run.daySlots = undefined;
  if (d.step === "course") {
    const courses = await loadCourses(conversation, deps, d.coursePage);
    if (courses.ok) run.courses = courses.value;
    else stuck(run, courses.error.userMessageKey, "courses");
  } else if (d.step === "slot" && d.course && d.date) {
    const page = await loadSlotPage(conversation, deps, {
      courseId: d.course.id,
      timeZone: d.course.timeZone,
      date: d.date,
      part: d.part,
      page: d.slotPage,
      fresh: d.fresh === true,
      now: run.now,
      lastDate: viewEnv(run).lastDate,
    });
    d.fresh = undefined;
    if (page.ok) {
      run.slots = page.value;
      d.slotPage = page.value.page;
    } else {
      stuck(run, page.error.userMessageKey, "slots");
    }
  } else if (d.step === "flight" && d.course && d.date) {
    const day = await loadDaySlots(conversation, deps, { courseId: d.course.id, date: d.date, now: run.now });
    if (day.ok) run.daySlots = day.value;
    else d.notice = { key: day.error.userMessageKey };
  } else if (d.step === "held" && d.groupId) {
    const id = d.groupId;
    const read = await conversation.external(async () => ({
      heldGroup: await deps.bookings.getGroup(id),
      payment: await deps.bookings.payment(id),
    }));
    run.heldGroup = read.heldGroup;
    run.payment = read.payment;
  } else if (d.step === "held" && d.bookingId) {
    const id = d.bookingId;
    const read = await conversation.external(async () => ({
      held: await deps.bookings.get(id),
      payment: await deps.bookings.payment(id),
    }));
    run.held = read.held;
    run.payment = read.payment;
  }
}
