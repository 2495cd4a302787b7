/**
 * The partner API fairway calls: PARTNER_API_URL, or the sandbox embedded in this process when it is
 * unset; and the client every part calls it through, its attempts counted by the metrics.
 */
import type { Config } from "../config/index.js";
import type { Sandbox } from "../local/sandbox/index.js";
import type { Logger } from "../logger.js";
import { createPartnerClient, type PartnerClient, type PartnerTimeoutStarter } from "../partner/index.js";
import { openPartnerEndpoint } from "../partner-endpoint.js";
import type { MetricsHooks } from "../runtime/hooks.js";

export interface PartnerPartOptions {
  config: Pick<Config, "partner" | "sandboxDemo">;
  /** The metrics' partner hooks (`createMetricsHooks(…).partner`). */
  hooks: MetricsHooks["partner"];
  /** Starts each attempt's timeout (tests); the client's own timer by default. */
  startTimeout?: PartnerTimeoutStarter;
  logger: Logger;
  /** The embedded sandbox's clock: its "today" and fairway's are the same day. */
  now: () => number;
}

/** The partner's client, where it points, and how to stop the embedded sandbox. */
export interface PartnerPart {
  partner: PartnerClient;
  /** Partner base URL in use (the embedded sandbox's when no PARTNER_API_URL). */
  partnerUrl: string;
  /** The embedded sandbox, when no PARTNER_API_URL. */
  sandbox?: Sandbox;
  /** Stops the embedded sandbox (nothing for a remote partner). */
  close: () => Promise<void>;
}

export async function connectPartner(options: PartnerPartOptions): Promise<PartnerPart> {
  const { config, logger, now } = options;
  const endpoint = await openPartnerEndpoint(config.partner, now);
  const partnerUrl = endpoint.baseURL;
  if (config.sandboxDemo)
    logger.warn(
      { url: partnerUrl },
      "ALLOW_SANDBOX_WITH_REAL_BOT=1: a real bot on the embedded partner sandbox, a demo; every message it sends says so",
    );
  else if (endpoint.embedded)
    logger.info({ url: partnerUrl }, "no PARTNER_API_URL: using the embedded partner sandbox");
  const partner = createPartnerClient({
    ...options.hooks,
    baseURL: partnerUrl,
    apiKey: endpoint.apiKey,
    timeoutMs: config.partner.timeoutMs,
    moneyUnit: config.partner.moneyUnit,
    logger: logger.child({ module: "partner" }),
    ...(options.startTimeout ? { startTimeout: options.startTimeout } : {}),
  });
  return {
    partner,
    partnerUrl,
    ...(endpoint.sandbox ? { sandbox: endpoint.sandbox } : {}),
    close: () => endpoint.close(),
  };
}
