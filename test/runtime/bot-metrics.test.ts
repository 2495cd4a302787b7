/**
 * fairway's own bot (createBot) with the update metrics installed first: the dedupe middleware marks a
 * duplicate update and the access gate marks a stranger's, as the metrics count them. Offline: a fake
 * API transformer answers in Telegram's place; the partner is the sandbox, the storage a SQLite file.
 */
import { randomUUID } from "node:crypto";
import { createTripService } from "../../src/trips/service.js";
import { createLinks } from "../../src/access/links.js";
import type { Transformer } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAccess } from "../../src/access/index.js";
import { createLedgerReads } from "../../src/app/bookings.js";
import { createTeeTimeSearch } from "../../src/search/search.js";
import { createBookingService } from "../../src/bookings/index.js";
import { createBot } from "../../src/bot/index.js";
import { createOffers } from "../../src/bot/inline/offers.js";
import { createConfig } from "../../src/config/index.js";
import { createPartnerCatalog, createPartnerClient } from "../../src/partner/index.js";
import { createMetricsHooks } from "../../src/runtime/index.js";
import { createSandbox, type Sandbox } from "../../src/local/sandbox/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { sqliteDatabase, type TestDatabase } from "../helpers/databases.js";
import { botInfo, memoryLogger, sample, testMetrics } from "./helpers.js";
import { createPaymentSettings } from "../../src/payments/settings.js";
import { createSlipReader } from "../../src/payments/slip-reader.js";
import { createPriceRules } from "../../src/pricing/rules.js";
import { createReceipts } from "../../src/receipts/receipts.js";

const AGENT = 8101;
const STRANGER = 8102;

const fakeTelegram: Transformer = (_prev, method, payload) => {
  const chatId = (payload as { chat_id?: number }).chat_id ?? 0;
  const result = method.startsWith("send")
    ? { message_id: 1, date: 0, chat: { id: chatId, type: "private" }, text: "" }
    : true;
  return Promise.resolve({ ok: true, result } as never);
};

let updateId = 1;
function text(userId: number, body: string): Update {
  const chat = { id: userId, type: "private" as const, first_name: "U" };
  const entities = body.startsWith("/")
    ? [{ type: "bot_command" as const, offset: 0, length: body.split(" ")[0]!.length }]
    : undefined;
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: 0,
      chat,
      from: { id: userId, is_bot: false, first_name: "U", language_code: "en" },
      text: body,
      ...(entities ? { entities } : {}),
    },
  };
}

describe("update metrics on fairway's bot", () => {
  let db: TestDatabase;
  let sandbox: Sandbox;
  let storage: Storage;
  beforeEach(async () => {
    db = sqliteDatabase();
    sandbox = createSandbox();
    await sandbox.listen(0);
    storage = await createStorage(db.config);
  });
  afterEach(async () => {
    await storage.close();
    await sandbox.close();
    await db.cleanup();
  });

  it("counts a stranger's message as rejected, a duplicate as duplicate, an agent's /help as ok", async () => {
    const { logger } = memoryLogger();
    const config = { ...createConfig({ DEFAULT_LOCALE: "en", AGENT_IDS: String(AGENT) }), database: db.config };
    const partner = createPartnerClient({ baseURL: sandbox.url, apiKey: sandbox.apiKey });
    const now = Date.now;
    const metrics = testMetrics();
    const catalog = createPartnerCatalog({ partner, now });
    const reads = createLedgerReads(storage, now);
    const bookings = createBookingService({ db: storage.db, partner, logger, holdMinutes: 10, now });
    const { bot } = createBot(
      {
        config,
        partner,
        catalog,
        search: createTeeTimeSearch({ catalog }),
        storage,
        bookings,
        trips: createTripService({
          db: storage.db,
          bookings,
          now,
          newId: randomUUID,
          isAdmin: () => false,
          links: createLinks(storage.db, now),
        }),
        ...reads,
        access: createAccess({ db: storage.db, adminIds: [], agentIds: [AGENT], now }),
        offers: createOffers({ db: storage.db, ledger: reads.ledger, now }),
        // No receipt is asked for here: a ledger that finds no booking refuses every one.
        receipts: createReceipts({
          db: storage.db,
          seller: config.seller,
          bookings: { get: () => Promise.resolve(undefined) },
          access: { whoIs: () => Promise.resolve({ role: "stranger" }) },
          now,
        }),
        logger,
        now,
        prices: createPriceRules({ db: storage.db, now, envMarkup: null, envRounding: 1 }),
        payments: createPaymentSettings({ db: storage.db, config: config.payments, now }),
        slips: createSlipReader(),
      },
      { token: "123456:AAHfakeTokenForTestsOnly_0123456789", botInfo, ...createMetricsHooks(metrics).bot },
    );
    bot.api.config.use(fakeTelegram);

    const help = text(AGENT, "/help");
    await bot.handleUpdate(help);
    await bot.handleUpdate(help);
    await bot.handleUpdate(text(STRANGER, "let me in"));
    const exposition = await metrics.text();
    expect(sample(exposition, 'fairway_updates_total{type="message",outcome="ok"}')).toBe(1);
    expect(sample(exposition, 'fairway_updates_total{type="message",outcome="duplicate"}')).toBe(1);
    expect(sample(exposition, 'fairway_updates_total{type="message",outcome="rejected"}')).toBe(1);
    expect(sample(exposition, 'fairway_update_duration_seconds_count{type="message"}')).toBe(3);
  });
});
