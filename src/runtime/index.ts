/** The production runtime's observability: Prometheus metrics, readiness, and the HTTP servers they are served on. */
export {
  createMetrics,
  type Metrics,
  type MetricsOptions,
  type PartnerRequestInfo,
  type UpdateType,
} from "./metrics.js";
export { createMetricsHooks, type MetricsHooks } from "./hooks.js";
export { updateMetrics, updateTypeOf } from "./update-metrics.js";
export { telegramApiMetrics } from "./telegram-metrics.js";
export { markUpdateOutcome, type UpdateOutcome } from "./update-outcome.js";
export {
  createReadiness,
  type Readiness,
  type ReadinessCheck,
  type ReadinessOptions,
  type ReadinessReport,
} from "./readiness.js";
export { createHttpServer, type HttpServer, type HttpServerOptions, type RouteHandler } from "./http-server.js";
