/**
 * The warning before a pay-first hold lapses, run on the leader (app/leader-jobs.ts): a customer whose
 * payment (`prepay`, a booking's or a group's) still waits — no slip yet (at the summary or shown the QR), a
 * slip marked not received, or a slip not decided — is told `PAYMENT_WARNING_MINUTES` before the hold ends, in their language, with the
 * PromptPay QR for the exact amount again. Once per payment whatever passes, restarts or instances: the row
 * in `hold_warnings` (migration 030) is inserted before the warning is queued, and only its inserter sends.
 *
 * | the payment when the pass looks                 | the warning                                   |
 * | ----------------------------------------------- | --------------------------------------------- |
 * | pending, awaiting (QR shown) or rejected, within | the QR again, "pay by", the Cancel button     |
 * | submitted (its slip not decided yet)            | the QR again, "your slip is still checked"    |
 * | approved, cancelled, expired, …                 | none                                          |
 * | its hold ends later than the lead, or has ended | none (yet; the reaper ends a lapsed one)      |
 * | warned already (a row in `hold_warnings`)       | none                                          |
 */
import type { Kysely } from "kysely";
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { Payable } from "../../../bookings/service.js";
import { periodicPass } from "../../../runtime/periodic.js";
import type { Database, PaymentState } from "../../../storage/schema.js";
import type { BotContext } from "../../context.js";
import { formatTime } from "../../format/dates.js";
import { customerQrKeyboard, payableHoldEnd, paymentPhoto, readerIn } from "./messages.js";

/** The payment states whose customer is warned: still waiting for money or for a word on the slip. */
const WARNED_STATES = ["pending", "awaiting", "rejected", "submitted"] as const satisfies readonly PaymentState[];

/** Open payments read in one pass, at most (the rest in the next). */
const BATCH = 500;

export interface HoldWarningsOptions {
  /** The bot's deps, read when a pass runs. */
  env: () => Pick<BotContext, "deps">;
  /** How often it looks, ms (default 30 s: a warning goes out at most this late). */
  intervalMs?: number;
}

/** The once-only claim of a payment's warning: an insert only one caller wins. */
async function claimWarning(db: Kysely<Database>, bookingId: string, at: number): Promise<boolean> {
  const result = await db
    .insertInto("hold_warnings")
    .values({ booking_id: bookingId, warned_at: at })
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function createHoldWarnings(options: HoldWarningsOptions) {
  const intervalMs = options.intervalMs ?? 30_000;

  /** Whether the payment still waits and its live hold ends within the lead; its end then. */
  async function dueEnd(deps: BotContext["deps"], id: string, leadMs: number): Promise<number | undefined> {
    const what = await deps.bookings.payable(id);
    const held = (what.group?.group.state ?? what.booking.state) === "HELD";
    const ends = payableHoldEnd(what);
    if (!held || ends === undefined || ends <= deps.now() || ends - deps.now() > leadMs) return undefined;
    return ends;
  }

  async function warnOne(deps: BotContext["deps"], id: string, leadMs: number): Promise<void> {
    if ((await dueEnd(deps, id, leadMs)) === undefined) return;
    if (!(await claimWarning(deps.storage.db, id, deps.now()))) return;
    // Read again after the claim: a slip approved, or a Cancel, since the list was read is not warned.
    const payment = await deps.bookings.payment(id);
    if (!payment || payment.amount <= 0 || !(WARNED_STATES as readonly string[]).includes(payment.state)) return;
    const what = await deps.bookings.payable(id);
    const ends = payableHoldEnd(what);
    if (ends === undefined) return;
    await deps.notifications.deliver(await warning(deps, payment, what, ends));
    deps.logger.info({ bookingId: id, state: payment.state, ends }, "hold warning queued");
  }

  /** The QR again, its caption led by the warning; Cancel under it while no slip waits. */
  async function warning(deps: BotContext["deps"], payment: PaymentRecord, what: Payable, ends: number) {
    const r = readerIn(await deps.notifications.localeOf(Number(payment.user_id)));
    const slipWaits = payment.state === "submitted";
    const minutes = Math.max(1, Math.round((ends - deps.now()) / 60_000));
    const lead = r.t(slipWaits ? "pay-hold-warning-slip" : "pay-hold-warning", {
      minutes,
      time: formatTime(ends, what.booking.time_zone, r.locale),
    });
    const photo = await paymentPhoto(payment, what, r);
    return {
      chatId: Number(payment.chat_id),
      text: `⏰ <b>${lead}</b>\n\n${photo.caption}`,
      photo: { filename: `promptpay-${payment.reference}.png`, base64: photo.png.toString("base64") },
      ...(slipWaits ? {} : { replyMarkup: customerQrKeyboard(what, r) }),
      what: "payment-hold-warning",
    };
  }

  /** One pass over the payments still waiting; never throws (a failed one is tried again next pass, unless claimed). */
  async function tick(): Promise<void> {
    const { deps } = options.env();
    const leadMs = deps.config.payments.warningMinutes * 60_000;
    if (leadMs <= 0) return;
    let open: PaymentRecord[];
    try {
      open = await deps.ledger.prepaysNotWarned(WARNED_STATES, BATCH);
    } catch (error) {
      deps.logger.error({ err: error }, "hold warnings not read");
      return;
    }
    for (const payment of open) {
      try {
        await warnOne(deps, payment.booking_id, leadMs);
      } catch (error) {
        deps.logger.error({ err: error, bookingId: payment.booking_id }, "hold warning failed");
      }
    }
  }

  // A fresh pass now after any under way (`tick`, tests call it after moving the clock), every interval once started.
  return periodicPass(tick, intervalMs);
}

export type HoldWarnings = ReturnType<typeof createHoldWarnings>;
