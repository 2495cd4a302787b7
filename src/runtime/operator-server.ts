import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { Storage } from "../storage/index.js";
import { createHttpServer, type HttpServer, type RouteHandler } from "./http-server.js";
import type { Metrics } from "./metrics.js";
import { createReadiness } from "./readiness.js";
import type { Webhook } from "./webhook.js";

export interface OperatorServerOptions {
  config: Config;
  storage: Storage;
  partner: PartnerClient;
  metrics: Metrics;
  /** When the partner last answered below 500 (the metrics hooks keep it). */
  lastPartnerOkAt: () => number | undefined;
  /** Whether updates reach this instance (webhook registered, or polling lease held). */
  receiving: () => boolean;
  webhook?: Webhook;
  /** More handlers by exact path (the tee sheet Mini App's page and API). */
  routes?: Record<string, RouteHandler>;
  logger: Logger;
  now: () => number;
}

/** The operator's HTTP server on PORT: /healthz, /readyz (database, migrations, partner, updates), /metrics, the webhook, the Mini App. */
export function createOperatorServer(options: OperatorServerOptions): HttpServer {
  const { config, storage, partner, webhook, receiving } = options;
  return createHttpServer({
    port: config.port,
    logger: options.logger.child({ module: "http" }),
    metrics: options.metrics,
    readiness: createReadiness({
      db: storage.db,
      now: options.now,
      ...(config.database.kind === "postgres" && config.database.schema
        ? { migrationSchema: config.database.schema }
        : {}),
      lastPartnerOkAt: options.lastPartnerOkAt,
      partnerProbe: () => partner.getBalance(),
      checks: {
        updates: () =>
          receiving()
            ? { ok: true, detail: config.webhook ? "webhook registered" : "polling (leader lease held)" }
            : {
                ok: false,
                detail: config.webhook
                  ? "webhook not registered yet"
                  : "standby: another instance holds the polling lease",
              },
      },
    }),
    routes: {
      ...options.routes,
      ...(webhook && config.webhook ? { [config.webhook.path]: (req, res) => webhook.handle(req, res) } : {}),
    },
  });
}
