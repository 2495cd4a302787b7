import type { Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { Access } from "../access/index.js";
import { bookingCourseName, type BookingRecord, type BookingService, type ReaperEvent } from "../bookings/index.js";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { Storage } from "../storage/index.js";
import type { Locale } from "./context.js";
import { readSession } from "./session.js";
import { dateKeyOf, formatDate, formatTime } from "./format/dates.js";
import { escapeHtml } from "./format/html.js";
import { formatBaht } from "./format/money.js";
import { localeFromLanguageCode } from "./i18n.js";

export interface NotificationDeps {
  api: Api;
  i18n: Pick<I18n, "t">;
  config: Config;
  storage: Storage;
  bookings: BookingService;
  partner: PartnerClient;
  access: Access;
  logger: Logger;
}

/** Messages fairway sends on its own: reaper outcomes, a customer's booking to its agent, low credit to admins. */
export function createNotifications(deps: NotificationDeps) {
  const { api, i18n, logger } = deps;

  /** The language a user chose (/language), else their Telegram language as last seen, else the default. */
  async function localeOf(userId: number): Promise<Locale> {
    const session = await readSession(deps.storage.kv, userId);
    return session?.locale ?? localeFromLanguageCode(session?.languageCode, deps.config.defaultLocale);
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

  async function send(chatId: number, text: string, what: string): Promise<void> {
    try {
      await api.sendMessage(chatId, text, { parse_mode: "HTML" });
    } catch (error) {
      logger.warn({ chatId, err: error, what }, "notification not delivered");
    }
  }

  const notifications = {
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
        await send(b.agent_id, i18n.t(locale, "notify-agent-booking", bookingArgs(b, locale)), "agent-booking");
      }
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
    },

    /** Tells the booker what the hold reaper did (hold expired, payment found after a lost answer, …). */
    async reaperEvent(event: ReaperEvent): Promise<void> {
      const b = event.booking;
      const locale: Locale = b.locale === "th" ? "th" : "en";
      await send(b.chat_id, i18n.t(locale, `notify-${event.kind}`, bookingArgs(b, locale)), `reaper-${event.kind}`);
      if (event.kind === "paid") await notifications.afterPaid(b.id);
    },
  };
  return notifications;
}

export type Notifications = ReturnType<typeof createNotifications>;
