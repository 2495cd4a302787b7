import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../../src/app.js";
import { createConfig } from "../../../src/config/index.js";
import { createLogger } from "../../../src/logger.js";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID } from "../../../src/local/playground/identities.js";
import { createSandbox, type Sandbox } from "../../../src/local/sandbox/index.js";
import { sqliteDatabase, type TestDatabase } from "../../helpers/databases.js";

/** The playground hands out its admin and agent identities only where no real money can move. */
describe("the playground's staff identities", () => {
  let app: App | undefined;
  let sandbox: Sandbox | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await app?.stop();
    await sandbox?.close();
    await db?.cleanup();
    app = sandbox = db = undefined;
  });

  async function start(env: Record<string, string>) {
    db = sqliteDatabase();
    const path = db.config.kind === "sqlite" ? db.config.path : "";
    app = await createApp({
      config: createConfig({ DATABASE_URL: `sqlite:${path}`, PLAYGROUND_PORT: "0", ...env }),
      logger: createLogger({ level: "silent" }),
    });
    return app;
  }

  it("with the embedded sandbox the page is an admin and an agent", async () => {
    const a = await start({});
    expect(a.config.adminIds).toContain(PLAYGROUND_ADMIN_ID);
    expect(a.config.agentIds).toContain(PLAYGROUND_AGENT_ID);
  });

  it("with a real PARTNER_API_URL it is neither, unless PLAYGROUND_STAFF=1 asks for it", async () => {
    sandbox = createSandbox();
    const url = await sandbox.listen(0);
    const a = await start({ PARTNER_API_URL: url, PARTNER_API_KEY: sandbox.apiKey });
    expect(a.config.adminIds).not.toContain(PLAYGROUND_ADMIN_ID);
    expect(a.config.agentIds).not.toContain(PLAYGROUND_AGENT_ID);
    expect(await a.access.whoIs(PLAYGROUND_ADMIN_ID)).toEqual({ role: "stranger" });
    expect(await a.access.whoIs(PLAYGROUND_AGENT_ID)).toEqual({ role: "stranger" });
    await app!.stop();
    app = undefined;
    const b = await start({ PARTNER_API_URL: url, PARTNER_API_KEY: sandbox.apiKey, PLAYGROUND_STAFF: "1" });
    expect(b.config.adminIds).toContain(PLAYGROUND_ADMIN_ID);
  });
});
