/**
 * The Mini App's initData check (src/mini-app/init-data.ts): what the local Bot API server signs as
 * Telegram would is accepted; tampered, expired, future, unsigned and another bot's are refused.
 * Then against what fairway did not write: initData signed by the reference implementation
 * (`@telegram-apps/init-data-node`) as a Telegram client sends it since Bot API 8.0 (with
 * `signature`), the reference's own published vector, and a genuine client's initData whose Ed25519
 * signature Telegram's public key verifies. A fixed instant, never the wall clock (the reference's
 * `validate` is asked with `expiresIn: 0`: it would read the machine's clock).
 */
import { createPublicKey, verify } from "node:crypto";
import { isValid, sign, signData, validate, validate3rd, type SignData } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import {
  checkInitData,
  dataCheckString,
  INIT_DATA_MAX_AGE_SECONDS,
  initDataHash,
} from "../../src/mini-app/init-data.js";
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
    added.set("start_param", "free-round");
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

/**
 * A genuine initData from a Telegram client (bot 7342037359, December 2024), as published in the
 * reference's tests (Telegram-Mini-Apps/telegram-apps, packages/init-data-node/src/entries/shared.test.ts).
 * Its `hash` needs that bot's token, which is not public; its `signature` is Telegram's Ed25519 one,
 * which anyone verifies with Telegram's public key.
 */
const GENUINE =
  "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6";
const GENUINE_BOT_ID = 7342037359;
/** Telegram's Ed25519 public key for third-party validation (production), as its docs publish it. */
const TELEGRAM_PUBLIC_KEY = "e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d";

/**
 * The reference's published vector with its bot token (packages/init-data-node/src/entries/node.test.ts):
 * signed before Bot API 8.0, so no `signature`; `chat`, `receiver`, `can_send_after`, `start_param` too.
 */
const PUBLISHED = {
  token: "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8",
  initData:
    "auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D",
};

/**
 * A user as Telegram's servers write it into initData: JSON with escaped slashes, and fields fairway
 * does not read. The reference's `sign` takes a string field as it is (an object it would write with
 * `JSON.stringify`, which does not escape slashes), hence the cast.
 */
const CLIENT_USER = String.raw`{"id":910000002,"first_name":"Niran","last_name":"Agent","username":"niran_sales","language_code":"th","is_premium":true,"allows_write_to_pm":true,"photo_url":"https:\/\/t.me\/i\/userpic\/320\/niran.svg"}`;
const CLIENT_SIGNATURE = new URLSearchParams(GENUINE).get("signature")!;

/** initData as a Telegram client sends it since Bot API 8.0, signed by the reference (hash over every field but itself). */
const referenceSigned = (token = TOKEN) =>
  sign(
    {
      query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
      user: CLIENT_USER as unknown as SignData["user"],
      chat_instance: "-3788475317572404878",
      chat_type: "private",
      start_param: "pattaya",
      signature: CLIENT_SIGNATURE,
    },
    token,
    new Date(AT),
  );

/** The hash fairway used to compute: over every field but `hash` and `signature`. */
const hashWithoutSignature = (params: URLSearchParams, token: string) => {
  const old = new URLSearchParams(params);
  old.delete("signature");
  return signData(dataCheckString(old), token);
};

describe("initData against the reference and Telegram's own", () => {
  it("accepts what the reference signs as a client sends it: signature, query_id, chat_instance, chat_type, start_param, and a user with escaped slashes and photo_url", () => {
    const initData = referenceSigned();
    const params = new URLSearchParams(initData);
    expect(params.get("signature")).toBe(CLIENT_SIGNATURE);
    expect(params.get("user")).toContain(String.raw`https:\/\/t.me\/`);
    expect(() => validate(initData, TOKEN, { expiresIn: 0 })).not.toThrow();
    // The fields fairway does not read (photo_url, is_premium, allows_write_to_pm) are dropped, not refused.
    expect(checkInitData(initData, { botToken: TOKEN, now: AT + 60_000 })).toEqual({
      ok: true,
      user,
      authDate: Math.floor(AT / 1000),
      queryId: "AAHdF6IQAAAAAN0XohDhrOrc",
    });
    // fairway's data-check-string, hashed by the reference, is the reference's hash.
    expect(signData(dataCheckString(params), TOKEN)).toBe(params.get("hash"));
    expect(dataCheckString(params).split("\n")).toContain(`signature=${CLIENT_SIGNATURE}`);
  });

  it("the old check (signature left out of the hash) refuses a client's initData, and the reference refuses initData hashed that way", () => {
    const params = new URLSearchParams(referenceSigned());
    const old = hashWithoutSignature(params, TOKEN);
    expect(old).not.toBe(params.get("hash"));
    const hashedTheOldWay = new URLSearchParams(params);
    hashedTheOldWay.set("hash", old);
    expect(isValid(hashedTheOldWay, TOKEN, { expiresIn: 0 })).toBe(false);
    expect(checkInitData(hashedTheOldWay.toString(), { botToken: TOKEN, now: AT })).toEqual({
      ok: false,
      reason: "bad-hash",
    });
    // Another bot's token, or a signature changed after signing: refused by both.
    expect(checkInitData(referenceSigned(OTHER_TOKEN), { botToken: TOKEN, now: AT })).toEqual({
      ok: false,
      reason: "bad-hash",
    });
    const resigned = new URLSearchParams(params);
    resigned.set("signature", `${CLIENT_SIGNATURE.slice(0, -1)}A`);
    expect(isValid(resigned, TOKEN, { expiresIn: 0 })).toBe(false);
    expect(checkInitData(resigned.toString(), { botToken: TOKEN, now: AT })).toEqual({ ok: false, reason: "bad-hash" });
  });

  it("what fairway's own signer (the local Bot API server's) gives a Mini App has a client's shape, and the reference accepts it", () => {
    const withPhoto = { ...user, photo_url: "https://t.me/i/userpic/320/niran.svg" };
    const initData = signWebAppData({ token: TOKEN, user: withPhoto, at: AT, startParam: "pattaya" });
    const params = new URLSearchParams(initData);
    expect([...params.keys()].sort()).toEqual(
      ["auth_date", "chat_instance", "chat_type", "hash", "query_id", "signature", "start_param", "user"].sort(),
    );
    expect(params.get("user")).toContain(String.raw`https:\/\/t.me\/i\/userpic`);
    expect(params.get("signature")).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(() => validate(initData, TOKEN, { expiresIn: 0 })).not.toThrow();
    expect(isValid(initData, OTHER_TOKEN, { expiresIn: 0 })).toBe(false);
    const hashedTheOldWay = new URLSearchParams(params);
    hashedTheOldWay.set("hash", hashWithoutSignature(params, TOKEN));
    expect(isValid(hashedTheOldWay, TOKEN, { expiresIn: 0 })).toBe(false);
    expect(checkInitData(initData, { botToken: TOKEN, now: AT })).toMatchObject({ ok: true, user });
  });

  it("accepts the reference's published vector with its bot token", () => {
    const { token, initData } = PUBLISHED;
    expect(() => validate(initData, token, { expiresIn: 0 })).not.toThrow();
    expect(checkInitData(initData, { botToken: token, now: 60_000 })).toEqual({
      ok: true,
      user: {
        id: 222,
        first_name: "user-first-name",
        last_name: "user-last-name",
        username: "user-username",
        language_code: "en",
      },
      authDate: 1,
      queryId: "QUERY",
    });
    expect(checkInitData(initData, { botToken: `${token}A`, now: 60_000 })).toEqual({ ok: false, reason: "bad-hash" });
  });

  it("reads a genuine client's initData as Telegram signed it: its fields, sorted and unescaped as fairway writes its data-check-string, carry Telegram's Ed25519 signature", async () => {
    // The reference's third-party check with Telegram's key: these are a real client's bytes.
    await expect(validate3rd(GENUINE, GENUINE_BOT_ID, { expiresIn: 0 })).resolves.toBeUndefined();
    const params = new URLSearchParams(GENUINE);
    expect(params.get("user")).toContain(String.raw`\/`);
    expect(params.get("signature")).toMatch(/^[A-Za-z0-9_-]{86}$/);
    // Telegram's third-party data-check-string is fairway's without `signature`, after "<bot id>:WebAppData".
    const thirdParty = new URLSearchParams(params);
    thirdParty.delete("signature");
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(TELEGRAM_PUBLIC_KEY, "hex").toString("base64url") },
      format: "jwk",
    });
    const signed = Buffer.from(`${GENUINE_BOT_ID}:WebAppData\n${dataCheckString(thirdParty)}`);
    expect(verify(null, signed, key, Buffer.from(params.get("signature")!, "base64url"))).toBe(true);
    // Its fields signed for this bot by the reference (as Telegram would sign them for it): fairway reads the user.
    const authDate = Number(params.get("auth_date"));
    const forThisBot = sign(
      {
        user: params.get("user") as unknown as SignData["user"],
        chat_instance: params.get("chat_instance")!,
        chat_type: "private",
        signature: params.get("signature")!,
      },
      TOKEN,
      new Date(authDate * 1000),
    );
    expect(checkInitData(forThisBot, { botToken: TOKEN, now: authDate * 1000 })).toEqual({
      ok: true,
      user: {
        id: 279058397,
        first_name: "Vladislav + - ? /",
        last_name: "Kibenko",
        username: "vdkfrost",
        language_code: "ru",
      },
      authDate,
    });
    expect(hashWithoutSignature(new URLSearchParams(forThisBot), TOKEN)).not.toBe(
      new URLSearchParams(forThisBot).get("hash"),
    );
  });
});
