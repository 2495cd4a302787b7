/**
 * An update that fails before the language middleware ran (the session's read, the chat's lock: the
 * database away) is still answered, in its user's language, without reading the database: grammY's
 * error handler translates by itself. A real createBot on SQLite whose key-value store or chat locks
 * throw the errors of an unreachable PostgreSQL; the Bot API answers in Telegram's place.
 */
import { randomUUID } from "node:crypto";
import { createTripService } from "../../src/trips/service.js";
import { createLinks } from "../../src/access/links.js";
import type { Transformer } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAccess } from "../../src/access/index.js";
import { createLedgerReads } from "../../src/app/bookings.js";
import { createBookingService } from "../../src/bookings/index.js";
import { createBot } from "../../src/bot/index.js";
import { translate } from "../../src/bot/i18n.js";
import { createOffers } from "../../src/bot/inline/offers.js";
import { createConfig } from "../../src/config/index.js";
import { createSandbox, type Sandbox } from "../../src/local/sandbox/index.js";
import { createPartnerCatalog, createPartnerClient } from "../../src/partner/index.js";
import { createPaymentSettings } from "../../src/payments/settings.js";
import { createSlipReader } from "../../src/payments/slip-reader.js";
import { createPriceRules } from "../../src/pricing/rules.js";
import { createTeeTimeSearch } from "../../src/search/search.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { isDatabaseUnavailable } from "../../src/storage/unavailable.js";
import { sqliteDatabase, type TestDatabase } from "../helpers/databases.js";
import { botInfo, memoryLogger } from "../runtime/helpers.js";
import { createReceipts } from "../../src/receipts/receipts.js";

const AGENT = 8201;
const ADMIN = 8202;

/** What a refused connection to PostgreSQL throws (node's error, as `pg` passes it on). */
function refused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    errno: -111,
    syscall: "connect",
  });
}

let updateId = 1;
const from = (id: number, language_code: string) => ({ id, is_bot: false, first_name: "U", language_code });
function text(userId: number, language: string, body: string): Update {
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: userId, type: "private", first_name: "U" },
      from: from(userId, language),
      text: body,
    },
  };
}
function tap(userId: number, language: string, data: string, chatType: "private" | "group" = "private"): Update {
  const chat =
    chatType === "private"
      ? { id: userId, type: "private" as const, first_name: "U" }
      : { id: -100, type: "group" as const, title: "G" };
  return {
    update_id: updateId++,
    callback_query: {
      id: `q${updateId}`,
      chat_instance: "c",
      from: from(userId, language),
      data,
      message: { message_id: 7, date: 0, chat, text: "panel" },
    },
  };
}

describe("an update that fails before its language is known (the database away)", () => {
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

  /** fairway's bot whose session store (`kv`) or chat locks fail while `down` says so. */
  function botWith(failing: "session" | "lock" | "record") {
    const state = { down: false };
    const kv = storage.kv;
    // The record of a handled update (dedupe-updates.ts) fails when `failing` is "record".
    const recordFails = storage.db.withPlugin({
      transformQuery(args) {
        const raw = args.node.kind === "RawNode" ? args.node.sqlFragments.join("?") : "";
        if (failing === "record" && state.down && raw.startsWith('insert into "processed_updates"')) throw refused();
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const broken: Storage = {
      ...storage,
      db: recordFails,
      kv: {
        ...kv,
        adapter<T>(prefix: string, ttlMs?: number) {
          const inner = kv.adapter<T>(prefix, ttlMs);
          return {
            ...inner,
            read: (key: string) => (failing === "session" && state.down ? Promise.reject(refused()) : inner.read(key)),
          };
        },
      },
      locks: {
        run: (key, work) =>
          failing === "lock" && state.down ? Promise.reject(refused()) : storage.locks.run(key, work),
        close: () => storage.locks.close(),
      },
    };
    const { logger, lines } = memoryLogger();
    const config = {
      ...createConfig({ DEFAULT_LOCALE: "th", AGENT_IDS: String(AGENT), ADMIN_IDS: String(ADMIN) }),
      database: db.config,
    };
    const partner = createPartnerClient({ baseURL: sandbox.url, apiKey: sandbox.apiKey });
    const now = Date.now;
    const catalog = createPartnerCatalog({ partner, now });
    const reads = createLedgerReads(broken, now);
    const bookings = createBookingService({ db: storage.db, partner, logger, holdMinutes: 10, now });
    const { bot } = createBot(
      {
        config,
        partner,
        catalog,
        search: createTeeTimeSearch({ catalog }),
        storage: broken,
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
        access: createAccess({ db: storage.db, adminIds: [ADMIN], agentIds: [AGENT], now }),
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
      { token: "123456:AAHfakeTokenForTestsOnly_0123456789", botInfo },
    );
    const calls: { method: string; payload: Record<string, unknown> }[] = [];
    const fakeTelegram: Transformer = (_prev, method, payload) => {
      calls.push({ method, payload });
      const chatId = (payload as { chat_id?: number }).chat_id ?? 0;
      const result = method.startsWith("send")
        ? { message_id: 1, date: 0, chat: { id: chatId, type: "private" }, text: "" }
        : true;
      return Promise.resolve({ ok: true, result } as never);
    };
    bot.api.config.use(fakeTelegram);
    /** Handles `update` as the webhook does: a failure goes to the error handler, which must not throw. */
    const handle = async (update: Update) => {
      const since = calls.length;
      await bot.handleUpdate(update).catch(async (error: unknown) => {
        await bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]);
      });
      return calls.slice(since);
    };
    return { state, handle, lines };
  }

  for (const failing of ["session", "lock"] as const) {
    it(`the ${failing === "session" ? "session store" : "chat lock"} throwing: a message is answered busy in the sender's language, a tap is answered too`, async () => {
      const { state, handle, lines } = botWith(failing);
      // Working first: the agent's session is read and written.
      const before = await handle(text(AGENT, "zh-hans", "/help"));
      expect(before.length).toBeGreaterThan(0);
      state.down = true;

      const korean = await handle(text(9001, "ko", "/start"));
      expect(korean.map((c) => [c.method, c.payload.text])).toEqual([
        ["sendMessage", translate("ko", "error-database-busy")],
      ]);
      const japanese = await handle(text(9002, "ja-JP", "hello"));
      expect(japanese.map((c) => c.payload.text)).toEqual([translate("ja", "error-database-busy")]);
      // Staff read Thai or English: an agent whose Telegram speaks Chinese reads English, an admin in Thai reads Thai.
      const agent = await handle(text(AGENT, "zh-hans", "/book"));
      expect(agent.map((c) => c.payload.text)).toEqual([translate("en", "error-database-busy")]);
      const admin = await handle(text(ADMIN, "th", "/book"));
      expect(admin.map((c) => c.payload.text)).toEqual([translate("th", "error-database-busy")]);

      // A tap: its spinner stops with the notice, and the chat is told.
      const tapped = await handle(tap(9003, "zh", "b:1:c:0"));
      expect(tapped.map((c) => [c.method, c.payload.text])).toEqual([
        ["answerCallbackQuery", translate("zh", "error-database-busy")],
        ["sendMessage", translate("zh", "error-database-busy")],
      ]);
      // A tap in a group is answered as well (no message goes to a group).
      const inGroup = await handle(tap(9004, "en", "b:1:c:0", "group"));
      expect(inGroup.map((c) => [c.method, c.payload.text])).toEqual([
        ["answerCallbackQuery", translate("en", "error-database-busy")],
      ]);
      // An inline query: an empty answer whose button carries the notice.
      const inline = await handle({
        update_id: updateId++,
        inline_query: { id: "iq1", from: from(AGENT, "th"), query: "bangkok", offset: "" },
      });
      expect(inline.map((c) => [c.method, c.payload.results, c.payload.button])).toEqual([
        ["answerInlineQuery", [], { text: translate("th", "error-database-busy"), start_parameter: "inline" }],
      ]);
      expect(lines().some((l) => l.msg === "update failed: the database is unreachable")).toBe(true);

      // The database back: the agent is served as before, and again after another failed update.
      state.down = false;
      const back = await handle(text(AGENT, "zh-hans", "/help"));
      expect(back.map((c) => c.payload.text)).toEqual(before.map((c) => c.payload.text));
    });
  }

  it("an update handled and answered whose record then fails is not also answered busy", async () => {
    const { state, handle, lines } = botWith("record");
    const before = await handle(text(AGENT, "en", "/help"));
    state.down = true;
    const after = await handle(text(AGENT, "en", "/help"));
    expect(after.map((c) => c.payload.text)).toEqual(before.map((c) => c.payload.text));
    expect(lines().some((l) => l.msg === "a handled update was not recorded (database unreachable)")).toBe(true);
  });

  it("tells an unreachable database's errors from a query's", () => {
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused()], "connect failed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused() }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
