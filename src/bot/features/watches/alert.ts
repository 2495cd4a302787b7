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
import type { PriceRules } from "../../../pricing/rules.js";
import { alertView } from "./view.js";

export interface WatchAlertsOptions {
  notifications: Pick<Notifications, "deliver" | "localeOf">;
  i18n: Pick<I18n, "t">;
  now: () => number;
  /** Who the watcher is (a customer is shown what they pay), and the price rules. Default: the hits' prices. */
  pricing?: { access: Pick<Access, "whoIs">; prices: Pick<PriceRules, "book"> };
}

/**
 * The hits as the watcher may see them: a customer's priced at what they pay (the selling price of
 * their agent's sales, from the net the search kept); staff's as found.
 */
async function pricedFor(
  watch: Watch,
  teeTimes: AlertedTeeTime[],
  pricing: WatchAlertsOptions["pricing"],
): Promise<AlertedTeeTime[]> {
  if (!pricing) return teeTimes;
  const who = await pricing.access.whoIs(watch.userId);
  if (who.role !== "customer") return teeTimes;
  const book = await pricing.prices.book();
  const agentId = who.agentId ?? null;
  return teeTimes.map((t) => ({
    ...t,
    hit: { ...t.hit, price: book.perPlayer(t.hit.net ?? t.hit.price, { courseId: t.hit.course.id, agentId }) },
  }));
}

/** The checker's `alert`: queues one message for a watch's new tee times; true once queued. */
export function createWatchAlerts(options: WatchAlertsOptions) {
  const { notifications, i18n } = options;
  return async (watch: Watch, teeTimes: AlertedTeeTime[]): Promise<boolean> => {
    const locale = await notifications.localeOf(watch.userId);
    const view = alertView(watch, await pricedFor(watch, teeTimes, options.pricing), {
      t: (key, args) => i18n.t(locale, key, args),
      locale,
      today: courseToday(options.now(), WATCH_ZONE),
    });
    return notifications.deliver({
      chatId: watch.chatId,
      text: view.text,
      replyMarkup: view.keyboard,
      what: "watch-alert",
    });
  };
}
