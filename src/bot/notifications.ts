import type { Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { I18n } from "@grammyjs/i18n";
import type { Access } from "../access/index.js";
import type { Offers } from "./inline/offers.js";
import {
  bookingCourseName,
  groupCourseName,
  type BookingRecord,
  type BookingService,
  type GroupReaperEvent,
  type GroupView,
  type ReaperEvent,
} from "../bookings/index.js";
import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { Storage } from "../storage/index.js";
import type { Locale } from "./format/locale.js";
import { parseLocale } from "../locale.js";
import type { Outbox, OutboxDocument, VoucherOrder } from "./outbox.js";
import { localeOfUser } from "./session.js";
import { receiptData, taxInvoiceData } from "./callback-data.js";
import { dateKeyOf, formatDate, formatTime } from "./format/dates.js";
import { escapeHtml } from "./format/html.js";
import { formatBaht } from "./format/money.js";
import { netOf, sellingOf, type Audience } from "./format/booking-money.js";

export interface NotificationDeps {
  api: Api;
  /** Where `deliver` queues (drained, paced, by the leader). */
  outbox: Pick<Outbox, "enqueue">;
  i18n: Pick<I18n, "t">;
  config: Config;
  storage: Storage;
  bookings: BookingService;
  partner: PartnerClient;
  access: Access;
  offers: Pick<Offers, "markBooked">;
  logger: Logger;
}

/**
 * A message fairway sends on its own (not an answer to the user's update): the one shape every
 * background send takes, so they all pass one choke point (`deliver`).
 */
export interface OutgoingMessage {
  chatId: number;
  /** HTML text (or the document's caption). */
  text: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** A file attached (a CSV, a calendar file: text; a PDF: base64 with `encoding`); `text` becomes its caption. */
  document?: OutboxDocument;
  /** A picture (a chart, an e-voucher: PNG) sent as a photo, its bytes in base64; `text` becomes its caption. */
  photo?: { filename: string; base64: string };
  /** An e-voucher the outbox draws before it sends it as the photo (features/after-booking/voucher.ts). */
  voucher?: VoucherOrder;
  /** What it is, for logs and metrics (e.g. "agent-booking", "reminder"). */
  what: string;
}

/** Messages fairway sends on its own: reaper outcomes, a customer's booking to its agent, low credit to admins. */
export function createNotifications(deps: NotificationDeps) {
  const { i18n, logger } = deps;

  /** The language a user chose (/language), else their Telegram language as last seen, else the default. */
  function localeOf(userId: number): Promise<Locale> {
    return localeOfUser({ kv: deps.storage.kv, access: deps.access }, userId, deps.config.defaultLocale);
  }

  /**
   * Who hears what concerns an agent's customer: the agent while they are one; once removed, the admins
   * (slips, notices, reminders of the ex-agent's customers go to the agency).
   */
  async function agentChats(agentId: number): Promise<number[]> {
    return (await deps.access.isSeller(agentId)) ? [agentId] : deps.access.adminIds();
  }

  function bookingArgs(b: BookingRecord, locale: Locale) {
    return {
      course: escapeHtml(bookingCourseName(b, locale)),
      date: formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale),
      time: formatTime(b.slot_starts_at, b.time_zone, locale),
      code: escapeHtml(b.reservation_code ?? ""),
      customer: escapeHtml(b.customer_name),
      players: b.persons,
      amount: formatBaht(b.amount ?? b.expected_amount, locale),
    };
  }

  /**
   * Every background send passes here: it is queued in the outbox (durable, shared by every instance)
   * and sent by the leader, paced under Telegram's limits after the interactive answers (outbox.ts).
   * Never throws; true once queued (a failure to queue is logged, false).
   */
  async function deliver(message: OutgoingMessage): Promise<boolean> {
    try {
      await deps.outbox.enqueue(message);
      return true;
    } catch (error) {
      logger.warn({ chatId: message.chatId, err: error, what: message.what }, "notification not queued");
      return false;
    }
  }

  async function send(chatId: number, text: string, what: string): Promise<void> {
    await deliver({ chatId, text, what });
  }

  /**
   * A group's course, date, flights (time, players, code and, with `status`, what became of each) and
   * lead golfer; its amounts as `audience` sees them (a customer: the selling price, never the net).
   */
  function groupArgs(view: GroupView, locale: Locale, status: boolean, audience: Audience = "staff") {
    const { group: g, flights } = view;
    const amountOf = audience === "customer" ? sellingOf : netOf;
    const first = flights[0];
    const paid = flights.filter((f) => f.state === "PAID");
    const lines = flights.map((f) => {
      const line = i18n.t(locale, "group-flight", {
        n: f.flight ?? 0,
        time: formatTime(f.slot_starts_at, f.time_zone, locale),
        players: f.persons,
        amount: formatBaht(amountOf(f), locale),
      });
      const code = f.reservation_code ? ` · ${escapeHtml(f.reservation_code)}` : "";
      const state = f.state === "PAID" ? "flight-paid" : f.state === "HELD" ? "flight-held" : "flight-released";
      return `${line}${code}${status ? ` — ${i18n.t(locale, state)}` : ""}`;
    });
    return {
      course: escapeHtml(groupCourseName(g, locale)),
      date: first ? formatDate(dateKeyOf(first.slot_starts_at, g.time_zone), locale) : "",
      customer: escapeHtml(g.customer_name),
      players: g.persons,
      flights: flights.length,
      paid: paid.length,
      amount: formatBaht(
        paid.reduce((sum, f) => sum + amountOf(f), 0),
        locale,
      ),
      lines: lines.join("\n"),
    };
  }

  /** Admins are warned when the credit left is below the threshold. */
  async function lowBalanceCheck(balanceAfter: number | undefined): Promise<void> {
    try {
      const balance = balanceAfter ?? (await deps.partner.getBalance()).balance;
      if (balance < deps.config.lowBalanceSatang) {
        for (const admin of deps.access.adminIds()) {
          const locale = await localeOf(admin);
          const text = i18n.t(locale, "notify-low-balance", {
            balance: formatBaht(balance, locale),
            threshold: formatBaht(deps.config.lowBalanceSatang, locale),
          });
          await send(admin, text, "low-balance");
        }
      }
    } catch (error) {
      logger.warn({ err: error }, "balance check after a payment failed");
    }
  }

  const notifications = {
    agentChats,
    deliver,
    localeOf,
    /**
     * The once-only work after a booking is paid, whoever saw the payment first (the flow or the
     * reaper): the agent of a customer's booking is told, and admins are warned if credit runs low.
     * `balanceAfter` is the credit after this payment when the caller knows it (the confirm read the
     * balance just before paying); otherwise the balance is read.
     */
    async afterPaid(bookingId: string, balanceAfter?: number): Promise<void> {
      if (!(await deps.bookings.claimPaidFollowup(bookingId))) return;
      const b = await deps.bookings.get(bookingId);
      if (!b) return;
      if (b.agent_id !== null && b.agent_id !== b.user_id) {
        const locale = await localeOf(b.agent_id);
        // A booking made from one of the agent's inline offers is told as such (recorded once).
        const offer = await deps.offers
          .markBooked(b)
          .catch((err: unknown) => logger.warn({ err }, "offer booking not recorded"));
        const key = offer ? "notify-offer-booked" : "notify-agent-booking";
        // The customer's receipt and tax invoice, for the agent to send on (features/after-booking/receipt-document.ts).
        const replyMarkup = {
          inline_keyboard: [
            [{ text: i18n.t(locale, "btn-receipt"), callback_data: receiptData(b.id) }],
            [{ text: i18n.t(locale, "btn-tax-invoice"), callback_data: taxInvoiceData(b.id) }],
          ],
        };
        for (const to of await agentChats(b.agent_id))
          await deliver({
            chatId: to,
            text: i18n.t(locale, key, bookingArgs(b, locale)),
            replyMarkup,
            what: offer ? "offer-booked" : "agent-booking",
          });
      }
      await lowBalanceCheck(balanceAfter);
    },

    /**
     * The once-only work after a group is paid (all its flights, or some): each paid flight's follow-up
     * is claimed, and if this caller claimed any, the agent of a customer's group is told once and
     * admins are warned of low credit once.
     */
    async afterGroupPaid(groupId: string, balanceAfter?: number): Promise<void> {
      const view = await deps.bookings.getGroup(groupId);
      if (!view) return;
      let claimed = false;
      for (const f of view.flights)
        if (f.state === "PAID" && (await deps.bookings.claimPaidFollowup(f.id))) claimed = true;
      if (!claimed) return;
      const { group: g } = view;
      if (g.agent_id !== null && g.agent_id !== g.user_id) {
        const locale = await localeOf(g.agent_id);
        for (const to of await agentChats(g.agent_id))
          await send(to, i18n.t(locale, "notify-agent-group", groupArgs(view, locale, false)), "agent-booking");
      }
      await lowBalanceCheck(balanceAfter);
    },

    /** Tells the booker what the reaper did to a group (its holds ended, an interrupted confirm settled): one message. */
    async groupEvent(event: GroupReaperEvent): Promise<void> {
      const { group: g } = event.view;
      const locale = parseLocale(g.locale, deps.config.defaultLocale);
      // A customer's own group (through an agent's link) is told in the price they pay.
      const audience: Audience = g.agent_id !== null && g.agent_id !== g.user_id ? "customer" : "staff";
      const text = i18n.t(locale, `notify-group-${event.kind}`, groupArgs(event.view, locale, true, audience));
      await send(g.chat_id, text, `reaper-group-${event.kind}`);
      if (event.kind === "paid" || event.kind === "partial") await notifications.afterGroupPaid(g.id);
    },

    /** Tells the booker what the hold reaper did (hold expired, payment found after a lost answer, …). */
    async reaperEvent(event: ReaperEvent): Promise<void> {
      const b = event.booking;
      // A group's flight: the group's own event tells the booker once, for every flight.
      if (b.group_id !== null) return;
      const locale = parseLocale(b.locale, deps.config.defaultLocale);
      await send(b.chat_id, i18n.t(locale, `notify-${event.kind}`, bookingArgs(b, locale)), `reaper-${event.kind}`);
      if (event.kind === "paid") await notifications.afterPaid(b.id);
    },
  };
  return notifications;
}

export type Notifications = ReturnType<typeof createNotifications>;
