/**
 * Every answer SlipOK's and EasySlip's documents show (fixtures/*.json, each citing its page), played back
 * over real HTTP, maps to the right verdict; so do a timeout, a 5xx and an answer that is not the documented
 * shape. The key never appears in a log line or a verdict.
 */
import { generate } from "promptparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlipCheck, type SlipVerdict } from "../../../src/payments/slip-check/index.js";
import easyslip from "./fixtures/easyslip.json" with { type: "json" };
import slipok from "./fixtures/slipok.json" with { type: "json" };
import { recordingLogger, startReplay } from "./replay.js";

const KEY = "SLIPOK-SECRET-KEY-5f1e";
const SLIPOK_REF = "010092101507665143";
const EASYSLIP_REF = "68370160657749I376388B35";
const slipOkQr = generate.slipVerify({ sendingBank: "004", transRef: SLIPOK_REF });
const easySlipQr = generate.slipVerify({ sendingBank: "001", transRef: EASYSLIP_REF });

let replay: Awaited<ReturnType<typeof startReplay>>;
const { lines, logger } = recordingLogger();
const verdicts: SlipVerdict[] = [];

beforeAll(async () => {
  replay = await startReplay();
});
afterAll(async () => {
  // Whatever was answered, the key is in no log line and no verdict.
  expect(lines.length).toBeGreaterThan(0);
  for (const text of [...lines, ...verdicts.map((v) => JSON.stringify(v))]) expect(text).not.toContain(KEY);
  await replay.close();
});

function slipOkCheck(now = Date.parse("2020-04-01T03:30:00Z")) {
  return createSlipCheck({
    provider: "slipok",
    url: `${replay.origin}/api/line/apikey`,
    key: KEY,
    branch: "12345",
    now: () => now,
    timeoutMs: 1_000,
    logger,
  });
}

function easySlipCheck(now = Date.parse("2023-01-01T00:10:00+07:00")) {
  return createSlipCheck({ provider: "easyslip", url: `${replay.origin}/v2`, key: KEY, now: () => now, logger });
}

const slipOkPayee = { promptPayId: { type: "MSISDN", value: "0812345678" } as const };
const easySlipPayee = { bankAccount: "1200003456" };

async function viaSlipOk(expectedAmountSatang = 100_000, check = slipOkCheck()): Promise<SlipVerdict> {
  const verdict = await check.check({ qrText: slipOkQr, expectedAmountSatang, payee: slipOkPayee });
  verdicts.push(verdict);
  return verdict;
}

async function viaEasySlip(expectedAmountSatang = 100_000, check = easySlipCheck()): Promise<SlipVerdict> {
  const verdict = await check.check({ qrText: easySlipQr, expectedAmountSatang, payee: easySlipPayee });
  verdicts.push(verdict);
  return verdict;
}

describe("SlipOK's documented answers", () => {
  it("the documented success is verified: 1,000 baht = 100000 satang, the masked receiver matching the payee", async () => {
    replay.answer(slipok.success);
    expect(await viaSlipOk()).toEqual({
      kind: "verified",
      provider: "slipok",
      amountSatang: 100_000,
      transRef: SLIPOK_REF,
      sendingBank: "004",
      receiver: {
        name: "บจก. แฟร์เวย์ กอล์ฟ",
        proxy: { type: "MSISDN", value: "xxx-xxx-5678" },
        account: { type: "BANKAC", value: "xxx-x-x9012-x" },
      },
      transferredAt: "2020-04-01T03:15:07.000Z",
    });
    const sent = replay.requests.at(-1)!;
    expect(sent.url).toBe("/api/line/apikey/12345");
    expect(sent.headers["x-authorization"]).toBe(KEY);
    expect(JSON.parse(sent.body)).toEqual({ data: slipOkQr, amount: 1000, log: true });
  });

  it("the same success for another amount is an amount mismatch, though SlipOK said success", async () => {
    replay.answer(slipok.success);
    expect(await viaSlipOk(100_001)).toMatchObject({
      kind: "refused",
      reason: "amount-mismatch",
      amountSatang: 100_000,
    });
  });

  it("the same success to another mobile number is a payee mismatch", async () => {
    replay.answer(slipok.success);
    const verdict = await slipOkCheck().check({
      qrText: slipOkQr,
      expectedAmountSatang: 100_000,
      payee: { promptPayId: { type: "MSISDN", value: "0812340000" } },
    });
    expect(verdict).toMatchObject({ kind: "refused", reason: "payee-mismatch" });
  });

  it("the same success a day later, or before the payment was asked for, is too old", async () => {
    replay.answer(slipok.success, slipok.success);
    expect(await viaSlipOk(100_000, slipOkCheck(Date.parse("2020-04-02T04:00:00Z")))).toMatchObject({
      reason: "too-old",
    });
    const verdict = await slipOkCheck().check({
      qrText: slipOkQr,
      expectedAmountSatang: 100_000,
      payee: slipOkPayee,
      notBefore: Date.parse("2020-04-01T03:25:00Z"),
    });
    expect(verdict).toMatchObject({ kind: "refused", reason: "too-old" });
  });

  const expected: Record<string, Partial<SlipVerdict> & Record<string, unknown>> = {
    "1000": { kind: "unavailable", reason: "bad-request", code: "1000" },
    "1001": { kind: "unavailable", reason: "unauthorized", code: "1001" },
    "1002": { kind: "unavailable", reason: "unauthorized", code: "1002" },
    "1003": { kind: "unavailable", reason: "quota-exceeded", code: "1003" },
    "1004": { kind: "unavailable", reason: "quota-exceeded", code: "1004" },
    "1005": { kind: "refused", reason: "not-a-slip" },
    "1006": { kind: "refused", reason: "not-a-slip" },
    "1007": { kind: "refused", reason: "not-a-slip" },
    "1008": { kind: "refused", reason: "not-a-slip" },
    "1009": { kind: "retry-later", afterMs: 15 * 60_000 },
    "1010": { kind: "retry-later", afterMs: 5 * 60_000 },
    "1011": { kind: "refused", reason: "no-such-transfer" },
    "1012": { kind: "refused", reason: "duplicate" },
    "1013": { kind: "refused", reason: "amount-mismatch" },
    "1014": { kind: "refused", reason: "payee-mismatch" },
  };

  it("every documented error code maps to its verdict, with the slip's reference", async () => {
    expect(Object.keys(slipok.errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [code, answer] of Object.entries(slipok.errors)) {
      replay.answer(answer);
      const verdict = await viaSlipOk();
      expect(verdict, `code ${code}`).toMatchObject({ provider: "slipok", transRef: SLIPOK_REF, ...expected[code] });
    }
  });
});

describe("EasySlip's documented answers", () => {
  it("the documented success is verified, the account matched as far as its mask shows", async () => {
    replay.answer(easyslip.success);
    expect(await viaEasySlip()).toEqual({
      kind: "verified",
      provider: "easyslip",
      amountSatang: 100_000,
      transRef: EASYSLIP_REF,
      sendingBank: "001",
      receiver: { name: "บจก. แฟร์เวย์ กอล์ฟ", account: { type: "BANKAC", value: "12xxxx3456" } },
      transferredAt: "2022-12-31T17:00:00.000Z",
    });
    const sent = replay.requests.at(-1)!;
    expect(sent.url).toBe("/v2/verify/bank");
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent.body)).toEqual({ payload: easySlipQr, matchAmount: 1000, checkDuplicate: true });
  });

  it("isDuplicate and isAmountMatched: false are refusals", async () => {
    const data = easyslip.success.body.data;
    replay.answer({ status: 200, body: { ...easyslip.success.body, data: { ...data, isDuplicate: true } } });
    expect(await viaEasySlip()).toMatchObject({ kind: "refused", reason: "duplicate", transRef: EASYSLIP_REF });
    replay.answer({
      status: 200,
      body: { ...easyslip.success.body, data: { ...data, amountInOrder: 1000.5, isAmountMatched: false } },
    });
    expect(await viaEasySlip(100_050)).toMatchObject({
      kind: "refused",
      reason: "amount-mismatch",
      amountSatang: 100_000,
    });
  });

  it("a receiver whose mask shows too little is for a person to decide", async () => {
    const body = structuredClone(easyslip.success.body);
    body.data.rawSlip.receiver.account.bank.account = "xxxxxxxxxx";
    replay.answer({ status: 200, body });
    expect(await viaEasySlip()).toMatchObject({ kind: "unavailable", reason: "unconfirmed-payee" });
  });

  const expected: Record<string, Record<string, unknown>> = {
    MISSING_API_KEY: { kind: "unavailable", reason: "unauthorized", status: 401 },
    INVALID_API_KEY: { kind: "unavailable", reason: "unauthorized", status: 401 },
    BRANCH_INACTIVE: { kind: "unavailable", reason: "unauthorized", status: 403 },
    SERVICE_BANNED: { kind: "unavailable", reason: "unauthorized", status: 403 },
    SERVICE_DELETED: { kind: "unavailable", reason: "unauthorized", status: 403 },
    IP_NOT_ALLOWED: { kind: "unavailable", reason: "unauthorized", status: 403 },
    QUOTA_EXCEEDED: { kind: "unavailable", reason: "quota-exceeded", status: 403, code: "QUOTA_EXCEEDED" },
    VALIDATION_ERROR: { kind: "unavailable", reason: "bad-request", status: 400 },
    URL_PROTOCOL_NOT_ALLOWED: { kind: "unavailable", reason: "bad-request" },
    URL_INVALID_IP_RANGE: { kind: "unavailable", reason: "bad-request" },
    IMAGE_URL_UNREACHABLE: { kind: "unavailable", reason: "bad-request" },
    IMAGE_SIZE_TOO_LARGE: { kind: "unavailable", reason: "bad-request" },
    INVALID_IMAGE_TYPE: { kind: "refused", reason: "not-a-slip" },
    INVALID_IMAGE_FORMAT: { kind: "refused", reason: "not-a-slip" },
    SLIP_NOT_FOUND: { kind: "refused", reason: "no-such-transfer" },
    NOT_FOUND: { kind: "unavailable", reason: "bad-request", status: 404 },
    API_SERVER_ERROR: { kind: "unavailable", reason: "server-error", status: 500 },
    INTERNAL_SERVER_ERROR: { kind: "unavailable", reason: "server-error", status: 500 },
  };

  it("every documented v2 error code maps to its verdict", async () => {
    expect(Object.keys(easyslip.errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [code, { status, message }] of Object.entries(easyslip.errors)) {
      replay.answer({ status, body: { success: false, error: { code, message } } });
      const verdict = await viaEasySlip();
      expect(verdict, code).toMatchObject({ provider: "easyslip", transRef: EASYSLIP_REF, ...expected[code] });
    }
  });
});

describe("answers no document shows", () => {
  it("a timeout is unavailable (timeout), with no retry", async () => {
    const before = replay.requests.length;
    replay.answer("hang");
    const check = createSlipCheck({
      provider: "slipok",
      url: `${replay.origin}/api/line/apikey`,
      key: KEY,
      branch: "12345",
      timeoutMs: 200,
      logger,
    });
    expect(await viaSlipOk(100_000, check)).toMatchObject({ kind: "unavailable", reason: "timeout" });
    expect(replay.requests.length).toBe(before + 1);
  });

  it("a 5xx HTML page is unavailable (server-error) for both", async () => {
    replay.answer({ status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html" });
    expect(await viaSlipOk()).toMatchObject({ kind: "unavailable", reason: "server-error", status: 502 });
    replay.answer({ status: 503, body: "<html>Service Unavailable</html>", contentType: "text/html" });
    expect(await viaEasySlip()).toMatchObject({ kind: "unavailable", reason: "server-error", status: 503 });
  });

  it("an unreachable service is unavailable (unreachable)", async () => {
    const check = createSlipCheck({ provider: "easyslip", url: "http://127.0.0.1:1/v2", key: KEY, logger });
    expect(await viaEasySlip(100_000, check)).toMatchObject({ kind: "unavailable", reason: "unreachable" });
  });

  it("a 200 that is not the documented shape, or an unknown code echoing the key, is unknown-answer, logged without the key", async () => {
    replay.answer({ status: 200, body: { success: true, data: { transRef: SLIPOK_REF, amount: "lots" } } });
    expect(await viaSlipOk()).toMatchObject({ kind: "unavailable", reason: "unknown-answer" });
    replay.answer({ status: 400, body: { success: false, code: 1099, message: `bad key ${KEY}` } });
    expect(await viaSlipOk()).toMatchObject({ kind: "unavailable", reason: "unknown-answer", code: "1099" });
    replay.answer({ status: 400, body: { success: false, error: { code: KEY, message: KEY } } });
    expect(await viaEasySlip()).toMatchObject({ kind: "unavailable", reason: "unknown-answer" });
    expect(lines.some((l) => l.includes("slip check answer not understood"))).toBe(true);
  });

  it("an answer about another transfer than the QR's is never verified", async () => {
    const body = structuredClone(slipok.success.body);
    body.data.transRef = "014999999999999999";
    replay.answer({ status: 200, body });
    expect(await viaSlipOk()).toMatchObject({ kind: "unavailable", reason: "unknown-answer", transRef: SLIPOK_REF });
  });

  it("an amount with a third decimal is not read as a transfer's", async () => {
    const body = structuredClone(slipok.success.body);
    (body.data as { amount: number }).amount = 1000.005;
    replay.answer({ status: 200, body });
    expect(await viaSlipOk()).toMatchObject({ kind: "unavailable", reason: "unknown-answer" });
  });
});
