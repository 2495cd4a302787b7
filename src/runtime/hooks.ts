import type { PartnerAttemptInfo } from "../partner/index.js";
import type { Metrics } from "./metrics.js";
import { telegramApiMetrics } from "./telegram-metrics.js";
import { updateMetrics } from "./update-metrics.js";

/**
 * Every hook that feeds `metrics`, grouped by the factory option it goes to, plus the partner's last
 * good answer for readiness (any status below 500 counts: the partner is there, whatever it said).
 */
export function createMetricsHooks(metrics: Metrics, now: () => number = Date.now) {
  let partnerOkAt: number | undefined;
  return {
    /** `createPartnerClient({ ...options, ...hooks.partner })`. */
    partner: {
      onRequest(info: PartnerAttemptInfo): void {
        metrics.partnerRequest(info);
        if (typeof info.status === "number" && info.status < 500) partnerOkAt = now();
      },
      onBalance: (satang: number): void => metrics.partnerBalance(satang),
    },
    /** `createBot(deps, { ...options, ...hooks.bot })`: `first` times every update, `apiObserver` sees every Bot API attempt. */
    bot: {
      first: updateMetrics(metrics),
      apiObserver: telegramApiMetrics(metrics),
    },
    /** `createBot(deps, { limitHooks: hooks.limits })`: the per-user limit's drops and the outbox's sends. */
    limits: {
      onLimited: (reason: string): void => metrics.updateLimited(reason),
      onOutboxResult: (what: string, outcome: string): void => metrics.outboxSend(what, outcome),
      onBudgetWait: (kind: string, ms: number): void => metrics.budgetWait(kind, ms),
    },
    /** `createHoldReaper({ ...options, ...hooks.reaper })`. */
    reaper: {
      onRun: (changed: number, failed: boolean): void => metrics.reaperRun(changed, failed),
    },
    /** For `createReadiness({ lastPartnerOkAt })`. */
    lastPartnerOkAt: (): number | undefined => partnerOkAt,
  };
}

export type MetricsHooks = ReturnType<typeof createMetricsHooks>;
