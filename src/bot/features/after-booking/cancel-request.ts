/**
 * A booker, the agent credited with a booking or a golfer who claimed its copy asks the admins to cancel
 * a paid booking: "Request cancellation" (`cr:<bookingId>`, in /mybookings and in reminders), an
 * optional reason (typed, or Skip; /cancel drops it), then a card to every admin. Kept outside the
 * booking conversation: the reason step is a small state in the session.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import { parseCancelRequestData, parseRequestData, requestData } from "../../callback-data.js";
import type { BotContext, BotDeps } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { sendRequestCards } from "./request-cards.js";

/** How long the reason prompt waits for an answer. */
const REASON_WAIT_MS = 15 * 60_000;

/** Whether `userId` may ask to cancel `b`: its booker, its crediting agent, or a golfer who claimed its copy. */
export async function mayRequest(deps: BotDeps, b: BookingRecord, userId: number): Promise<boolean> {
  if (Number(b.user_id) === userId || (b.agent_id !== null && Number(b.agent_id) === userId)) return true;
  return deps.golferCopies.isViewer(b.id, userId);
}

/** Whether a cancellation may be asked for now: paid, the tee-off still ahead. */
export function requestable(b: BookingRecord, now: number): boolean {
  return b.state === "PAID" && b.slot_starts_at > now;
}

/**
 * Whether a group's cancellation may be asked for now: a tee time of it paid, the first paid one still
 * ahead. A group's request names the group (`cr:<groupId>`); approving it refunds every paid tee time.
 */
export function groupRequestable(view: GroupView, now: number): boolean {
  const paid = view.flights.filter((f) => f.state === "PAID");
  return paid.length > 0 && paid[0]!.slot_starts_at > now;
}

type Checked = { booking: BookingRecord; group?: GroupView } | { refusal: string };

/** A group's request: its booker or crediting agent, a paid tee time ahead, no request open for it. */
async function checkGroup(ctx: BotContext, view: GroupView): Promise<Checked> {
  const userId = ctx.from?.id;
  const { group } = view;
  const first = view.flights.find((f) => f.state === "PAID") ?? view.flights[0];
  if (!first || userId === undefined || (Number(group.user_id) !== userId && Number(group.agent_id) !== userId))
    return { refusal: "my-bookings-not-found" };
  if (!groupRequestable(view, ctx.deps.now())) return { refusal: "cancel-request-not-paid" };
  if (await ctx.deps.cancelRequests.openFor(group.id)) return { refusal: "cancel-request-exists" };
  for (const f of view.flights)
    if (f.state === "PAID" && (await ctx.deps.bookings.openMoveOf(f.id)))
      return { refusal: "cancel-request-move-open" };
  return { booking: first, group: view };
}

/** Why `userId` cannot ask to cancel booking (or group) `id` now (a localized message key), or the booking. */
async function check(ctx: BotContext, id: string): Promise<Checked> {
  const group = await ctx.deps.bookings.getGroup(id);
  if (group) return checkGroup(ctx, group);
  const booking = await ctx.deps.bookings.get(id);
  // Someone else's booking (forged or copied data) reads exactly like a missing one.
  if (!booking || ctx.from === undefined || !(await mayRequest(ctx.deps, booking, ctx.from.id)))
    return { refusal: "my-bookings-not-found" };
  if (!requestable(booking, ctx.deps.now())) return { refusal: "cancel-request-not-paid" };
  if (await ctx.deps.cancelRequests.openFor(booking.id)) return { refusal: "cancel-request-exists" };
  // An open move owns the booking (WHILE_A_MOVE_IS_OPEN): it is called off or decided first.
  if (await ctx.deps.bookings.openMoveOf(booking.id)) return { refusal: "cancel-request-move-open" };
  return { booking };
}

async function ask(ctx: BotContext, bookingId: string): Promise<void> {
  const checked = await check(ctx, bookingId);
  if ("refusal" in checked) {
    await ctx.answerCallbackQuery({ text: ctx.t(checked.refusal), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  ctx.session.cancelRequest = { bookingId, until: ctx.deps.now() + REASON_WAIT_MS };
  const kb = new InlineKeyboard().text(ctx.t("cancel-request-skip"), requestData("skip", bookingId));
  await ctx.reply(ctx.t("cancel-request-reason"), { parse_mode: "HTML", reply_markup: kb });
}

async function submit(ctx: BotContext, bookingId: string, reason: string | null): Promise<void> {
  delete ctx.session.cancelRequest;
  const checked = await check(ctx, bookingId);
  if ("refusal" in checked) {
    await ctx.reply(ctx.t(checked.refusal));
    return;
  }
  const requests = ctx.deps.cancelRequests;
  const { created, request } = await requests.open(bookingId, ctx.from?.id ?? 0, reason);
  if (!created) {
    await ctx.reply(ctx.t("cancel-request-exists"));
    return;
  }
  ctx.deps.logger.info({ requestId: request.id, bookingId, userId: ctx.from?.id }, "cancellation requested");
  const codes = checked.group
    ? checked.group.flights.filter((f) => f.state === "PAID").map((f) => f.reservation_code ?? "-")
    : [checked.booking.reservation_code ?? "-"];
  await ctx.reply(ctx.t("cancel-request-sent", { code: escapeHtml(codes.join(", ")) }), {
    parse_mode: "HTML",
  });
  await sendRequestCards(ctx.deps, request, checked.booking, checked.group);
}

/** The waiting reason prompt of this user, if still live. */
function waiting(ctx: BotContext): string | undefined {
  const state = ctx.session.cancelRequest;
  if (!state) return undefined;
  if (state.until > ctx.deps.now()) return state.bookingId;
  delete ctx.session.cancelRequest;
  return undefined;
}

/** The requester's side: `cr:` buttons, the reason step and its Skip button (`rq:skip:`). */
export function createCancelRequestFeature() {
  const feature = new Composer<BotContext>();
  feature.callbackQuery(/^cr:/, async (ctx) => {
    const data = parseCancelRequestData(ctx.callbackQuery.data);
    if (!data) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await ask(ctx, data.bookingId);
  });
  feature.callbackQuery(/^rq:skip:/, async (ctx) => {
    const data = parseRequestData(ctx.callbackQuery.data);
    const bookingId = waiting(ctx);
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
    if (!data || bookingId !== data.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
      return;
    }
    await ctx.answerCallbackQuery();
    await submit(ctx, bookingId, null);
  });
  feature.on("message:text", async (ctx, next) => {
    const bookingId = waiting(ctx);
    if (bookingId === undefined) return next();
    const text = ctx.message.text.trim();
    if (text.startsWith("/")) {
      // Any command drops the question; /cancel says so, the others go on to their handlers.
      delete ctx.session.cancelRequest;
      if (ctx.hasCommand("cancel")) {
        await ctx.reply(ctx.t("cancel-request-dropped"));
        return;
      }
      return next();
    }
    await submit(ctx, bookingId, text.length > 0 ? text : null);
  });
  return feature;
}
