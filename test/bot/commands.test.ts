import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import {
  ADMIN_MENU_COMMANDS,
  AGENT_COMMANDS,
  CUSTOMER_COMMANDS,
  EVERYONE_COMMANDS,
  commandList,
  commandsForCustomer,
  createMenuMemo,
  refreshAgentCommands,
  syncCommands,
} from "../../src/bot/commands.js";
import { ADMIN_COMMANDS } from "../../src/bot/features/admin/index.js";
import { LOCALES_DIR } from "../../src/bot/i18n.js";
import { startHarness, TEST_BOT_TOKEN, type Harness } from "../helpers/harness.js";

const ADMIN = 9001;
const AGENT = 9002;

let h: Harness;
/** The harness this test started, if any (the description checks need none). */
let running: Harness | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Starts fairway for one test (stopped after it). */
async function start(env: Record<string, string>): Promise<void> {
  h = await startHarness({ env });
  running = h;
  await h.settle(); // fairway sets the menus once polling runs; let that finish before a test sets them again
}

/** The commands (names) set for a scope; `chat` is a private chat's id, none the default scope. */
function menu(chat?: number, language_code?: string): string[] {
  const scope = chat === undefined ? { type: "default" } : { type: "chat", chat_id: chat };
  return h.telegram.commands({ scope, ...(language_code ? { language_code } : {}) }).map((c) => c.command);
}

function descriptions(chat: number | undefined, language_code?: string): Record<string, string> {
  const scope = chat === undefined ? { type: "default" } : { type: "chat", chat_id: chat };
  return Object.fromEntries(
    h.telegram.commands({ scope, ...(language_code ? { language_code } : {}) }).map((c) => [c.command, c.description]),
  );
}

describe("command menus", () => {
  it("syncCommands sets the default menu and each admin's and agent's, in English and Thai", async () => {
    await start({ ADMIN_IDS: `${ADMIN},9005`, AGENT_IDS: `${AGENT},9005` });
    await h.app.access.agents.add(9003, "Added", ADMIN);
    const result = await syncCommands(h.app.bot.api, h.app.access);
    expect(result).toEqual({ chats: [ADMIN, 9005, AGENT, 9003], failed: [], sent: 5 });

    for (const code of [undefined, "th"]) {
      expect(menu(undefined, code)).toEqual(["start", "help", "language"]);
      expect(menu(ADMIN, code)).toEqual([...AGENT_COMMANDS, ...ADMIN_COMMANDS]);
      // An admin who is also listed in AGENT_IDS gets the admin menu.
      expect(menu(9005, code)).toEqual(menu(ADMIN, code));
      expect(menu(AGENT, code)).toEqual([
        "book",
        "mybookings",
        "trips",
        "move",
        "link",
        "links",
        "payments",
        "promptpay",
        "offers",
        "watches",
        "cancel",
        "language",
        "help",
      ]);
      expect(menu(9003, code)).toEqual(menu(AGENT, code));
    }
    expect(descriptions(ADMIN).refund).toBe("Refund a paid reservation");
    expect(descriptions(ADMIN, "th").refund).toBe("คืนเงินการจองที่ชำระแล้ว");
    expect(descriptions(undefined).help).toBe("Help");
    expect(descriptions(undefined, "th").help).toBe("วิธีใช้งาน");
    expect(descriptions(AGENT, "th").book).toBe("จองเวลาออกรอบ");
    // Other languages fall back to the English lists (no language_code); no other list exists.
    expect(menu(ADMIN, "de")).toEqual([]);
    // Everyone's menu is in Korean, Japanese and Chinese too; a staff menu never (its client shows English).
    expect(descriptions(undefined, "ko").help).toBe("도움말");
    expect(descriptions(undefined, "ja").language).toBe("言語 / Language");
    // /language offers everyone (strangers, customers) five languages, staff two: the menus say so.
    expect(descriptions(undefined).language).toBe("Language: ไทย / English / 한국어 / 日本語 / 中文");
    expect(descriptions(undefined, "th").language).toBe("ภาษา: ไทย / English / 한국어 / 日本語 / 中文");
    expect(descriptions(ADMIN).language).toBe("ภาษาไทย / English");
    expect(descriptions(AGENT, "th").language).toBe("ภาษาไทย / English");
    expect(descriptions(undefined, "zh").start).toBe("开始：此机器人能做什么");
    for (const code of ["ko", "ja", "zh"]) {
      expect(menu(undefined, code)).toEqual(["start", "help", "language"]);
      expect(menu(ADMIN, code)).toEqual([]);
      expect(menu(AGENT, code)).toEqual([]);
    }
    expect(h.telegram.callsTo("setMyCommands").every((c) => c.ok)).toBe(true);
  });

  it("reports a chat Telegram refuses and still sets the others; a failing default scope throws", async () => {
    await start({ ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},9006` });
    const api = new Api(TEST_BOT_TOKEN, { apiRoot: h.telegram.url });
    api.config.use((prev, method, payload, signal) => {
      const scope = (payload as { scope?: { chat_id?: number } }).scope;
      if (method === "setMyCommands" && scope?.chat_id === AGENT) {
        return Promise.resolve({ ok: false, error_code: 400, description: "Bad Request: chat not found" } as never);
      }
      return prev(method, payload, signal);
    });
    const result = await syncCommands(api, h.app.access);
    expect(result.chats).toEqual([ADMIN, 9006]);
    expect(result.failed).toEqual([{ chatId: AGENT, error: expect.stringContaining("chat not found") }]);
    expect(menu(9006)).toEqual([...AGENT_COMMANDS]);

    h.telegram.failNext({ method: "setMyCommands", error_code: 400, description: "Bad Request: BOT_COMMAND_INVALID" });
    await expect(syncCommands(h.app.bot.api, h.app.access)).rejects.toThrow(/BOT_COMMAND_INVALID/);
  });

  it("refreshAgentCommands follows the user's role now; commandsForCustomer sets a customer's menu", async () => {
    await start({ ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const api = h.app.bot.api;
    await h.app.access.agents.add(9010, null, ADMIN);
    expect(await refreshAgentCommands(api, h.app.access, 9010)).toBe("agent");
    expect(menu(9010)).toEqual([...AGENT_COMMANDS]);
    expect(menu(9010, "th")).toEqual([...AGENT_COMMANDS]);

    await h.app.access.agents.remove(9010);
    expect(await refreshAgentCommands(api, h.app.access, 9010)).toBe("stranger");
    expect(menu(9010)).toEqual([]);
    expect(menu(9010, "th")).toEqual([]);

    // Someone who was a customer before becoming an agent goes back to the customer menu.
    const link = await h.app.access.links.create({ agentId: AGENT });
    await h.app.access.links.redeem(link.token, 9011, "Malee");
    await h.app.access.agents.add(9011, null, ADMIN);
    await refreshAgentCommands(api, h.app.access, 9011);
    await h.app.access.agents.remove(9011);
    expect(await refreshAgentCommands(api, h.app.access, 9011)).toBe("customer");
    expect(menu(9011)).toEqual([...CUSTOMER_COMMANDS]);

    expect(await refreshAgentCommands(api, h.app.access, ADMIN)).toBe("admin");
    expect(menu(ADMIN, "th")).toEqual([...ADMIN_MENU_COMMANDS]);

    await commandsForCustomer(api, 9012);
    expect(menu(9012)).toEqual(["book", "mybookings", "cancel", "language", "help"]);
    expect(descriptions(9012, "th").mybookings).toBe("การจองของฉัน");
    expect(descriptions(9012, "ko").mybookings).toBe("내 예약");
    expect(descriptions(9012, "ja").book).toBe("ティータイムを予約");
    expect(descriptions(9012, "zh").cancel).toBe("中止当前预订");
    expect(descriptions(9012).language).toBe("Language: ไทย / English / 한국어 / 日本語 / 中文");
  });
});

describe("command menus across restarts", () => {
  it("a restart sends no menu that is already set; a changed role, a removal or a lapsed memo sends it again", async () => {
    await start({ ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const api = h.app.bot.api;
    const memo = createMenuMemo(h.app.storage.kv);
    // fairway's own start-up sync has run (start settles) and remembered every scope it set: only the
    // agent added since is sent, then nothing.
    await h.app.access.agents.add(9020, null, ADMIN);
    expect(await syncCommands(api, h.app.access, memo)).toEqual({ chats: [ADMIN, AGENT, 9020], failed: [], sent: 1 });
    const sets = () => h.telegram.callsTo("setMyCommands").length;
    const before = sets();
    expect(await syncCommands(api, h.app.access, memo)).toEqual({ chats: [ADMIN, AGENT, 9020], failed: [], sent: 0 });
    expect(sets()).toBe(before);

    // Removed, then listed again at the next start: the memo was cleared with the menu, so it is sent.
    await h.app.access.agents.remove(9020);
    await refreshAgentCommands(api, h.app.access, 9020, memo);
    expect(menu(9020)).toEqual([]);
    await h.app.access.agents.add(9020, null, ADMIN);
    const synced = await syncCommands(api, h.app.access, memo);
    expect(synced.sent).toBe(1);
    expect(menu(9020, "th")).toEqual([...AGENT_COMMANDS]);

    // A customer's menu over a remembered agent menu is a different list: sent.
    await commandsForCustomer(api, 9020, memo);
    expect(menu(9020)).toEqual([...CUSTOMER_COMMANDS]);
    expect((await syncCommands(api, h.app.access, memo)).sent).toBe(1);
    expect(menu(9020)).toEqual([...AGENT_COMMANDS]);

    // A failed send leaves no memo: the next sync tries again.
    await h.app.storage.kv.delete("menu:default");
    h.telegram.failNext({ method: "setMyCommands", error_code: 400, description: "Bad Request: BOT_COMMAND_INVALID" });
    await expect(syncCommands(api, h.app.access, memo)).rejects.toThrow();
    expect(await memo.get("default")).toBeUndefined();
    expect((await syncCommands(api, h.app.access, memo)).sent).toBe(1);
  });
});

describe("command descriptions", () => {
  const ids = (locale: string) =>
    new FluentResource(readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8")).body.map((e) => e.id);

  it("exist in both languages for every command of every menu, within Telegram's limits", () => {
    const all = new Set([...EVERYONE_COMMANDS, ...CUSTOMER_COMMANDS, ...AGENT_COMMANDS, ...ADMIN_MENU_COMMANDS]);
    for (const locale of ["en", "th"] as const) {
      const defined = new Set(ids(locale));
      for (const command of all) expect(defined.has(`cmd-${command}`), `${locale}: cmd-${command}`).toBe(true);
      for (const { command, description } of commandList([...all], locale)) {
        expect(command).toMatch(/^[a-z0-9_]{1,32}$/);
        expect(description.length, command).toBeGreaterThan(0);
        expect(description.length, command).toBeLessThanOrEqual(256);
        expect(description).not.toContain("cmd-");
      }
    }
    const en = commandList([...all], "en");
    const th = commandList([...all], "th");
    const same = en.filter((c, i) => c.description === th[i]?.description).map((c) => c.command);
    expect(same).toEqual(["language"]);
  });

  it("list every admin command in the admins' menu", () => {
    expect(ADMIN_MENU_COMMANDS.slice(AGENT_COMMANDS.length)).toEqual([...ADMIN_COMMANDS]);
  });
});
