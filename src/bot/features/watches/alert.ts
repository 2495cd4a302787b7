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
import { alertView } from "./view.js";

export interface WatchAlertsOptions {
  notifications: Pick<Notifications, "deliver" | "localeOf">;
  i18n: Pick<I18n, "t">;
  now: () => number;
}

/** The checker's `alert`: queues one message for a watch's new tee times; true once queued. */
export function createWatchAlerts(options: WatchAlertsOptions) {
  const { notifications, i18n } = options;
  return async (watch: Watch, teeTimes: AlertedTeeTime[]): Promise<boolean> => {
    const locale = await notifications.localeOf(watch.userId);
    const view = alertView(watch, teeTimes, {
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
