import type { Transformer } from "grammy";
import type { ApiResponse } from "grammy/types";
import type { Metrics } from "./metrics.js";

/**
 * A Bot API transformer that counts failed calls (`fairway_telegram_api_errors_total`, and 429s in
 * `fairway_telegram_rate_limited_total`) and changes nothing: the answer or the error goes on as it
 * came. Installed below auto-retry, it sees every attempt. A call aborted on purpose (polling
 * stopped) is not an error.
 */
export function telegramApiMetrics(metrics: Pick<Metrics, "telegramError">): Transformer {
  return async (prev, method, payload, signal) => {
    const call = prev(method, payload, signal);
    let result: ApiResponse<unknown>;
    try {
      result = await call;
    } catch (error) {
      if (!signal?.aborted) metrics.telegramError(method, "network");
      throw error;
    }
    if (!result.ok) metrics.telegramError(method, result.error_code);
    return call;
  };
}
