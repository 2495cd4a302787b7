/**
 * A customer's slip, once read, asked of the slip-verification service (`deps.slipCheck`, when SLIP_CHECK_*
 * configures one), outside any conversation and any database transaction (the slip handler is plain
 * middleware; each ledger write is its own statement):
 *
 * | verdict       | the payment                                         | the customer        | the agent's card           |
 * | ------------- | --------------------------------------------------- | ------------------- | -------------------------- |
 * | (ref accepted | stays open: refused as a duplicate, no call made    | told why            | buttons + the refusal      |
 * |  before)      |                                                     |                     |                            |
 * | verified      | approved as a person's tap is (`approveCheckedSlip`, | receipt when booked | no buttons when booked,    |
 * |               | `decided_via` = `slip-check:<provider>`)            |                     | else buttons to retry      |
 * | refused       | stays open (`slip_check` = `refused:<reason>`)      | told why            | buttons + the refusal      |
 * | retry-later   | stays open: asked again by itself within the hold   | told it is retried  | buttons + "asks again"     |
 * |               | (slip-retries.ts), then a person decides            |                     |                            |
 * | unavailable   | stays open: a person decides                        | slip with the agent | buttons + "could not decide"|
 *
 * Only a verified transfer confirms without a tap; every other slip waits for a person as before. Only
 * a booking's or a group's pay-first payment is checked (kind `prepay`): a move's difference and an
 * agent's request are decided by a person.
 */
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { SlipOutcome } from "../../../bookings/service.js";
import { parsePromptPayId } from "../../../payments/promptpay.js";
import type { SlipQr } from "../../../payments/slip-scan.js";
import { createSlipCheckRetries, type SlipRefusal } from "../../../payments/slip-check/index.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { sendGroupReceipt, sendReceipt } from "./receipts.js";
import { payableHoldEnd, type Reader } from "./messages.js";

/** What the slip check made of a slip, for the customer's answer and the deciders' cards. */
export type CheckedSlip =
  /** Verified and booked: the receipt is on its way; the cards need no buttons. */
  | { kind: "booked"; provider: string; code: string }
  /** Refused (`reason`): the customer is told why; a person may still decide. */
  | { kind: "refused"; provider: string; reason: SlipRefusal }
  /** Verified, but not booked by it (the partner's confirm failed or the holds ended): a person looks. */
  | { kind: "not-booked"; provider: string }
  /** The service could not decide (its reason): a person decides. */
  | { kind: "undecided"; provider: string; why: string }
  /** The bank has not answered yet: asked again by itself in `minutes` (slip-retries.ts); a person may decide first. */
  | { kind: "retrying"; provider: string; minutes: number };

/** What deciding a slip needs, in an update or in the leader's retry pass: the bot's deps, its username. */
export type SlipCheckEnv = Pick<BotContext, "deps" | "me">;

/** The provider's name as the deciders read it. */
const PROVIDER_NAMES: Record<string, string> = { slipok: "SlipOK", easyslip: "EasySlip", local: "SlipOK" };

/** A retry is not asked for later than this before the hold's end (the approval's partner confirm needs time). */
export const RETRY_MARGIN_MS = 2 * 60_000;
/** The shortest wait between two asks, whatever the service says. */
const MIN_RETRY_MS = 30_000;

/**
 * When to ask again after a wait of `afterMs`: no later than the margin before the hold ends (a last ask
 * then), undefined when even that has passed (a person decides).
 */
export function nextAsk(now: number, afterMs: number, holdEnds: number | undefined): number | undefined {
  if (holdEnds === undefined) return undefined;
  const last = holdEnds - RETRY_MARGIN_MS;
  const next = Math.min(now + Math.max(afterMs, MIN_RETRY_MS), last);
  return next > now ? next : undefined;
}

/**
 * Asks the slip check about a slip just submitted for a booking's payment, and acts on its verdict (see
 * the table above). Undefined when nothing was asked (no slip check, not a prepay).
 */
export async function checkSlip(
  ctx: BotContext,
  out: Extract<SlipOutcome, { kind: "submitted" }>,
  qr: SlipQr,
): Promise<CheckedSlip | undefined> {
  const { deps } = ctx;
  const payment = out.payment;
  if (!deps.slipCheck || payment.kind !== "prepay") return undefined;
  const bookingId = payment.booking_id;
  const retries = createSlipCheckRetries(deps.storage.db);
  const checked = await askSlipCheck(ctx, payment, { text: qr.text, transRef: qr.transRef });
  if (checked.kind !== "retry") {
    // A newer slip decided (or left to a person): an earlier one's retry is over.
    await retries.forget(bookingId);
    return checked;
  }
  const provider = deps.slipCheck.provider;
  const now = deps.now();
  const at = nextAsk(now, checked.afterMs, payableHoldEnd(out));
  const minutes = Math.ceil(checked.afterMs / 60_000);
  if (at === undefined) return { kind: "undecided", provider, why: `bank-delay ${minutes} min` };
  await retries.schedule({ bookingId, qrText: qr.text, transRef: qr.transRef, dueAt: at, arrivedAt: now });
  return { kind: "retrying", provider, minutes: Math.max(1, Math.ceil((at - now) / 60_000)) };
}

/**
 * Asks the slip check once about a payment's slip (its QR's text and reference) and acts on the verdict:
 * a reference already accepted for another payment is refused with no call; verified is approved and, once
 * booked, the customer's receipt sent; the bank's delay is `retry` (the caller schedules it).
 */
export async function askSlipCheck(
  env: SlipCheckEnv,
  payment: PaymentRecord,
  qr: { text: string; transRef: string },
): Promise<CheckedSlip | { kind: "retry"; afterMs: number }> {
  const { deps } = env;
  const check = deps.slipCheck!;
  const provider = check.provider;
  const bookingId = payment.booking_id;
  // A transfer already accepted for another payment: a duplicate, with no call to the service.
  const accepted = await deps.bookings.acceptedRefOf(qr.transRef);
  if (accepted !== undefined && accepted !== bookingId) {
    await deps.bookings.recordSlipCheck(bookingId, "refused:duplicate");
    deps.logger.info({ bookingId, acceptedFor: accepted }, "slip check: a transfer already accepted, no call");
    return { kind: "refused", provider, reason: "duplicate" };
  }
  const promptPayId = parsePromptPayId(payment.payee);
  const verdict = await check.check({
    qrText: qr.text,
    expectedAmountSatang: payment.amount,
    payee: promptPayId ? { promptPayId } : {},
    notBefore: payment.created_at,
  });
  deps.logger.info(
    { bookingId, verdict: verdict.kind, ...("reason" in verdict ? { reason: verdict.reason } : {}) },
    "slip checked",
  );
  switch (verdict.kind) {
    case "refused":
      await deps.bookings.recordSlipCheck(bookingId, `refused:${verdict.reason}`);
      return { kind: "refused", provider, reason: verdict.reason };
    case "retry-later":
      await deps.bookings.recordSlipCheck(bookingId, "retry-later");
      return { kind: "retry", afterMs: verdict.afterMs };
    case "unavailable":
      await deps.bookings.recordSlipCheck(bookingId, `unavailable:${verdict.reason}`);
      return { kind: "undecided", provider, why: verdict.reason };
    case "verified":
      break;
  }
  const decided = await deps.bookings.approveCheckedSlip(bookingId, { provider, transRef: verdict.transRef });
  if (decided.kind === "duplicate") return { kind: "refused", provider, reason: "duplicate" };
  if (decided.kind === "approved" && decided.confirm.kind === "paid") {
    const booking = decided.confirm.booking;
    await sendReceipt(env, booking);
    await deps.notifications.afterPaid(bookingId, decided.confirm.balanceAfter);
    return { kind: "booked", provider, code: booking.reservation_code ?? "-" };
  }
  if (decided.kind === "group-approved" && decided.confirm.kind === "paid") {
    const view = decided.confirm.view;
    await sendGroupReceipt(env, view);
    await deps.notifications.afterGroupPaid(view.group.id, decided.confirm.balanceAfter);
    return { kind: "booked", provider, code: view.flights.map((f) => f.reservation_code ?? "-").join(", ") };
  }
  deps.logger.warn({ bookingId, outcome: decided.kind }, "slip verified but not booked: a person looks");
  return { kind: "not-booked", provider };
}

/** The slip check's decision in the metrics: its outcome, and the time from the slip (`arrived`) to booked. */
export function countCheck(deps: BotContext["deps"], checked: CheckedSlip, arrived: number): void {
  const m = deps.slipMetrics;
  if (!m || checked.kind === "retrying") return;
  if (checked.kind === "booked") {
    m.slipChecked("booked", "");
    m.slipConfirmed((deps.now() - arrived) / 1000);
  } else if (checked.kind === "refused") m.slipChecked("refused", checked.reason);
  else m.slipChecked("person", checked.kind === "undecided" ? checked.why.replace(/ .*/, "") : "not-booked");
}

/** The deciders' line about the slip check, in their language (HTML). */
export function checkLine(checked: CheckedSlip, r: Reader, amount: string): string {
  const provider = PROVIDER_NAMES[checked.provider] ?? checked.provider;
  switch (checked.kind) {
    case "booked":
      return r.t("pay-card-check-verified", { provider, code: escapeHtml(checked.code) });
    case "refused":
      return r.t("pay-card-check-refused", { provider, why: r.t(`pay-check-why-${checked.reason}`, { amount }) });
    case "not-booked":
      return r.t("pay-card-check-not-booked", { provider });
    case "undecided":
      return r.t("pay-card-check-undecided", { provider, why: escapeHtml(checked.why) });
    case "retrying":
      return r.t("pay-card-check-retrying", { provider, minutes: checked.minutes });
  }
}
