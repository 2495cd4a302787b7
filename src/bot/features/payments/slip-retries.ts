/**
 * The slip check's retries, run on the leader (app/leader-jobs.ts): a slip the service answered "the bank
 * has not said yet" (SlipOK 1010, with its wait) is asked again by itself at the time kept in
 * `slip_check_retries` (migration 026: a restart or another instance finds it), within the payment's hold,
 * until it is decided, a person decides first, or the hold is about to end (then a person decides):
 *
 * | the payment when due          | the retry                     | who is told                                    |
 * | ----------------------------- | ----------------------------- | ---------------------------------------------- |
 * | no longer waiting for a word  | forgotten (a person decided)  | nobody                                         |
 * | hold ends within the margin   | forgotten, `retry-later:gave-up` | deciders: could not decide; customer: with agent |
 * | verified and booked           | forgotten                     | customer: verified + receipt; deciders: booked |
 * | verified, a person's tap first | forgotten                    | nobody (the tap tells them: one receipt)       |
 * | refused                       | forgotten                     | customer: why; deciders: refused               |
 * | the bank's delay again        | moved (at most to the margin) | nobody                                         |
 * | unavailable / not booked      | forgotten                     | deciders: a person decides                     |
 *
 * A pass claims each row before asking (slip-check/retries.ts), so no slip is asked twice for one turn. A trip
 * instalment's slip (`trip:<trip>:<kind>`) follows the same rules within its window (`../trips/slip-check.ts`).
 */
import type { PaymentRecord } from "../../../bookings/payments.js";
import { createSlipCheckRetries, type SlipCheckRetry } from "../../../payments/slip-check/index.js";
import { formatBaht } from "../../format/money.js";
import { escapeHtml } from "../../format/html.js";
import type { BotContext } from "../../context.js";
import { payableHoldEnd, readerIn } from "./messages.js";
import { askSlipCheck, checkLine, countCheck, runDueRetry, type CheckedSlip } from "./slip-check.js";
import { tripSlipOwnerOf } from "../../../trips/service.js";
import { retryTripSlip } from "../trips/slip-check.js";
import { periodicPass } from "../../../runtime/periodic.js";
import { deciders } from "./who-decides.js";

export interface SlipRetriesOptions {
  /** The bot's deps and username, read when a pass runs (the username is known once the bot is initialised). */
  env: () => Pick<BotContext, "deps" | "me">;
  /** How often it looks, ms (default 15 s: a retry is asked at most this late). */
  intervalMs?: number;
}

/** How long a claimed retry is another pass's to leave alone: one ask (15 s at most) and the approval. */
const CLAIM_MS = 2 * 60_000;

export function createSlipRetries(options: SlipRetriesOptions) {
  const intervalMs = options.intervalMs ?? 15_000;

  async function retryOne(env: Pick<BotContext, "deps" | "me">, retry: SlipCheckRetry): Promise<void> {
    const { deps } = env;
    const id = retry.bookingId;
    // A trip instalment's slip: the trips' side decides and tells (features/trips/slip-check.ts).
    if (tripSlipOwnerOf(id)) return retryTripSlip(env, retry);
    const payment = await deps.bookings.payment(id);
    // Decided meanwhile (a person's tap, a newer slip's check), or ended with its hold: nothing to ask.
    if (!payment || payment.state !== "submitted" || !deps.slipCheck)
      return createSlipCheckRetries(deps.storage.db).forget(id);
    const what = await deps.bookings.payable(id);
    const provider = deps.slipCheck.provider;
    await runDueRetry(deps, retry, {
      ends: payableHoldEnd(what),
      ask: () => askSlipCheck(env, payment, { text: retry.qrText, transRef: retry.transRef }),
      giveUp: async () => {
        await deps.bookings.recordSlipCheck(id, "retry-later:gave-up");
        await tell(env, payment, what.booking, { kind: "undecided", provider, why: "bank-delay" }, retry);
      },
      settle: async (checked) => {
        // Verified, but a person's tap approved it first: their tap tells the customer (one receipt) and the
        // deciders what its confirm did; nothing more to say here.
        if (checked.kind === "not-booked" && (await approvedByPerson(deps, id))) return;
        await tell(env, payment, what.booking, checked, retry);
      },
    });
  }

  /** Whether a person (not the slip check) approved the payment. */
  async function approvedByPerson(deps: BotContext["deps"], id: string): Promise<boolean> {
    const now = await deps.bookings.payment(id);
    return now?.state === "approved" && now.decided_via === null;
  }

  /** The customer and the deciders told what the retry decided (the card they have is the slip's first word). */
  async function tell(
    env: Pick<BotContext, "deps" | "me">,
    payment: PaymentRecord,
    booking: { customer_name: string; user_id: string | number; chat_id: string | number },
    checked: CheckedSlip,
    retry: SlipCheckRetry,
  ): Promise<void> {
    const { deps } = env;
    countCheck(deps, checked, retry.arrivedAt);
    const customer = readerIn(await deps.notifications.localeOf(Number(booking.user_id)));
    const amount = formatBaht(payment.amount, customer.locale);
    const text =
      checked.kind === "booked"
        ? customer.t("pay-slip-verified", { amount })
        : checked.kind === "refused"
          ? customer.t("pay-slip-check-refused", { why: customer.t(`pay-check-why-${checked.reason}`, { amount }) })
          : customer.t("pay-slip-received", { amount });
    // Booked: this line follows the receipt the approval sent (askSlipCheck), both through the outbox.
    await deps.notifications.deliver({ chatId: Number(booking.chat_id), text, what: "payment-slip-rechecked" });
    for (const to of await deciders(env, payment)) {
      const r = readerIn(await deps.notifications.localeOf(to));
      await deps.notifications.deliver({
        chatId: to,
        text: r.t("pay-check-retry-result", {
          customer: escapeHtml(booking.customer_name),
          reference: escapeHtml(payment.reference),
          line: checkLine(checked, r, formatBaht(payment.amount, r.locale)),
        }),
        what: "payment-slip-rechecked",
      });
    }
  }

  /** One pass over the retries due; never throws (a failed one is asked again once its claim lapses). */
  async function tick(): Promise<void> {
    const env = options.env();
    const { deps } = env;
    const retries = createSlipCheckRetries(deps.storage.db);
    let due: SlipCheckRetry[];
    try {
      due = await retries.due(deps.now());
    } catch (error) {
      deps.logger.error({ err: error }, "slip check retries not read");
      return;
    }
    for (const retry of due) {
      try {
        if (await retries.claim(retry, deps.now() + CLAIM_MS)) await retryOne(env, retry);
      } catch (error) {
        deps.logger.error({ err: error, bookingId: retry.bookingId }, "slip check retry failed");
      }
    }
  }

  // A fresh pass now after any under way (`tick`, tests call it after moving the clock), every interval once started.
  return periodicPass(tick, intervalMs);
}

export type SlipRetries = ReturnType<typeof createSlipRetries>;
