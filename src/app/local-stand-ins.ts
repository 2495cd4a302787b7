/**
 * The local stand-ins fairway starts when no BOT_TOKEN is given: a local Bot API server and, on its
 * port, the browser playground; the slip-check stand-in when no SLIP_CHECK_PROVIDER is set; and the
 * playground's staff identities. Never with a real token: the server, the playground and the slip-check
 * stand-in are loaded only here, and only then.
 */
import type { Config, SlipCheckConfig } from "../config/index.js";
import type { BotApiServer } from "../local/bot-api-server/index.js";
import type { Playground } from "../local/playground/index.js";
import type { SlipCheckStandIn } from "../local/slip-check/index.js";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID } from "../local/playground/identities.js";
import type { Logger } from "../logger.js";
import type { Storage } from "../storage/index.js";
import { MENU_MEMO_PREFIX } from "../bot/commands.js";

/**
 * The configuration fairway runs with, a copy of `config`: with no BOT_TOKEN, the playground's fixed
 * admin and agent identities get their roles on top of ADMIN_IDS/AGENT_IDS, so the browser page works
 * with no setup. With a real partner the page's visitors get no staff roles unless PLAYGROUND_STAFF=1
 * says so. A copy, because the playground's Mini App origin is set on it once its port is known
 * (`createApp`).
 */
export function playgroundConfig(config: Config, logger: Logger): Config {
  const staffPlayground = !config.botToken && (config.partner.kind === "sandbox" || config.playgroundStaff);
  if (!config.botToken && !staffPlayground) {
    logger.warn(
      "playground with a real PARTNER_API_URL: its page's admin and agent get no staff roles (PLAYGROUND_STAFF=1 gives them)",
    );
  }
  return !staffPlayground
    ? { ...config }
    : {
        ...config,
        adminIds: [...new Set([...config.adminIds, PLAYGROUND_ADMIN_ID])],
        agentIds: [...new Set([...config.agentIds, PLAYGROUND_AGENT_ID])],
      };
}

export interface LocalStandInsOptions {
  /**
   * Its `playgroundPort` is where the local server listens; with no `payments.slipCheck` (SLIP_CHECK_PROVIDER
   * unset) the slip-check stand-in is started too.
   */
  config: Pick<Config, "playgroundPort" | "payments">;
  storage: Storage;
  /** The partner API the playground's page reads (the embedded sandbox's, or PARTNER_API_URL). */
  partnerUrl: string;
  now: () => number;
  logger: Logger;
}

/** The local Bot API server and the playground on its port, and what the bot needs to talk to them. */
export interface LocalStandIns {
  /** The local server's bot token. */
  token: string;
  /** The local server's root, as TELEGRAM_API_ROOT would give it. */
  apiRoot: string;
  localTelegram: BotApiServer;
  playground: Playground;
  /**
   * The slip-check stand-in and the configuration that points the slip check at it (SlipOK's shapes),
   * when SLIP_CHECK_PROVIDER was not set; absent, the configured service (or none) is used as given.
   */
  slipCheck?: { standIn: SlipCheckStandIn; config: SlipCheckConfig };
  /** Closes the playground, then the slip-check stand-in and the local server. */
  close: () => Promise<void>;
}

/** Starts the local Bot API server and the browser playground (no BOT_TOKEN only). */
export async function startLocalStandIns(options: LocalStandInsOptions): Promise<LocalStandIns> {
  const { config, storage, partnerUrl, now, logger } = options;
  // Loaded only here: production (a BOT_TOKEN) never loads the local server nor the playground.
  const [{ createBotApiServer }, { createPlayground }] = await Promise.all([
    import("../local/bot-api-server/index.js"),
    import("../local/playground/index.js"),
  ]);
  // Loopback names only: a page rebound to 127.0.0.1 (DNS rebinding) must not drive the playground.
  const localTelegram = createBotApiServer({ clock: now, allowedHosts: ["127.0.0.1", "localhost", "[::1]"] });
  const apiRoot = await localTelegram.listen(config.playgroundPort);
  // A fresh local server numbers updates from 1 again and has no command menus: forget the ids a
  // previous run handled and the menus it set (commands.ts remembers them so a restart skips them).
  await storage.db.deleteFrom("processed_updates").where("bot_id", "=", localTelegram.botInfo.id).execute();
  await storage.db.deleteFrom("kv").where("key", "like", `${MENU_MEMO_PREFIX}%`).execute();
  // The browser playground shares the local Bot API server's port (its page is at "/").
  const slipCheck = config.payments.slipCheck ? undefined : await startSlipCheckStandIn(logger);
  const playground = createPlayground({
    telegram: localTelegram,
    partnerUrl,
    now,
    ...(slipCheck ? { slipCheck: slipCheck.standIn } : {}),
  });
  logger.info({ apiRoot, playground: playground.url }, "no BOT_TOKEN: fairway talks to its local Bot API server");
  return {
    token: localTelegram.token,
    apiRoot,
    localTelegram,
    playground,
    ...(slipCheck ? { slipCheck } : {}),
    close: async () => {
      await Promise.resolve(playground.close());
      await slipCheck?.standIn.close();
      await localTelegram.close();
    },
  };
}

/**
 * The local slip-check stand-in (`src/local/slip-check/`) on a free port, and SlipOK's configuration for it:
 * the playground's customer pays and the slip check decides, with no account at a real service.
 */
async function startSlipCheckStandIn(logger: Logger): Promise<{ standIn: SlipCheckStandIn; config: SlipCheckConfig }> {
  const { createSlipCheckStandIn } = await import("../local/slip-check/index.js");
  const standIn = createSlipCheckStandIn({ key: "local-stand-in-key", branch: "local" });
  await standIn.listen(0);
  logger.warn(
    { slipCheck: standIn.url },
    "no BOT_TOKEN and no SLIP_CHECK_PROVIDER: slips are checked by the LOCAL slip-check stand-in (SlipOK's shapes), not a bank",
  );
  return { standIn, config: { provider: "slipok", url: standIn.slipOkUrl, key: standIn.key, branch: standIn.branch } };
}
