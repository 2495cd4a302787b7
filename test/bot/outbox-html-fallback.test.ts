import { Api } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutbox } from "../../src/bot/outbox.js";
import { plainTextOnEntityErrors } from "../../src/bot/ui/telegram-errors.js";
import { createBotApiServer, type BotApiServer } from "../../src/local/bot-api-server/index.js";
import { createLogger } from "../../src/logger.js";
import { storageEach } from "../helpers/storage-each.js";

const TOKEN = "123456:AAHfakeTokenForHtmlFallbackTests_0";
const CHAT = 4242;
/** A course name nobody escaped, as a sender that forgot `escapeHtml` would put it into HTML. */
const UNESCAPED = "🎫 Your e-voucher for <b>Sea <Sea> & Sand</b>: forward it";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
).toString("base64");

let telegram: BotApiServer;
let apiRoot: string;
beforeEach(async () => {
  telegram = createBotApiServer({ token: TOKEN });
  apiRoot = await telegram.listen(0);
  telegram.user({ id: CHAT, language_code: "en" });
});
afterEach(() => telegram.close());

function logSink() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const logger = createLogger({
    level: "info",
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  });
  return { lines, logger };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition(), what).toBe(true);
}

describe("the outbox sends a message Telegram refuses for its HTML again as plain text", () => {
  const s = storageEach();

  it("a voucher whose caption has an unescaped course name arrives, its caption as the reader would see it; an error names it", async () => {
    const { lines, logger } = logSink();
    const results: string[] = [];
    const outbox = createOutbox({
      db: s.storage.db,
      api: new Api(TOKEN, { apiRoot }),
      logger,
      now: () => 1_800_000_000_000,
      perSecond: 100,
      pollMs: 20,
      onResult: (what, outcome) => results.push(`${what}:${outcome}`),
    });
    await outbox.enqueue({
      chatId: CHAT,
      text: UNESCAPED,
      photo: { filename: "voucher-X.png", base64: PNG },
      what: "voucher",
    });
    outbox.start();
    await until(() => results.length === 1, "the row is settled");
    await outbox.stop();

    expect(results).toEqual(["voucher:sent"]);
    const [photo, ...others] = telegram.messages(CHAT);
    expect(others).toEqual([]);
    expect(photo?.photo, "the voucher arrives as a photo").toBeDefined();
    expect(photo?.caption).toBe("🎫 Your e-voucher for Sea <Sea> & Sand: forward it");
    const refusedCalls = telegram.callsTo("sendPhoto").filter((c) => c.error !== undefined);
    expect(refusedCalls.map((c) => c.error?.description)).toEqual([
      `Bad Request: can't parse entities: Unsupported start tag "sea" at byte offset 31`,
    ]);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ what: "voucher", chatId: CHAT });
    expect(errors[0]?.msg).toMatch(/refused .*HTML.*plain text/);
    expect(JSON.stringify(errors[0]), "the log names the message, never its text").not.toContain("Sand");
  });

  it("a notice with a bare & arrives as plain text; a well-formed one keeps its HTML", async () => {
    const { lines, logger } = logSink();
    const results: string[] = [];
    const outbox = createOutbox({
      db: s.storage.db,
      api: new Api(TOKEN, { apiRoot }),
      logger,
      now: () => 1_800_000_000_000,
      perSecond: 100,
      pollMs: 20,
      onResult: (what, outcome) => results.push(`${what}:${outcome}`),
    });
    await outbox.enqueue({ chatId: CHAT, text: "<b>Booked</b> at Sea & Sand &amp; Co", what: "agent-booking" });
    await outbox.enqueue({ chatId: CHAT, text: "<b>Booked</b> at Sea &amp; Sand", what: "reminder" });
    outbox.start();
    await until(() => results.length === 2, "both rows are settled");
    await outbox.stop();

    expect(results).toEqual(["agent-booking:sent", "reminder:sent"]);
    const [plain, html] = telegram.messages(CHAT);
    expect(plain).toMatchObject({ text: "Booked at Sea & Sand & Co" });
    expect(plain?.entities ?? []).toEqual([]);
    expect(html).toMatchObject({ text: "Booked at Sea & Sand", entities: [{ type: "bold", offset: 0, length: 6 }] });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.what)).toEqual(["agent-booking"]);
  });
});

describe("the bot's own sends (plainTextOnEntityErrors) fall back to plain text the same way", () => {
  it("sendMessage and editMessageText with broken HTML arrive as plain text; the refusal is logged once each", async () => {
    const logged: { method: string; chatId: unknown; description: string }[] = [];
    const api = new Api(TOKEN, { apiRoot });
    api.config.use(plainTextOnEntityErrors((detail) => logged.push(detail)));

    const sent = await api.sendMessage(CHAT, '⛳ <b>Sea <Sea> & Sand</b> <a href="https://t.me/x">link</a>', {
      parse_mode: "HTML",
    });
    expect(sent.text).toBe("⛳ Sea <Sea> & Sand link (https://t.me/x)");
    const edited = await api.editMessageText(CHAT, sent.message_id, "Moved to <i>Sea</b>", { parse_mode: "HTML" });
    expect(edited).toMatchObject({ text: "Moved to Sea" });
    const fine = await api.sendMessage(CHAT, "<b>Sea &amp; Sand</b>", { parse_mode: "HTML" });
    expect(fine.entities).toEqual([{ type: "bold", offset: 0, length: 10 }]);

    expect(logged).toEqual([
      {
        method: "sendMessage",
        chatId: CHAT,
        description: expect.stringMatching(/^Bad Request: can't parse entities: /),
      },
      {
        method: "editMessageText",
        chatId: CHAT,
        description: expect.stringMatching(/^Bad Request: can't parse entities: Unmatched end tag/),
      },
    ]);
  });
});
