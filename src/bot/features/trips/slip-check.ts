/**
 * A trip instalment's slip put to the slip-verification service (`deps.slipCheck`, when SLIP_CHECK_* configures
 * one; always in the playground), through the bookings' code (`../payments/slip-check.ts`: `judgeSlip`, the
 * retries' `checkWithRetries` / `runDueRetry`) and the same table of accepted references, the instalment named
 * `trip:<trip>:<kind>` there:
 *
 * | the slip           | the instalment                               | the customer (trip's language)  | the deciders' card      |
 * | ------------------ | -------------------------------------------- | ------------------------------- | ----------------------- |
 * | QR not read        | submitted: a person decides                  | slip with the agent             | buttons + QR not read   |
 * | ref accepted       | submitted (`refused:duplicate`), no call     | why; the right slip, or agent   | buttons + the refusal   |
 * | verified           | approved as by a person's Paid               | verified; received + receipt;   | no buttons: confirmed,  |
 * |                    | (`approveChecked`, `slip-check:<provider>`)  | the balance's QR; the papers    | what was booked         |
 * | refused            | submitted (`refused:<reason>`)               | why; the right slip, or agent   | buttons + the refusal   |
 * | retry-later        | submitted: asked again within the window     | checked again in N min          | buttons + "asks again"  |
 * | unavailable        | submitted: a person decides                  | slip with the agent             | buttons + why           |
 *
 * A trip has no hold: the bank's delay is asked again within the payment window (PAYMENT_WINDOW_MINUTES) from
 * the slip's arrival, the last ask two minutes before its end, then a person decides — the bookings' rules.
 */
import type { SlipCheckRetry, SlipRefusal } from "../../../payments/slip-check/index.js";
import { createSlipCheckRetries } from "../../../payments/slip-check/index.js";
import type { SlipRead } from "../../../payments/slip-reader.js";
import { parseLocale } from "../../../locale.js";
import { tripSlipOwner, tripSlipOwnerOf, type ApproveOutcome } from "../../../trips/service.js";
import type { TripInstalment, TripView } from "../../../trips/store.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { readerIn, type Reader } from "../payments/messages.js";
import {
  checkLine,
  checkWithRetries,
  countCheck,
  judgeSlip,
  providerName,
  runDueRetry,
  type CheckedSlip,
  type RetryAsk,
} from "../payments/slip-check.js";
import { readSlip } from "../payments/slips.js";
import { instalmentReference } from "../../../trips/references.js";
import { tellInstalmentApproved, tripDeciders } from "./instalments.js";

type Kind = TripInstalment["kind"];
type Env = Pick<BotContext, "deps" | "me">;

/** What the slip check made of a trip instalment's slip. */
export type TripChecked =
  | Extract<CheckedSlip, { kind: "refused" | "undecided" | "retrying" }>
  /** Verified and approved by it: the deposit's rounds booked (or the balance paid). */
  | { kind: "approved"; provider: string; out: Extract<ApproveOutcome, { kind: "approved" }> }
  /** Verified, but a person's tap approved it first (their tap told everyone). */
  | { kind: "decided"; provider: string }
  /** The slip's QR was not read (no QR, too large, not downloaded): the service was not asked. */
  | { kind: "unread"; why: string };

/** A reason's words for a trip: `too-old` says "this payment", not "this booking's". */
const whyKey = (reason: SlipRefusal) => (reason === "too-old" ? "trip-check-why-too-old" : `pay-check-why-${reason}`);

/**
 * Reads the slip of a submitted instalment (as a booking's is read: off the event loop) and puts it to the slip
 * check; a retry is scheduled for the bank's delay. Called only with a slip check configured.
 */
export async function checkTripSlip(
  ctx: BotContext,
  view: TripView,
  kind: Kind,
  file: { fileId: string; fileSize: number | undefined; sender: string },
  arrived: number,
): Promise<TripChecked> {
  const { deps } = ctx;
  const read: SlipRead | undefined = await readSlip(ctx, file);
  if (read?.kind !== "read") return { kind: "unread", why: read?.kind ?? "not-downloaded" };
  const id = view.trip.id;
  await deps.trips.recordSlip(id, kind, { ref: read.qr.transRef, at: arrived });
  const qr = { text: read.qr.text, transRef: read.qr.transRef };
  const checked = await checkWithRetries(
    deps,
    { owner: tripSlipOwner(id, kind), qr, ends: windowEnd(ctx, arrived) },
    () => askTripSlipCheck(ctx, id, kind, qr),
  );
  if (checked.kind !== "retrying") count(ctx, checked, arrived);
  return checked;
}

/** The end of a trip slip's retries: the payment window from its arrival. */
const windowEnd = (env: Env, arrived: number) => arrived + env.deps.config.payments.windowMinutes * 60_000;

/**
 * Asks the slip check once about an instalment's slip, against its exact amount, the payee its QR was made for
 * and the time it was asked for (the deposit: acceptance; the balance: the deposit's approval), and acts on the
 * verdict: verified is approved through the trips service (`approveChecked`).
 */
async function askTripSlipCheck(
  env: Env,
  tripId: string,
  kind: Kind,
  qr: { text: string; transRef: string },
): Promise<TripChecked | RetryAsk> {
  const { deps } = env;
  const provider = deps.slipCheck!.provider;
  const view = await deps.trips.get(tripId);
  const instalment = view?.instalments.find((i) => i.kind === kind);
  if (!view || !instalment) return { kind: "undecided", provider, why: "no-instalment" };
  const deposit = view.instalments.find((i) => i.kind === "deposit");
  const asked = kind === "deposit" ? view.trip.accepted_at : deposit?.decided_at;
  const judged = await judgeSlip(deps, {
    owner: tripSlipOwner(tripId, kind),
    qr,
    amount: instalment.amount,
    payee: instalment.payee ?? (await deps.payments.payeeFor(view.trip.agent_id)) ?? null,
    ...(asked != null ? { notBefore: Number(asked) } : {}),
  });
  if (judged.kind !== "verified") await deps.trips.recordSlipCheck(tripId, kind, judged.said);
  if (judged.kind === "refused") return { kind: "refused", provider, reason: judged.reason };
  if (judged.kind === "retry") return { kind: "retry", afterMs: judged.afterMs };
  if (judged.kind === "undecided") return { kind: "undecided", provider, why: judged.why };
  const out = await deps.trips.approveChecked(tripId, kind, { provider, transRef: judged.transRef });
  if (out.kind === "duplicate") return { kind: "refused", provider, reason: "duplicate" };
  if (out.kind === "approved") return { kind: "approved", provider, out };
  deps.logger.info({ tripId, kind, outcome: out.kind }, "trip slip verified, decided before");
  return { kind: "decided", provider };
}

/** The slip check's decision in the metrics, as a booking's (approved counts as confirmed with no tap). */
function count(env: Env, checked: TripChecked, arrived: number): void {
  if (checked.kind === "unread") return;
  const as: CheckedSlip =
    checked.kind === "approved"
      ? { kind: "booked", provider: checked.provider, code: "" }
      : checked.kind === "decided"
        ? { kind: "not-booked", provider: checked.provider }
        : checked;
  countCheck(env.deps, as, arrived);
}

/** The deciders' line about the slip check on a trip slip's card, in their language (HTML). */
export function tripCheckLine(
  checked: TripChecked,
  r: Reader,
  instalment: Pick<TripInstalment, "amount" | "kind">,
): string {
  const amount = formatBaht(instalment.amount, r.locale);
  switch (checked.kind) {
    case "unread":
      return r.t("trip-card-check-unread", { why: checked.why });
    case "decided":
      return r.t("trip-decided-already");
    case "approved": {
      const rounds = checked.out.rounds;
      return r.t("trip-card-check-approved", {
        provider: providerName(checked.provider),
        kind: instalment.kind,
        booked: rounds.filter((x) => x.outcome === "booked").length,
        waiting: rounds.filter((x) => x.outcome === "waiting-for-sale").length,
        failed: rounds.filter((x) => x.outcome === "failed").length,
      });
    }
    default:
      return checkLine(checked, r, amount, whyKey);
  }
}

/** What the lead customer is told of their slip, in the trip's language (`r`). */
export function tripCustomerLine(checked: TripChecked, r: Reader, instalment: Pick<TripInstalment, "amount">): string {
  const amount = formatBaht(instalment.amount, r.locale);
  switch (checked.kind) {
    case "approved":
      return r.t("trip-slip-verified", { amount });
    case "refused":
      return r.t("trip-slip-check-refused", { amount, why: r.t(whyKey(checked.reason), { amount }) });
    case "retrying":
      return r.t("pay-slip-check-retrying", { amount, minutes: checked.minutes });
    default:
      return r.t("trip-slip-received", { amount });
  }
}

/**
 * A trip slip's due retry (the leader's pass in `../payments/slip-retries.ts`): asked again while its instalment
 * waits for a word and its window lasts, then the customer and the deciders told what was decided; given up near
 * the window's end (`retry-later:gave-up`: a person decides).
 */
export async function retryTripSlip(env: Env, retry: SlipCheckRetry): Promise<void> {
  const { deps } = env;
  const owner = tripSlipOwnerOf(retry.bookingId)!;
  const view = await deps.trips.get(owner.tripId);
  const instalment = view?.instalments.find((i) => i.kind === owner.kind);
  // Decided meanwhile (a person's tap, a newer slip's check) or cancelled: nothing to ask.
  if (!view || instalment?.state !== "submitted" || !deps.slipCheck)
    return createSlipCheckRetries(deps.storage.db).forget(retry.bookingId);
  const provider = deps.slipCheck.provider;
  const qr = { text: retry.qrText, transRef: retry.transRef };
  await runDueRetry(deps, retry, {
    ends: windowEnd(env, retry.arrivedAt),
    ask: () => askTripSlipCheck(env, owner.tripId, owner.kind, qr),
    giveUp: async () => {
      await deps.trips.recordSlipCheck(owner.tripId, owner.kind, "retry-later:gave-up");
      await tellRetried(env, view, instalment, { kind: "undecided", provider, why: "bank-delay" }, retry);
    },
    settle: async (checked) => {
      // A person's tap approved it first: their tap told the customer and the deciders.
      if (checked.kind === "decided") return;
      await tellRetried(env, view, instalment, checked, retry);
      if (checked.kind === "approved")
        await tellInstalmentApproved(env, checked.out.view, owner.kind, checked.out.rounds);
    },
  });
}

/** The customer and the deciders told what a retry decided (their cards are the slip's first word). */
async function tellRetried(
  env: Env,
  view: TripView,
  instalment: TripInstalment,
  checked: TripChecked,
  retry: SlipCheckRetry,
): Promise<void> {
  const { deps } = env;
  count(env, checked, retry.arrivedAt);
  if (view.trip.customer_chat_id !== null) {
    const customer = readerIn(parseLocale(view.trip.locale, "en"));
    await deps.notifications.deliver({
      chatId: Number(view.trip.customer_chat_id),
      text: tripCustomerLine(checked, customer, instalment),
      what: "trip-slip-rechecked",
    });
  }
  for (const to of await tripDeciders(deps, view)) {
    const r = readerIn(await deps.notifications.localeOf(to));
    await deps.notifications.deliver({
      chatId: to,
      text: r.t("pay-check-retry-result", {
        customer: escapeHtml(view.trip.lead_name),
        reference: escapeHtml(instalmentReference(view.trip.id, instalment.kind)),
        line: tripCheckLine(checked, r, instalment),
      }),
      what: "trip-slip-rechecked",
    });
  }
}
