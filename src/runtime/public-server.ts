import type { Config } from "../config/index.js";
import type { Logger } from "../logger.js";
import { createHttpServer, type HttpServer, type RouteHandler } from "./http-server.js";
import type { Webhook } from "./webhook.js";

export interface PublicServerOptions {
  config: Config;
  webhook?: Webhook;
  /** More handlers by exact path (the tee sheet Mini App's page and API). */
  routes?: Record<string, RouteHandler>;
  /** Handlers by path prefix (the e-voucher's check page, `/v/`). */
  prefixRoutes?: Record<string, RouteHandler>;
  logger: Logger;
}

/**
 * The HTTP server on PORT, every interface: what Telegram (the webhook), users (the tee sheet Mini App)
 * and load balancers (`/healthz`) reach. `/readyz` and `/metrics` answer 404 here: they are the
 * operator's (operator-server.ts).
 */
export function createPublicServer(options: PublicServerOptions): HttpServer {
  const { config, webhook } = options;
  return createHttpServer({
    port: config.port,
    logger: options.logger.child({ module: "http" }),
    name: "public http server",
    ...(options.prefixRoutes ? { prefixRoutes: options.prefixRoutes } : {}),
    routes: {
      ...options.routes,
      ...(webhook && config.webhook ? { [config.webhook.path]: (req, res) => webhook.handle(req, res) } : {}),
    },
  });
}
