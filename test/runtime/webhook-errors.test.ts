import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { createConfig } from "../../src/config/index.js";
import { createLogger } from "../../src/logger.js";
import { startPgWorld } from "../helpers/pg-world.js";

/**
 * In webhook mode, an update whose handling fails gets the same answer as under long polling: grammY's
 * error handler (`bot.catch`) runs, logs it and tells the user that nothing was charged.
 */
describe("a failed update in webhook mode", () => {
  it("the user is told something went wrong (as under polling), and the webhook still answers 200", async () => {
    const w = await startPgWorld([7011]);
    const { clock, telegram } = w;
    const config = createConfig({ ...w.env, WEBHOOK_URL: "http://127.0.0.1:9/telegram/hook" });
    const app = await createApp({
      config,
      logger: createLogger({ level: "silent" }),
      now: clock,
      reaperIntervalMs: 60_000,
    });
    try {
      await app.start();
      const agent = telegram.user({ id: 7011, language_code: "en" });
      // The course list is refused by Telegram once (a 400 no retry helps): the update fails.
      telegram.failNext({ method: "sendMessage", error_code: 400, description: "Bad Request: refused for the test" });
      const update = {
        update_id: 5151,
        message: {
          message_id: 1,
          date: Math.floor(clock() / 1000),
          chat: { id: 7011, type: "private", first_name: "A" },
          from: { id: 7011, is_bot: false, first_name: "A", language_code: "en" },
          text: "/book",
          entities: [{ type: "bot_command", offset: 0, length: 5 }],
        },
      };
      const res = await fetch(`${app.httpUrl()}/telegram/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": config.webhook!.secret },
        body: JSON.stringify(update),
      });
      expect(res.status).toBe(200);
      await telegram.waitForCall((c) => c.method === "sendMessage" && c.ok, 10_000, { since: 0 });
      expect(agent.messages().map((m) => m.text)).toEqual([
        "Sorry, something went wrong on our side. Nothing was charged by this error. Please try again, or start over with /book.",
      ]);
    } finally {
      await app.stop();
      await w.close();
    }
  }, 60_000);
});
