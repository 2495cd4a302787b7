import type { Conversation } from "@grammyjs/conversations";
import { GrammyError, InlineKeyboard } from "grammy";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { initialDraft } from "./draft.js";
import { heldPanel } from "./hold.js";
import { waitInput } from "./input.js";
import { Panel } from "./panel.js";
import { tick, viewEnv, type FlowRun } from "./run.js";
import { handleInput, loadCourseList } from "./steps.js";
import { renderStep } from "./views.js";
import { parseBookingName } from "../../validation/customer.js";

/** The conversation's id. */
export const BOOKING_CONVERSATION = "booking";

/**
 * Version of the booking flow's stored state. Bump it on EVERY change to the code under this folder:
 * a stored conversation of another version is discarded (the user is told to start again) instead of
 * being replayed against code it was not recorded with.
 */
export const BOOKING_FLOW_VERSION = 9;

/** How long the flow waits for the next tap before it ends by itself. */
export const BOOKING_IDLE_MS = 2 * 60 * 60 * 1000;

/** Arguments of `ctx.conversation.enter(BOOKING_CONVERSATION, args)`: plain JSON. */
export interface BookingArgs {
  /** Preselect this course (a customer link bound to a course). */
  courseId?: string;
  /** Credit the booking to this agent (a customer link). */
  agentId?: number;
  /** The customer's name from their Telegram profile, offered as "Keep" at the name step. */
  customerName?: string;
}

const TEXT_STEPS = new Set(["customer", "name", "email", "mobile"]);

/**
 * The guided booking: course → date → slot → players → golfer details → hold → confirm.
 * Every partner call, database access, clock read and random id goes through `conversation.external`.
 */
export function createBookingConversation(deps: BotDeps) {
  return async function booking(conversation: Conversation<BotContext, FlowContext>, ctx: FlowContext, args?: BookingArgs) {
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const [nonce, firstId] = await conversation.external(() => [
      crypto.randomUUID().replaceAll("-", "").slice(0, 6),
      crypto.randomUUID(),
    ]);
    const run: FlowRun = {
      conversation,
      deps,
      d: initialDraft(firstId),
      panel: new Panel(chatId),
      nonce,
      chatId,
      userId,
      agentId: args?.agentId ?? null,
      ctx,
      now: 0,
      edit: false,
    };
    await tick(run);
    run.d.recent = await conversation.external(() => deps.bookings.recentCustomers(userId));
    await loadCourseList(run);
    const prefill = args?.customerName ? parseBookingName(args.customerName) : undefined;
    if (prefill?.ok) run.d.name = prefill.value;
    const preset = args?.courseId ? run.d.courses.find((c) => c.id === args.courseId) : undefined;
    if (preset) {
      run.d.course = preset;
      run.d.step = "course-info";
    }

    for (;;) {
      const view = run.d.step === "held" && run.held ? heldPanel(run, run.held, run.d.notice ? run.ctx.t(run.d.notice.key, run.d.notice.args) : undefined) : renderStep(run.d, viewEnv(run));
      await run.panel.show(run.ctx, view, run.edit);
      run.d.notice = undefined;
      const input = await waitInput(conversation, {
        nonce,
        panelId: run.panel.messageId,
        text: TEXT_STEPS.has(run.d.step),
        contact: run.d.step === "mobile",
      });
      run.ctx = input.ctx;
      if (input.ctx.callbackQuery) await input.ctx.answerCallbackQuery();
      await tick(run);
      if (input.kind === "resume") {
        // The Resume / Start over offer is answered: its buttons go too, so a later tap on it cannot
        // start over (and release the hold of) whatever booking runs by then.
        await input.ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch((e: unknown) => {
          if (!(e instanceof GrammyError)) throw e;
        });
        await run.panel.retire(run.ctx);
        run.edit = false;
        continue;
      }
      run.edit = input.kind === "button";
      if ((await handleInput(run, input)) === "done") return;
    }
  };
}
