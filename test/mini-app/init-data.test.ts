/**
 * The Mini App's initData check (src/mini-app/init-data.ts): what the local Bot API server signs as
 * Telegram would is accepted; tampered, expired, future, unsigned and another bot's are refused.
 * A fixed instant, never the wall clock.
 */
import { describe, expect, it } from "vitest";
import { checkInitData, INIT_DATA_MAX_AGE_SECONDS, initDataHash } from "../../src/mini-app/init-data.js";
import { signWebAppData } from "../../src/local/bot-api-server/index.js";

const TOKEN = "123456:AAHfakeTokenForTestsOnly_0123456789";
const OTHER_TOKEN = "654321:AAHanotherBotsTokenForTests_98765432";
const AT = Date.UTC(2026, 10, 14, 1, 0, 0);
const user = { id: 910_000_002, first_name: "Niran", last_name: "Agent", username: "niran_sales", language_code: "th" };

const signed = (options: { token?: string; at?: number } = {}) =>
  signWebAppData({ token: options.token ?? TOKEN, user, at: options.at ?? AT, queryId: "AAHdF6IQAAAAAN0XohDhrOrc" });

describe("initData", () => {
  it("accepts what Telegram signed for this bot, with the user and auth_date", () => {
    const result = checkInitData(signed(), { botToken: TOKEN, now: AT + 5 * 60_000 });
    expect(result).toEqual({
      ok: true,
      user,
      authDate: Math.floor(AT / 1000),
      queryId: "AAHdF6IQAAAAAN0XohDhrOrc",
    });
  });

  it("matches the data-check-string of Telegram's docs: sorted fields joined by newlines, hash of the token keyed with WebAppData", () => {
    const params = new URLSearchParams(signed());
    expect(params.get("hash")).toBe(initDataHash(params, TOKEN));
    // Fields in another order are the same data.
    const shuffled = new URLSearchParams([...params.entries()].reverse());
    expect(checkInitData(shuffled.toString(), { botToken: TOKEN, now: AT }).ok).toBe(true);
  });

  it("refuses a tampered user (another id, another language), an added field and a changed hash", () => {
    const params = new URLSearchParams(signed());
    const other = new URLSearchParams(params);
    other.set("user", JSON.stringify({ ...user, id: 910_000_001 }));
    expect(checkInitData(other.toString(), { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "bad-hash" });
    const added = new URLSearchParams(params);
    added.set("chat_type", "private");
    expect(checkInitData(added.toString(), { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "bad-hash" });
    const hash = params.get("hash") ?? "";
    const flipped = new URLSearchParams(params);
    flipped.set("hash", `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`);
    expect(checkInitData(flipped.toString(), { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "bad-hash" });
  });

  it("refuses initData signed with another bot's token", () => {
    expect(checkInitData(signed({ token: OTHER_TOKEN }), { botToken: TOKEN, now: AT })).toEqual({
      ok: false,
      reason: "bad-hash",
    });
  });

  it("refuses initData older than a day, and one dated more than a minute ahead", () => {
    const maxAgeMs = INIT_DATA_MAX_AGE_SECONDS * 1000;
    expect(checkInitData(signed(), { botToken: TOKEN, now: AT + maxAgeMs }).ok).toBe(true);
    expect(checkInitData(signed(), { botToken: TOKEN, now: AT + maxAgeMs + 1000 })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(checkInitData(signed(), { botToken: TOKEN, now: AT, maxAgeSeconds: 60 }).ok).toBe(true);
    expect(checkInitData(signed({ at: AT + 2 * 60_000 }), { botToken: TOKEN, now: AT })).toEqual({
      ok: false,
      reason: "from-the-future",
    });
  });

  it("refuses nothing, garbage and an unsigned query string", () => {
    expect(checkInitData(undefined, { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "missing" });
    expect(checkInitData("", { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "missing" });
    expect(checkInitData("hello", { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "malformed" });
    const unsigned = new URLSearchParams(signed());
    unsigned.delete("hash");
    expect(checkInitData(unsigned.toString(), { botToken: TOKEN, now: AT })).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
