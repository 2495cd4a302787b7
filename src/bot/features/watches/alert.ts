/**
 * The checker's alert, as a message in the agent's language through the outbox (`notifications.deliver`):
 * the tee times that opened for one watch, each with "Book it", and Stop.
 */
import type { I18n } from "@grammyjs/i18n";
import type { AlertedTeeTime } from "../../../watches/checker.js";
import { WATCH_ZONE } from "../../../watches/checker.js";
import type { Watch } from "../../../watches/store.js";
import { courseToday } from "../../format/dates.js";
import type { Notifications } from "../../notifications.js";
import type { Access } from "../../../access/index.js";
import { sellerOf, type PriceRules } from "../../../pricing/rules.js";
import { alertView } from "./view.js";

export interface WatchAlertsOptions {
  notifications: Pick<Notifications, "deliver" | "localeOf">;
  i18n: Pick<I18n, "t">;
  now: () => number;
  /** Who the watcher is (a customer is shown what they pay), and the price rules. Default: the hits' prices. */
  pricing?: { access: Pick<Access, "whoIs">; prices: Pick<PriceRules, "book"> };
}

/**
 * The hits as the watcher may see them, at the selling price (from the net the search kept): a
 * customer's at what they pay (their agent's sales), an agent's or admin's at what they sell at (their
 * own rules), with the net beside it for them (`showNet`).
 */
async function pricedFor(
  watch: Watch,
  teeTimes: AlertedTeeTime[],
  pricing: WatchAlertsOptions["pricing"],
): Promise<{ teeTimes: AlertedTeeTime[]; showNet: boolean }> {
  if (!pricing) return { teeTimes, showNet: false };
  const who = await pricing.access.whoIs(watch.userId);
  const book = await pricing.prices.book();
  const customer = who.role === "customer";
  const agentId = sellerOf(who, watch.userId);
  return {
    teeTimes: teeTimes.map((t) => ({
      ...t,
      hit: {
        ...t.hit,
        price: book.perPlayer(t.hit.net ?? t.hit.price, { courseId: t.hit.course.id, agentId }),
      },
    })),
    showNet: !customer,
  };
}

/** The checker's `alert`: queues one message for a watch's new tee times; true once queued. */
export function createWatchAlerts(options: WatchAlertsOptions) {
  const { notifications, i18n } = options;
  return async (watch: Watch, teeTimes: AlertedTeeTime[]): Promise<boolean> => {
    const locale = await notifications.localeOf(watch.userId);
    const priced = await pricedFor(watch, teeTimes, options.pricing);
    const view = alertView(watch, priced.teeTimes, {
      t: (key, args) => i18n.t(locale, key, args),
      locale,
      today: courseToday(options.now(), WATCH_ZONE),
      showNet: priced.showNet,
    });
    return notifications.deliver({
      chatId: watch.chatId,
      text: view.text,
      replyMarkup: view.keyboard,
      what: "watch-alert",
    });
  };
}
