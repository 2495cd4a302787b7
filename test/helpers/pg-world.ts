import { createBotApiServer, type RateLimitOptions } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { worldClock, type WorldClock } from "./clock.js";
import { postgresDatabase, TEST_POSTGRES_URL, type TestDatabase } from "./databases.js";
import { TEST_BOT_TOKEN, testEnv } from "./harness.js";

/**
 * A world for several fairway instances: the partner sandbox and the local Bot API server (webhooks
 * allowed to 127.0.0.1) in the test's process, a fresh PostgreSQL schema, one clock, and the
 * environment every instance starts with.
 */
export interface PgWorld {
  clock: WorldClock;
  sandbox: ReturnType<typeof createSandbox>;
  telegram: ReturnType<typeof createBotApiServer>;
  db: TestDatabase;
  /** BOT_TOKEN, TELEGRAM_API_ROOT, the partner, DATABASE_URL with the schema, AGENT_IDS. */
  env: Record<string, string>;
  initialBalance: number;
  close(): Promise<void>;
}

export interface PgWorldOptions {
  /** The Bot API server enforces Telegram's flood limits (429 with retry_after over them), or these. */
  rateLimits?: boolean | RateLimitOptions;
  /** fairway runs with production's per-user limits and outgoing budget (default: raised out of the way). */
  productionLimits?: boolean;
}

export async function startPgWorld(agentIds: number[], options: PgWorldOptions = {}): Promise<PgWorld> {
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({
    token: TEST_BOT_TOKEN,
    clock,
    allowHttpWebhooks: true,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const apiRoot = await telegram.listen(0);
  const db = postgresDatabase();
  const schema = db.config.kind === "postgres" ? db.config.schema : "";
  return {
    clock,
    sandbox,
    telegram,
    db,
    env: {
      ...testEnv(
        { apiRoot, partnerUrl, apiKey: sandbox.apiKey, db },
        { productionLimits: options.productionLimits === true },
      ),
      DATABASE_URL: `${TEST_POSTGRES_URL}?schema=${schema}`,
      AGENT_IDS: agentIds.join(","),
    },
    initialBalance: sandbox.balance(),
    async close() {
      await telegram.close();
      await sandbox.close();
      await db.cleanup();
    },
  };
}
