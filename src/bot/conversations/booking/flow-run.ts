import type { Conversation } from "@grammyjs/conversations";
import type { BookingRecord, GroupView } from "../../../bookings/index.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import type { PaymentRecord } from "../../../bookings/payments.js";
import { lastSaleDate } from "../../../partner/sales-window.js";
import { NO_MARKUP, type PriceBook } from "../../../pricing/rules.js";
import { courseToday } from "../../format/dates.js";
import { localeOf } from "../../i18n.js";
import { teeSheetUrl } from "../../../mini-app/url.js";
import type { CoursePage, SlotPage } from "./data.js";
import type { Draft } from "./draft.js";
import type { SlotView } from "./entry.js";
import type { Retry } from "./hand-over.js";
import type { Panel } from "./panel.js";
import type { ViewEnv } from "./views.js";

/**
 * What a step handler needs: the flow's state and its tools. Rebuilt identically on every replay; `d`,
 * `panel`, `retry` and `edit` are what `hand-over.ts` keeps between updates, the rest is read per view.
 */
export interface FlowRun {
  conversation: Conversation<BotContext, FlowContext>;
  deps: BotDeps;
  d: Draft;
  panel: Panel;
  nonce: string;
  chatId: number;
  userId: number;
  agentId: number | null;
  /** The context of the latest accepted update. */
  ctx: FlowContext;
  /** The booking whose hold is shown (step `held`), read from the ledger for the view. */
  held?: BookingRecord;
  /** The held booking's payment, when its customer pays first (read with `held`). */
  payment?: PaymentRecord;
  /** The price rules, read at the start of every update: what the user is shown a tee time costs. */
  prices?: PriceBook;
  /** The course list this view shows (step `course`). */
  courses?: CoursePage;
  /** The page of tee times this view shows (step `slot`). */
  slots?: SlotPage;
  /** The group whose holds are shown (step `held`), read from the ledger for the view. */
  heldGroup?: GroupView;
  /** The date's open tee times (step `flight`: the times a flight may move to). */
  daySlots?: SlotView[];
  /** What "Try again" repeats on the `stuck` step. */
  retry?: Retry;
  /** Epoch ms of the latest clock read (through `external`). */
  now: number;
}

/** Reads the clock through `external`, so a replay sees the same instant. */
export async function tick(run: FlowRun): Promise<number> {
  run.now = await run.conversation.external(() => run.deps.now());
  return run.now;
}

/** A fresh random id, through `external`. */
export function randomId(run: FlowRun): Promise<string> {
  return run.conversation.external(() => crypto.randomUUID());
}

/** The next view re-reads the chosen date's tee times from the partner (a slot vanished, a hold ended, Refresh). */
export function refreshSlots(run: FlowRun): void {
  run.d.fresh = true;
  run.d.slotPage = 0;
}

export function viewEnv(run: FlowRun): ViewEnv {
  const tz = run.d.course?.timeZone ?? "Asia/Bangkok";
  const today = courseToday(run.now, tz);
  const sheet = teeSheetUrl(run.deps.config.miniAppUrl);
  return {
    t: (key, args) => run.ctx.t(key, args),
    locale: localeOf(run.ctx),
    nonce: run.nonce,
    now: run.now,
    today,
    // The calendar offers what the partner sells: through its sales window's last date.
    lastDate: lastSaleDate(today),
    holdMinutes: run.deps.config.holdMinutes,
    groupGapMinutes: run.deps.config.groupMaxGapMinutes,
    isPrivate: run.ctx.chat?.type === "private",
    // Only a customer's booking carries an agent id: a customer books for themselves.
    selfBooking: run.agentId !== null,
    sell: (net) => sellingPrice(run, net),
    // Agents and admins see the net beside it (the prices were read with the view's first external).
    showNet: run.agentId === null,
    // web_app buttons are allowed in private chats only (a booking is entered by members only).
    ...(sheet && run.ctx.chat?.type === "private" ? { teeSheetUrl: sheet } : {}),
  };
}

/**
 * What a player pays for a tee time of `net` satang at the flow's course: the selling price for the
 * seller (the customer's agent, or the agent or admin booking), the one price function's answer.
 */
export function sellingPrice(run: FlowRun, net: number, courseId = run.d.course?.id ?? ""): number {
  return (run.prices ?? NO_MARKUP).perPlayer(net, { courseId, agentId: run.agentId ?? run.userId });
}
