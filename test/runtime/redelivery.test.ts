import { describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createConfig } from "../../src/config/index.js";
import { createLogger } from "../../src/logger.js";
import { startPgWorld } from "../helpers/pg-world.js";

/**
 * Two fairway instances in webhook mode on one PostgreSQL, in this process: the same update posted to
 * both at once (Telegram redelivering to another instance behind the balancer) is handled once.
 */
const bookUpdate = (updateId: number, chatId: number, at: number) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(at / 1000),
    chat: { id: chatId, type: "private", first_name: "A" },
    from: { id: chatId, is_bot: false, first_name: "A", language_code: "en" },
    text: "/book",
    entities: [{ type: "bot_command", offset: 0, length: 5 }],
  },
});

const post = (app: App, body: unknown, secret: string | undefined) =>
  fetch(`${app.httpUrl()}/telegram/hook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) },
    body: JSON.stringify(body),
  });

describe("webhook redelivery across instances", () => {
  it("one update delivered to two instances at the same moment: one answer, one processed record; the secret is required", async () => {
    const w = await startPgWorld([7001, 7002]);
    const { clock, telegram } = w;
    const apps: App[] = [];
    try {
      const config = createConfig({ ...w.env, WEBHOOK_URL: "http://127.0.0.1:9/telegram/hook" });
      for (let i = 0; i < 2; i++) {
        const app = await createApp({
          config,
          logger: createLogger({ level: "silent" }),
          now: clock,
          reaperIntervalMs: 60_000,
        });
        apps.push(app);
        await app.start();
      }
      expect(telegram.webhook()?.url).toBe("http://127.0.0.1:9/telegram/hook");
      const agent = telegram.user({ id: 7001, language_code: "en" });
      const update = bookUpdate(424242, 7001, clock());
      expect((await post(apps[0]!, update, undefined)).status).toBe(401);
      const secret = config.webhook!.secret;
      const answers = await Promise.all([post(apps[0]!, update, secret), post(apps[1]!, update, secret)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const sends = telegram.callsTo("sendMessage").filter((c) => c.params.chat_id === 7001);
      expect(sends).toHaveLength(1);
      expect(
        agent
          .messages()
          .map((m) => m.text ?? "")
          .filter((t) => t.includes("Choose a golf course")),
      ).toHaveLength(1);
      const processed = await apps[0]!.storage.db
        .selectFrom("processed_updates")
        .select("update_id")
        .where("update_id", "=", 424242)
        .execute();
      expect(processed).toHaveLength(1);
    } finally {
      for (const app of apps) await app.stop();
      await w.close();
    }
  }, 60_000);

  it("SIGTERM's stop while an update waits on a slow partner: new deliveries get 503, the running one finishes and answers the user", async () => {
    const w = await startPgWorld([7001, 7002]);
    const { clock, sandbox, telegram } = w;
    try {
      const config = createConfig({
        ...w.env,
        WEBHOOK_URL: "http://127.0.0.1:9/telegram/hook",
        PARTNER_TIMEOUT_MS: "1500",
      });
      const app = await createApp({
        config,
        logger: createLogger({ level: "silent" }),
        now: clock,
        reaperIntervalMs: 60_000,
      });
      await app.start();
      const agent = telegram.user({ id: 7002, language_code: "en" });
      const secret = config.webhook!.secret;
      // The partner does not answer the course list: the update runs until the client's timeout.
      sandbox.faults.add({ kind: "hang", method: "GET", path: /\/course$/, times: 3 });
      const running = post(app, bookUpdate(1, 7002, clock()), secret);
      await new Promise((r) => setTimeout(r, 200));
      const stopping = app.stop();
      await new Promise((r) => setTimeout(r, 50));
      const refused = await post(app, bookUpdate(2, 7002, clock()), secret).catch(() => undefined);
      // Refused (503, so Telegram delivers it elsewhere) or the listener already closed: never handled here.
      if (refused) expect(refused.status).toBe(503);
      expect((await running).status).toBe(200);
      await stopping;
      const texts = agent.messages().map((m) => m.text ?? "");
      expect(texts).toHaveLength(1);
      expect(texts[0]).not.toContain("Choose a golf course");
      expect(texts[0]).toMatch(/partner|try again/i);
    } finally {
      await w.close();
    }
  }, 60_000);
});
