import type { Conversation } from "@grammyjs/conversations";
import { type Api, GrammyError, InlineKeyboard } from "grammy";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { PriceBook } from "../../../pricing/rules.js";
import { initialDraft } from "./draft.js";
import type { BookingArgs, SlotView } from "./entry.js";
import { loadCourse } from "./data.js";
import { createFlowHandOver, type FlowState } from "./hand-over.js";
import { heldPanel } from "./hold.js";
import { heldGroupPanel } from "./group.js";
import { waitInput } from "./input.js";
import { readPage } from "./page.js";
import { Panel, type PanelContext } from "./panel.js";
import { tick, viewEnv, type FlowRun } from "./flow-run.js";
import { handleInput } from "./steps.js";
import { renderStep } from "./views.js";
import { parseBookingName } from "../../validation/customer.js";
import { MAX_GROUP_FLIGHTS, MAX_GROUP_PLAYERS } from "../../../search/groups.js";

/**
 * Version of the booking flow's stored state: a stored conversation of another version is discarded
 * (the user is told to start again) instead of being replayed against code it was not recorded with.
 * The machine says when to move it: test/bot/conversations/flow-version.test.ts fingerprints what the
 * replay log stores (the flow's state, its arguments, every `conversation.external` result) and fails
 * when that changes while this number stays.
 */
export const BOOKING_FLOW_VERSION = 30;

/** How long the flow waits for the next tap before it ends by itself. */
export const BOOKING_IDLE_MS = 2 * 60 * 60 * 1000;

/** How long an abandoned conversation's stored log (`convo:`) is kept. */
export const BOOKING_STATE_TTL_MS = 24 * 60 * 60 * 1000;

const TEXT_STEPS = new Set(["customer", "name", "email", "mobile", "golfers"]);

/**
 * The guided booking: course → date → slot → players → golfer details → hold → confirm.
 * Every partner call, database access, clock read and random id goes through `conversation.external`.
 *
 * Bounded: the conversation shows one view, waits for one input and handles it, then hands what it
 * learnt (`FlowState`, `hand-over.ts`) across a rewind to a checkpoint taken before the view. The
 * replay log therefore holds one view's reads and never grows with the taps before it, and replaying
 * it costs the same at the 300th tap as at the 3rd. After the rewind the next view starts by taking
 * the state back (through `external`, so the new log records it and a replay sees what the view saw);
 * lists the partner gave are read per view (`page.ts`), never kept. One stored row per chat: the log.
 */
export function createBookingConversation(
  deps: BotDeps,
  panelApi: (outside: Api) => PanelContext["api"] = (outside) => outside,
) {
  const handOver = createFlowHandOver();
  return async function booking(
    conversation: Conversation<BotContext, FlowContext>,
    ctx: FlowContext,
    args?: BookingArgs,
  ) {
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const [nonce, firstId] = await conversation.external(() => [
      crypto.randomUUID().replaceAll("-", "").slice(0, 6),
      crypto.randomUUID(),
    ]);
    const version = BOOKING_FLOW_VERSION;
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
    };

    // Every view starts here: everything after this point is cut from the log at the end of the update.
    const top = conversation.checkpoint();
    // One `external` for the three reads every view starts with (each one is an operation replayed,
    // cloned and stored): the state handed over, the clock, and the language the user may have
    // switched to since the flow began (the session has it).
    const { saved, now, locale, prices } = await conversation.external(async (outside) => ({
      saved: handOver.take(chatId, nonce, version),
      now: deps.now(),
      locale: outside.session.locale,
      // What tee times sell for (the price rules, cached briefly), as plain JSON.
      prices: (await deps.prices.book()).plain(),
    }));
    run.now = now;
    if (prices) run.prices = PriceBook.from(prices);
    if (saved) {
      run.d = saved.d;
      run.panel.restore(saved.panel);
      if (saved.retry) run.retry = saved.retry;
      if (locale) ctx.i18n.useLocale(locale);
    } else {
      await start(run, args);
    }
    await readPage(run);

    // The view is rendered and shown inside one `external`, through the outside context's client
    // (`panelApi`: the flow's short retry): a replay gets the panel's new fields back from the log
    // without rendering the view again, and the log keeps those few fields rather than the Bot API's
    // answer (the whole message with its keyboard).
    const shown = await conversation.external(async (outside) => {
      const notice = run.d.notice ? run.ctx.t(run.d.notice.key, run.d.notice.args) : undefined;
      const view =
        run.d.step === "held" && run.heldGroup
          ? heldGroupPanel(run, run.heldGroup, notice)
          : run.d.step === "held" && run.held
            ? heldPanel(run, run.held, notice)
            : renderStep(run.d, viewEnv(run), run);
      await run.panel.show({ api: panelApi(outside.api), t: (key) => run.ctx.t(key) }, view);
      return run.panel.state();
    });
    run.panel.restore(shown);
    run.d.notice = undefined;
    const input = await waitInput(conversation, {
      nonce,
      panelId: run.panel.messageId,
      text: TEXT_STEPS.has(run.d.step),
      contact: run.d.step === "mobile",
    });
    run.ctx = input.ctx;
    if (input.ctx.message) await run.panel.typedBelow(run.ctx, input.ctx.message.message_id);
    // "Confirming and paying…" when the partner's confirm comes next; a customer who pays first gets the QR instead.
    const confirming =
      input.kind === "button" && input.action === "ok" && run.d.step === "held" && run.payment?.kind !== "prepay";
    if (input.ctx.callbackQuery)
      await input.ctx.answerCallbackQuery(confirming ? { text: `⏳ ${input.ctx.t("confirm-working")}` } : undefined);
    await tick(run);
    if (input.kind === "resume") {
      // The Resume / Start over offer is answered: its buttons go too, so a later tap on it cannot
      // start over (and release the hold of) whatever booking runs by then.
      await input.ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch((e: unknown) => {
        if (!(e instanceof GrammyError)) throw e;
      });
      await run.panel.retire(run.ctx);
    } else {
      if ((await handleInput(run, input)) === "done") {
        return;
      }
    }
    const state: FlowState = {
      version,
      nonce,
      d: run.d,
      panel: run.panel.state(),
      ...(run.retry ? { retry: run.retry } : {}),
    };
    await conversation.external(() => handOver.put(chatId, state));
    await conversation.rewind(top);
  };
}

/** The first view: the user's recent customers, and the course (date, tee time) a link or an offer names. */
async function start(run: FlowRun, args: BookingArgs | undefined): Promise<void> {
  const { conversation, deps, userId } = run;
  run.d.recent = await conversation.external(() => deps.bookings.recentCustomers(userId));
  const prefill = args?.customerName ? parseBookingName(args.customerName) : undefined;
  if (prefill?.ok) run.d.name = prefill.value;
  if (args?.courseId) {
    const preset = await loadCourse(conversation, deps, args.courseId);
    if (preset.ok && preset.value) {
      run.d.course = preset.value;
      run.d.step = "course-info";
      if (args.date && /^\d{4}-\d{2}-\d{2}$/.test(args.date))
        preselect(run, args.date, args.slot, args.persons, args.group);
    }
  }
  if (args?.notice) run.d.notice = args.notice;
}

/**
 * An offer's or a search's date, and its tee time when it is still open: the players step, or with a
 * party size the tee time takes (a search's), the golfer step.
 */
function preselect(
  run: FlowRun,
  date: string,
  slot: SlotView | undefined,
  persons: number | undefined,
  group: BookingArgs["group"],
): void {
  const { d } = run;
  d.date = date;
  d.month = date.slice(0, 7);
  d.part = "all";
  d.slotPage = 0;
  if (slot && slot.startsAt > run.now) {
    d.slot = slot;
    d.step = "players";
    if (persons !== undefined && Number.isInteger(persons) && persons >= slot.minPerson && persons <= slot.maxPerson) {
      d.persons = persons;
      d.step = d.recent.length > 0 && !d.name ? "customer" : "name";
    } else if (persons !== undefined && group && validGroup(group, slot, persons)) {
      d.persons = persons;
      d.group = { flights: group.flights };
      d.step = d.recent.length > 0 && !d.name ? "customer" : "name";
    }
  } else {
    d.fresh = true;
    d.step = "slot";
  }
}

/** A search's group as the flow takes it: at least two flights from `slot` on, each within its tee time's bounds, adding up to the party. */
function validGroup(group: NonNullable<BookingArgs["group"]>, slot: SlotView, persons: number): boolean {
  const { flights } = group;
  return (
    flights.length >= 2 &&
    flights.length <= MAX_GROUP_FLIGHTS &&
    flights[0]?.slot.id === slot.id &&
    persons <= MAX_GROUP_PLAYERS &&
    flights.reduce((sum, f) => sum + f.persons, 0) === persons &&
    flights.every((f) => Number.isInteger(f.persons) && f.persons >= f.slot.minPerson && f.persons <= f.slot.maxPerson)
  );
}
