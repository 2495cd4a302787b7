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
 * agent's request are decided by a person. A trip instalment's slip goes through the same `judgeSlip`,
 * `checkWithRetries` and `runDueRetry` (`../trips/slip-check.ts`).
 */
import type { PaymentRecord } from "../../../bookings/payments.js";
import type { SlipOutcome } from "../../../bookings/service.js";
import { parsePromptPayId } from "../../../payments/promptpay.js";
import type { SlipQr } from "../../../payments/slip-scan.js";
import { createSlipCheckRetries, type SlipCheckRetry, type SlipRefusal } from "../../../payments/slip-check/index.js";
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
  const slip = { owner: payment.booking_id, qr: { text: qr.text, transRef: qr.transRef }, ends: payableHoldEnd(out) };
  return checkWithRetries(deps, slip, () => askSlipCheck(ctx, payment, slip.qr));
}

/** The bank's delay: the slip is to be asked about again after `afterMs`. */
export type RetryAsk = { kind: "retry"; afterMs: number };

const isRetry = (x: { kind: string }): x is RetryAsk => x.kind === "retry";

/**
 * A slip's first ask (`ask`, a booking's or a trip instalment's) with the bank's delay scheduled: a delay is kept in
 * `slip_check_retries` under the payment's `owner` name and asked again by the leader (slip-retries.ts) no later
 * than the margin before `ends` (a booking's hold, a trip instalment's window), else left to a person at once.
 * Any other answer forgets an earlier slip's retry (a newer slip decided, or left to a person).
 */
export async function checkWithRetries<T extends { kind: string }>(
  deps: BotContext["deps"],
  slip: { owner: string; qr: { text: string; transRef: string }; ends: number | undefined },
  ask: () => Promise<T | RetryAsk>,
): Promise<T | Extract<CheckedSlip, { kind: "retrying" | "undecided" }>> {
  const retries = createSlipCheckRetries(deps.storage.db);
  const checked = await ask();
  if (!isRetry(checked)) {
    await retries.forget(slip.owner);
    return checked;
  }
  const provider = deps.slipCheck!.provider;
  const now = deps.now();
  const at = nextAsk(now, checked.afterMs, slip.ends);
  const minutes = Math.ceil(checked.afterMs / 60_000);
  if (at === undefined) return { kind: "undecided", provider, why: `bank-delay ${minutes} min` };
  const { qr } = slip;
  await retries.schedule({ bookingId: slip.owner, qrText: qr.text, transRef: qr.transRef, dueAt: at, arrivedAt: now });
  return { kind: "retrying", provider, minutes: Math.max(1, Math.ceil((at - now) / 60_000)) };
}

/**
 * One due retry of a slip (a booking's or a trip instalment's), claimed by the leader's pass: given up when `ends`
 * is about to come (`giveUp`: a person decides), else asked (`ask`); the bank's delay again moves the retry (at
 * most to the margin, else given up), any other answer forgets it and is `settle`d by the caller.
 */
export async function runDueRetry<T extends { kind: string }>(
  deps: BotContext["deps"],
  retry: SlipCheckRetry,
  o: {
    ends: number | undefined;
    ask: () => Promise<T | RetryAsk>;
    giveUp: () => Promise<void>;
    settle: (checked: T) => Promise<void>;
  },
): Promise<void> {
  const retries = createSlipCheckRetries(deps.storage.db);
  const id = retry.bookingId;
  const giveUp = async () => {
    await retries.forget(id);
    await o.giveUp();
  };
  // The last ask is scheduled at the margin; a pass a little late still makes it, not one in the last minute.
  if (o.ends === undefined || deps.now() >= o.ends - RETRY_MARGIN_MS / 2) return giveUp();
  const checked = await o.ask();
  if (isRetry(checked)) {
    const at = nextAsk(deps.now(), checked.afterMs, o.ends);
    if (at === undefined) return giveUp();
    deps.logger.info({ bookingId: id, attempts: retry.attempts + 1, at }, "slip check: the bank's delay again");
    return retries.reschedule(id, at);
  }
  await retries.forget(id);
  await o.settle(checked);
}

/** What the slip check (or the references already accepted) made of a slip, and what to record of it. */
export type SlipJudgement =
  | { kind: "verified"; transRef: string }
  | { kind: "refused"; reason: SlipRefusal; said: string }
  | { kind: "retry"; afterMs: number; said: string }
  | { kind: "undecided"; why: string; said: string };

/**
 * The slip check's word on a slip for a payment (`owner`: a booking's or a group's id, or a trip instalment's
 * `trip:<trip>:<kind>`): a reference already accepted for something else is a duplicate with no call; otherwise
 * the service is asked once, against the exact `amount` (satang), the `payee` the QR was made for and the time
 * the payment was asked for (`notBefore`). `said` is what the caller records of it (`slip_check`).
 */
export async function judgeSlip(
  deps: BotContext["deps"],
  ask: {
    owner: string;
    qr: { text: string; transRef: string };
    amount: number;
    payee: string | null;
    notBefore?: number;
  },
): Promise<SlipJudgement> {
  const check = deps.slipCheck!;
  const { owner } = ask;
  // A transfer already accepted for another payment: a duplicate, with no call to the service.
  const accepted = await deps.bookings.acceptedRefOf(ask.qr.transRef);
  if (accepted !== undefined && accepted !== owner) {
    deps.logger.info({ bookingId: owner, acceptedFor: accepted }, "slip check: a transfer already accepted, no call");
    return { kind: "refused", reason: "duplicate", said: "refused:duplicate" };
  }
  const promptPayId = ask.payee ? parsePromptPayId(ask.payee) : undefined;
  const verdict = await check.check({
    qrText: ask.qr.text,
    expectedAmountSatang: ask.amount,
    payee: promptPayId ? { promptPayId } : {},
    ...(ask.notBefore !== undefined ? { notBefore: ask.notBefore } : {}),
  });
  deps.logger.info(
    { bookingId: owner, verdict: verdict.kind, ...("reason" in verdict ? { reason: verdict.reason } : {}) },
    "slip checked",
  );
  switch (verdict.kind) {
    case "refused":
      return { kind: "refused", reason: verdict.reason, said: `refused:${verdict.reason}` };
    case "retry-later":
      return { kind: "retry", afterMs: verdict.afterMs, said: "retry-later" };
    case "unavailable":
      return { kind: "undecided", why: verdict.reason, said: `unavailable:${verdict.reason}` };
    case "verified":
      return { kind: "verified", transRef: verdict.transRef };
  }
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
): Promise<CheckedSlip | RetryAsk> {
  const { deps } = env;
  const provider = deps.slipCheck!.provider;
  const bookingId = payment.booking_id;
  const judged = await judgeSlip(deps, {
    owner: bookingId,
    qr,
    amount: payment.amount,
    payee: payment.payee,
    notBefore: payment.created_at,
  });
  if (judged.kind !== "verified") await deps.bookings.recordSlipCheck(bookingId, judged.said);
  if (judged.kind === "refused") return { kind: "refused", provider, reason: judged.reason };
  if (judged.kind === "retry") return { kind: "retry", afterMs: judged.afterMs };
  if (judged.kind === "undecided") return { kind: "undecided", provider, why: judged.why };
  const decided = await deps.bookings.approveCheckedSlip(bookingId, { provider, transRef: judged.transRef });
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

/** The provider's name as people read it (`slipok` → SlipOK). */
export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/**
 * The deciders' line about the slip check, in their language (HTML); `whyKey` names a refusal's reason
 * (default `pay-check-why-<reason>`).
 */
export function checkLine(
  checked: CheckedSlip,
  r: Reader,
  amount: string,
  whyKey = (reason: SlipRefusal) => `pay-check-why-${reason}`,
): string {
  const provider = providerName(checked.provider);
  switch (checked.kind) {
    case "booked":
      return r.t("pay-card-check-verified", { provider, code: escapeHtml(checked.code) });
    case "refused":
      return r.t("pay-card-check-refused", { provider, why: r.t(whyKey(checked.reason), { amount }) });
    case "not-booked":
      return r.t("pay-card-check-not-booked", { provider });
    case "undecided":
      return r.t("pay-card-check-undecided", { provider, why: escapeHtml(checked.why) });
    case "retrying":
      return r.t("pay-card-check-retrying", { provider, minutes: checked.minutes });
  }
}
