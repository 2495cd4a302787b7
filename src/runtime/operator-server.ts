import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import type { PartnerClient } from "../partner/index.js";
import type { Storage } from "../storage/index.js";
import { createHttpServer, type HttpServer } from "./http-server.js";
import type { Metrics } from "./metrics.js";
import { createReadiness } from "./readiness.js";

export interface OperatorServerOptions {
  config: Config;
  storage: Storage;
  partner: PartnerClient;
  metrics: Metrics;
  /** When the partner last answered below 500 (the metrics hooks keep it). */
  lastPartnerOkAt: () => number | undefined;
  /** Whether updates reach this instance (webhook registered, or polling lease held). */
  receiving: () => boolean;
  logger: Logger;
  now: () => number;
}

/**
 * The operator's HTTP server on OPERATOR_HOST:OPERATOR_PORT (loopback by default), apart from what
 * Telegram and users reach on PORT: `/healthz`, `/readyz` (database, migrations, partner, updates) and
 * `/metrics`, the last two behind METRICS_TOKEN when it is set. A scrape or a readiness probe runs
 * database queries and may call the partner: nobody outside the operator's network should cause them.
 */
export function createOperatorServer(options: OperatorServerOptions): HttpServer {
  const { config, storage, partner, receiving } = options;
  return createHttpServer({
    port: config.operator.port,
    host: config.operator.host,
    ...(config.operator.token ? { token: config.operator.token } : {}),
    logger: options.logger.child({ module: "operator-http" }),
    name: "operator http server",
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
  });
}
