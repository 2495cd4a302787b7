import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../../src/app.js";
import { AGENT_COMMANDS } from "../../../src/bot/commands.js";
import { createConfig } from "../../../src/config/index.js";
import { createLogger } from "../../../src/logger.js";
import { PLAYGROUND_AGENT_ID } from "../../../src/local/playground/identities.js";
import { sqliteDatabase, type TestDatabase } from "../../helpers/databases.js";

/** `npm start` twice on the same SQLite file: each run has a fresh local Bot API server. */
describe("the playground after a restart", () => {
  let app: App | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await app?.stop();
    await db?.cleanup();
    app = db = undefined;
  });

  async function startOn(path: string): Promise<App> {
    const a = await createApp({
      config: createConfig({ DATABASE_URL: `sqlite:${path}`, PLAYGROUND_PORT: "0" }),
      logger: createLogger({ level: "silent" }),
    });
    await a.start();
    return a;
  }
  const agentMenu = (a: App) =>
    a.localTelegram!.commands({ scope: { type: "chat", chat_id: PLAYGROUND_AGENT_ID } }).map((c) => c.command);

  it("the new local server gets the command menus again, though the database remembers setting them", async () => {
    db = sqliteDatabase();
    const path = db.config.kind === "sqlite" ? db.config.path : "";
    app = await startOn(path);
    await expect.poll(() => agentMenu(app!), { timeout: 10_000 }).toEqual([...AGENT_COMMANDS]);
    await app.stop();
    app = await startOn(path);
    await expect.poll(() => agentMenu(app!), { timeout: 10_000 }).toEqual([...AGENT_COMMANDS]);
  });
});
