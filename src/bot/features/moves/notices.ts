/**
 * Who hears what became of a move: the admins asked to approve it; then the one who asked, the booking's
 * agent and, for a move done or stranded, the admins (the partner's figures); the booking's customer in
 * their own words (never the partner's figures), with what becomes of the difference they paid (once done,
 * a 🧾 Receipt of it under their confirmation); and, once done, the booker's chat gets the new calendar file
 * and e-voucher.
 */
import { InlineKeyboard } from "grammy";
import type { MoveEvent, MoveOutcome, MoveView } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import type { Locale } from "../../format/locale.js";
import { escapeHtml } from "../../format/html.js";
import { translate } from "../after-booking/notices.js";
import { formatBaht } from "../../format/money.js";
import { moveData } from "./data.js";
import { moveCard, moveOutcomeText, paidDifferenceBack, whereArgs } from "./messages.js";
import { sendMoveReceipt } from "./receipt.js";
import { CREDIT_REASONS, sendCreditNote } from "../after-booking/credit-notes.js";
import { sellingOf } from "../../format/booking-money.js";

export type Told = Pick<BotDeps, "notifications" | "access" | "bookings" | "vouchers" | "catalog"> &
  /** With the receipts: a cheaper move's credit note (absent on the reaper's path: none is issued there). */
  Partial<Pick<BotDeps, "receipts" | "logger">>;

/**
 * Every admin gets a held move to approve or decline (the first tap decides; the others see it decided):
 * an agent's or a customer's, the customer's once the difference they pay first is approved.
 */
export async function askAdmins(
  deps: Pick<BotDeps, "notifications" | "access" | "now">,
  view: MoveView,
  mover: "agent" | "customer",
): Promise<void> {
  const paid = view.payment?.state === "approved" && view.payment.amount > 0 ? view.payment : undefined;
  for (const adminId of deps.access.adminIds()) {
    const locale = await deps.notifications.localeOf(adminId);
    const t = (key: string, a?: Record<string, string | number>) => translate(locale, key, a);
    await deps.notifications.deliver({
      chatId: adminId,
      text: [
        t(mover === "customer" ? "move-request-title-customer" : "move-request-title"),
        moveCard(t, locale, view, deps.now(), "staff"),
        // What the customer paid first is theirs to get back if the admins decline.
        paid
          ? t("move-difference-paid", {
              amount: formatBaht(paid.amount, locale),
              reference: escapeHtml(paid.reference),
            })
          : "",
      ]
        .filter(Boolean)
        .join("\n"),
      what: "move-request",
      replyMarkup: new InlineKeyboard()
        .text(t("move-btn-approve"), moveData("approve", view.move.id))
        .text(t("move-btn-decline"), moveData("abandon", view.move.id)),
    });
  }
}

/** What a customer hears of a move's outcome; undefined for a step they need not hear of. */
export function moveCustomerText(locale: Locale, out: MoveOutcome): string | undefined {
  const t = (key: string, args?: Record<string, string | number>) => translate(locale, key, args);
  const code = escapeHtml(out.old.reservation_code ?? "-");
  // The difference they paid first, when the move ended without the new tee time: their agent returns it.
  const back = paidDifferenceBack(out);
  const returned = back ? `\n${t("move-customer-pay-return", { amount: formatBaht(back.amount, locale) })}` : "";
  switch (out.kind) {
    case "done":
      return t("move-customer-done", {
        ...whereArgs(locale, out.new),
        newCode: escapeHtml(out.new.reservation_code ?? "-"),
      });
    case "unwound":
    case "abandoned":
      return t("move-customer-kept", { code }) + returned;
    case "stranded":
      return t("move-customer-stranded", { code }) + returned;
    default:
      return undefined;
  }
}

/** Tells the people concerned a move's outcome, except `skip` (who just saw it on their screen). */
async function tell(deps: Told, out: MoveOutcome, opts: { skip?: number; botUsername: string }): Promise<void> {
  // A customer's own booking (one an agent sold them): they hear it in their words, never the net.
  const customer = out.old.agent_id !== null ? Number(out.old.user_id) : undefined;
  const agent = out.old.agent_id === null ? [] : await deps.notifications.agentChats(Number(out.old.agent_id));
  const staff = out.kind === "stranded" || out.kind === "done" ? deps.access.adminIds() : [];
  const people = new Set([Number(out.move.requested_by), Number(out.old.user_id), ...agent, ...staff]);
  for (const chatId of people) {
    if (chatId === opts.skip) continue;
    const locale = await deps.notifications.localeOf(chatId);
    const text =
      chatId === customer
        ? moveCustomerText(locale, out)
        : moveOutcomeText((key, args) => translate(locale, key, args), locale, out);
    // The customer's confirmation of a move they paid a difference for: its receipt, on request.
    const paid = out.kind === "done" && out.payment?.state === "approved" && out.payment.amount > 0;
    const receipt =
      chatId === customer && paid
        ? { replyMarkup: new InlineKeyboard().text(translate(locale, "btn-receipt"), moveData("receipt", out.move.id)) }
        : {};
    if (text) await deps.notifications.deliver({ chatId, text, what: `move-${out.kind}`, ...receipt });
  }
  if (out.kind === "done") await sendMoveReceipt(deps, out, opts.botUsername);
  // To a cheaper tee time: the old booking's tax invoice, if any, is reduced by the difference.
  if (out.kind === "done" && deps.receipts && deps.logger) {
    const difference = sellingOf(out.old) - sellingOf(out.new);
    if (difference > 0)
      await sendCreditNote(
        { receipts: deps.receipts, logger: deps.logger, notifications: deps.notifications },
        out.old,
        {
          source: `move:${out.move.id}`,
          creditedSatang: difference,
          reason: CREDIT_REASONS.cheaperMove,
        },
      );
  }
}

/** A decision taken on screen by `decidedBy`: everyone else concerned hears it. */
export function tellMoveDecided(deps: Told, out: MoveOutcome, decidedBy: number, botUsername: string): Promise<void> {
  return tell(deps, out, { skip: decidedBy, botUsername });
}

/** What the reaper settled of a move (a new hold that ended, a step a crash interrupted). */
export function tellMoveEvent(deps: Told, event: MoveEvent, botUsername: string): Promise<void> {
  return tell(deps, event, { botUsername });
}
