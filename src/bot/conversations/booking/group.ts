/**
 * The booking flow for a party larger than one tee time (a group): fairway proposes its flights at
 * the picked tee time's course and date, the agent may move a flight or change the split, the lead
 * golfer's details are asked once, then every flight is held (all or none), one summary shows the
 * flights and the total, one Confirm pays them all, and one receipt and one `.ics` follow. Every
 * ledger call goes through the booking service's group operations inside `conversation.external`.
 */
import { GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import { paymentData } from "../../features/payments/callback-data.js";
import type { GroupFlightInput, GroupView } from "../../../bookings/index.js";
import { moveChoices, nearestSlots, proposeGroup, splitsFor } from "../../../search/groups.js";
import { formatDate, formatTime } from "../../format/dates.js";
import { groupIcs } from "../../format/group-ics.js";
import { deliverVoucher } from "../../features/after-booking/voucher.js";
import { localeOf } from "../../i18n.js";
import { loadDaySlots } from "./data.js";
import { courseName } from "../../format/course-name.js";
import type { Draft } from "./draft.js";
import { randomId, tick, type FlowRun } from "./flow-run.js";
import { caddyInfoOf, heldOrBusy, refusedHold, summaryEnvOf } from "./hold-attempt.js";
import { confirmedGroupText, groupOutcomeText, heldGroupView } from "./summary.js";
import { askGroupPayment } from "./pay.js";

const gapOf = (run: FlowRun) => ({ maxGapMinutes: run.deps.config.groupMaxGapMinutes });

function timeOf(run: FlowRun, startsAt: number): string {
  return formatTime(startsAt, run.d.course?.timeZone ?? "Asia/Bangkok", localeOf(run.ctx));
}

/**
 * Proposes the flights of a party of `persons` near the tee time picked (the day's open tee times from
 * the catalog); true and the group step, or false with a notice (nothing open that takes the party).
 */
export async function proposeFlights(run: FlowRun, persons: number, fresh = false): Promise<boolean> {
  const { d } = run;
  if (!d.course || !d.date || !d.slot) return false;
  const day = await loadDaySlots(run.conversation, run.deps, {
    courseId: d.course.id,
    date: d.date,
    now: run.now,
    fresh,
  });
  if (!day.ok) {
    d.notice = { key: day.error.userMessageKey };
    return false;
  }
  const plan = proposeGroup(day.value, persons, d.slot.startsAt, gapOf(run));
  if (!plan) {
    d.notice = { key: "group-none", args: { players: persons, gap: run.deps.config.groupMaxGapMinutes } };
    return false;
  }
  const first = plan.flights[0]!.slot;
  if (first.id !== d.slot.id) d.notice = { key: "group-moved", args: { time: timeOf(run, first.startsAt) } };
  d.persons = persons;
  d.slot = first;
  d.group = { flights: plan.flights };
  d.step = "group";
  return true;
}

/** The flight being changed takes the tee time at `arg` of the day's list, if it is one offered. */
export function moveFlight(run: FlowRun, arg: string | undefined): void {
  const { d } = run;
  const flights = d.group?.flights;
  const index = d.flightIndex ?? -1;
  const picked = run.daySlots?.[Number(arg)];
  if (!flights || !picked || !/^\d+$/.test(arg ?? "")) return;
  if (!moveChoices(run.daySlots ?? [], flights, index, gapOf(run)).some((s) => s.id === picked.id)) return;
  flights[index] = { slot: picked, persons: flights[index]!.persons };
  d.slot = flights[0]!.slot;
  d.flightIndex = undefined;
  d.step = "group";
}

/** The party split as `arg` says (`4-3-3`), if it is one the flights allow. */
export function applySplit(run: FlowRun, arg: string | undefined): void {
  const { d } = run;
  const flights = d.group?.flights;
  if (!flights || !arg) return;
  const allowed = splitsFor(
    d.persons ?? 0,
    flights.map((f) => f.slot),
    1_000,
  ).find((s) => s.join("-") === arg);
  if (!allowed) return;
  allowed.forEach((n, i) => (flights[i]!.persons = n));
  d.step = "group";
}

/** The other players' names over the flights: the lead golfer plays in the first, the names fill the seats in order. */
export function golfersByFlight(d: Pick<Draft, "group" | "golfers">): string[][] {
  const names = [...(d.golfers ?? [])];
  return (d.group?.flights ?? []).map((f, i) => names.splice(0, i === 0 ? f.persons - 1 : f.persons));
}

/**
 * Records the group and holds every flight, or none: one partner reserve per flight, at most once.
 * A flight that cannot be held releases the others; the agent is told which time failed, with the
 * nearest open times, and the group is proposed again from the partner's fresh list.
 */
export async function placeGroupHold(run: FlowRun): Promise<"held" | "back" | "stuck" | "ended"> {
  const { d, deps, ctx } = run;
  const flights = d.group?.flights;
  if (!d.course || !flights || !d.persons || !d.name || !d.email || !d.mobile) return "back";
  if (run.panel.replyKeyboard) await run.panel.show(ctx, { text: `⏳ ${ctx.t("group-placing")}` });
  const id = d.nextBookingId;
  const golfers = golfersByFlight(d);
  const intent = {
    id,
    chatId: run.chatId,
    userId: run.userId,
    agentId: run.agentId,
    locale: localeOf(ctx),
    courseId: d.course.id,
    courseName: courseName(d.course, "en"),
    courseNameTH: d.course.nameTH || null,
    timeZone: d.course.timeZone,
    customerName: d.name,
    customerEmail: d.email,
    customerMobile: d.mobile,
    flights: flights.map((f, i): GroupFlightInput => ({
      slotId: f.slot.id,
      slotStartsAt: f.slot.startsAt,
      persons: f.persons,
      expectedAmount: f.slot.price * f.persons,
      caddyInfo: caddyInfoOf(f.slot),
      ...(golfers[i]?.length ? { additionGolfers: golfers[i] } : {}),
    })),
  };
  const outcome = await run.conversation.external(async () => {
    // A customer through a link pays the whole group first (one PromptPay payment), unless the link
    // says confirm at once.
    const prepay = run.agentId !== null ? await deps.payments.prepayFor(run.userId, run.agentId) : null;
    await deps.bookings.createGroupIntent(intent, prepay ? { prepay } : {});
    return deps.bookings.reserveGroup(id);
  });
  await tick(run);
  if (outcome.kind === "held" || outcome.kind === "busy")
    return heldOrBusy(run, outcome, (held) => {
      run.heldGroup = held.view;
      d.groupId = id;
    });
  // This group id is spent; the next attempt gets a new one (made now, used in a later update).
  d.nextBookingId = await randomId(run);
  if (outcome.stop.refusal) return refusedHold(run, outcome.stop.refusal);
  const failed = outcome.view.flights.find((f) => f.flight === outcome.stop.flight);
  const at = failed?.slot_starts_at ?? d.slot?.startsAt ?? run.now;
  // The partner's fresh list: what is open now, the alternatives to name, and a new proposal.
  const day = await loadDaySlots(run.conversation, deps, {
    courseId: d.course.id,
    date: d.date ?? "",
    now: run.now,
    fresh: true,
  });
  const used = new Set(flights.map((f) => f.slot.id));
  const near = day.ok ? nearestSlots(day.value, at, used) : [];
  const plan = day.ok ? proposeGroup(day.value, d.persons, flights[0]!.slot.startsAt, gapOf(run)) : undefined;
  const key = outcome.stop.kind === "unknown" ? "group-hold-unknown" : "group-hold-failed";
  d.notice = {
    key,
    args: {
      time: timeOf(run, at),
      alternatives: near.map((s) => timeOf(run, s.startsAt)).join(", ") || "—",
    },
  };
  if (plan) {
    d.group = { flights: plan.flights };
    d.slot = plan.flights[0]!.slot;
    d.step = "group";
  } else {
    d.group = undefined;
    d.persons = undefined;
    d.fresh = true;
    d.slotPage = 0;
    d.step = "slot";
  }
  return "back";
}

/** Renders a group's hold summary. */
export function heldGroupPanel(run: FlowRun, view: GroupView, notice?: string) {
  return heldGroupView(view, run.d.course, summaryEnvOf(run), notice);
}

/**
 * Confirm: one balance read for the total, every flight confirmed at most once (the ledger decides),
 * then one receipt and one `.ics`; a confirm that stops midway says exactly which flights are paid.
 */
export async function confirmGroupHold(
  run: FlowRun,
  deliver: (text: string, keyboard?: InlineKeyboard) => Promise<void>,
): Promise<"done" | "held" | "back"> {
  const { d, deps, ctx } = run;
  const id = d.groupId;
  if (!id) return "back";
  // A customer who pays first is shown one QR for the group; its confirm waits for the agent's approval.
  const payment = await run.conversation.external(() => deps.bookings.payment(id));
  if (payment?.kind === "prepay") return askGroupPayment(run, id);
  const outcome = await run.conversation.external(() => deps.bookings.confirmGroup(id));
  await tick(run);
  run.heldGroup = outcome.view;
  const env = {
    t: (k: string, a?: Record<string, string | number>) => ctx.t(k, a),
    locale: localeOf(ctx),
    audience: run.agentId !== null ? ("customer" as const) : ("staff" as const),
  };
  switch (outcome.kind) {
    case "paid": {
      // An agent's own sale, with a PromptPay ID to collect to: the receipt offers a payment request
      // (the QR for the group's selling total), handled outside the flow (features/payments).
      const payee =
        run.agentId === null
          ? await run.conversation.external(async () => (await deps.payments.payeeFor(run.userId)) ?? null)
          : null;
      const request = payee
        ? new InlineKeyboard().text(ctx.t("pay-btn-request"), paymentData("request", id))
        : undefined;
      await deliver(confirmedGroupText(outcome.view, d.course, env), request);
      await sendGroupCalendar(run, outcome.view);
      await run.conversation.external((outside) =>
        deliverVoucher(
          deps,
          { group: outcome.view },
          { chatId: run.chatId, locale: env.locale, botUsername: outside.me.username },
        ),
      );
      await run.conversation.external(() => deps.notifications.afterGroupPaid(id, outcome.balanceAfter));
      return "done";
    }
    case "insufficient":
      d.notice = { key: "confirm-insufficient" };
      return "held";
    case "failed":
      d.notice = { key: outcome.stop.error?.userMessageKey ?? "partner-error-generic" };
      return outcome.view.group.state === "HELD" ? "held" : "back";
    case "busy":
      d.notice = { key: "confirm-busy" };
      run.retry = "confirm";
      d.step = "stuck";
      return "back";
    case "partial":
    case "unknown":
      await deliver(groupOutcomeText(outcome.kind, outcome.view, d.course, env));
      if (outcome.view.flights.some((f) => f.state === "PAID")) {
        await sendGroupCalendar(run, outcome.view);
        await run.conversation.external((outside) =>
          deliverVoucher(
            deps,
            { group: outcome.view },
            { chatId: run.chatId, locale: env.locale, botUsername: outside.me.username },
          ),
        );
      }
      return "done";
    case "expired":
    case "not-held":
      // The holds are gone: the same flights may be held again from the group step.
      d.groupId = undefined;
      d.notice = { key: "hold-expired" };
      d.step = d.group ? "group" : "slot";
      return "back";
  }
}

/** One calendar file with an event per paid flight. */
async function sendGroupCalendar(run: FlowRun, view: GroupView): Promise<void> {
  const { ctx, d } = run;
  const locale = localeOf(ctx);
  const name = d.course ? courseName(d.course, locale) : view.group.course_name;
  const file = groupIcs(view, {
    t: (k, args) => ctx.t(k, args),
    courseName: name,
    ...(d.course?.address ? { address: d.course.address } : {}),
    ...(d.course ? { place: { lat: d.course.lat, lon: d.course.lon, website: d.course.website } } : {}),
    now: run.now,
  });
  if (!file) return;
  await ctx.api
    .sendDocument(run.chatId, new InputFile(Buffer.from(file.ics, "utf8"), file.filename), {
      caption: ctx.t("ics-group-caption", { flights: file.paid, date: formatDate(file.date, locale) }),
    })
    .catch((error: unknown) => {
      if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
    });
}
