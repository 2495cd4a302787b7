/**
 * The slip check against the local stand-in over real HTTP, for both services: the stand-in shares the
 * adapters' reading of the documents, so this proves they agree (the documents' own samples are
 * documented-answers.test.ts). Amounts in satang: 1,500.50 baht is 150050.
 */
import { generate } from "promptparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlipCheckStandIn, type SlipCheckStandIn } from "../../../src/local/slip-check/index.js";
import {
  createSlipCheck,
  SLIP_CHECK_PROVIDERS,
  slipTransactionRef,
  type SlipCheckProvider,
} from "../../../src/payments/slip-check/index.js";

const NOW = Date.parse("2026-11-23T10:00:00+07:00");
const AT = "2026-11-23T09:55:00+07:00";
const payee = { promptPayId: { type: "MSISDN", value: "0812345678" } as const };
const receiver = { name: "FAIRWAY GOLF", proxy: { type: "MSISDN", value: "xxx-xxx-5678" } };
const qr = (transRef: string, bank = "014") => generate.slipVerify({ sendingBank: bank, transRef });

let standIn: SlipCheckStandIn;

beforeAll(async () => {
  standIn = createSlipCheckStandIn({ key: "stand-in-secret" });
  await standIn.listen();
});
afterAll(() => standIn.close());

function checkFor(provider: SlipCheckProvider, timeoutMs = 5_000) {
  return createSlipCheck({
    provider,
    url: provider === "slipok" ? standIn.slipOkUrl : standIn.easySlipUrl,
    key: standIn.key,
    branch: standIn.branch,
    now: () => NOW,
    timeoutMs,
  });
}

describe.each(SLIP_CHECK_PROVIDERS)("%s through the stand-in", (provider) => {
  /** A reference of its own per provider: the stand-in's duplicates are per service. */
  const ref = (name: string) => `${provider === "slipok" ? "014" : "004"}2026${name}`.toUpperCase();

  it("verifies 1,500.50 baht as 150050 satang, to the payee", async () => {
    const transRef = ref("PAID1500X50");
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 150_050, at: AT, receiver });
    const verdict = await checkFor(provider).check({ qrText: qr(transRef), expectedAmountSatang: 150_050, payee });
    expect(verdict).toMatchObject({
      kind: "verified",
      provider,
      amountSatang: 150_050,
      transRef,
      sendingBank: "014",
      receiver: { proxy: { type: "MSISDN", value: "xxx-xxx-5678" } },
      transferredAt: new Date(Date.parse(AT)).toISOString(),
    });
  });

  it("refuses 1,500.00 when 1,500.50 was asked (one satang is a mismatch)", async () => {
    const transRef = ref("SHORTBY50");
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 150_000, at: AT, receiver });
    const verdict = await checkFor(provider).check({ qrText: qr(transRef), expectedAmountSatang: 150_050, payee });
    expect(verdict).toMatchObject({ kind: "refused", reason: "amount-mismatch", transRef });
  });

  it("refuses the same slip sent twice as a duplicate", async () => {
    const transRef = ref("TWICE");
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 200_000, at: AT, receiver });
    const check = checkFor(provider);
    const request = { qrText: qr(transRef), expectedAmountSatang: 200_000, payee };
    expect(await check.check(request)).toMatchObject({ kind: "verified" });
    expect(await check.check(request)).toMatchObject({ kind: "refused", reason: "duplicate", transRef });
  });

  it("refuses a transfer to another PromptPay number, as far as its mask shows", async () => {
    const transRef = ref("ELSEWHERE");
    const other = { name: "SOMEONE", proxy: { type: "MSISDN", value: "xxx-xxx-9999" } };
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 100_000, at: AT, receiver: other });
    const verdict = await checkFor(provider).check({ qrText: qr(transRef), expectedAmountSatang: 100_000, payee });
    expect(verdict).toMatchObject({ kind: "refused", reason: "payee-mismatch" });
  });

  it("refuses a reference the bank does not know", async () => {
    const verdict = await checkFor(provider).check({ qrText: qr(ref("NEVERMADE")), expectedAmountSatang: 100, payee });
    expect(verdict).toMatchObject({ kind: "refused", reason: "no-such-transfer", transRef: ref("NEVERMADE") });
  });

  it("refuses a malformed QR with no HTTP call", async () => {
    const before = standIn.requests();
    const check = checkFor(provider);
    for (const qrText of [
      "",
      "hello",
      qr(ref("CUT")).slice(0, 30),
      "00020101021129370016A000000677010111011300668123456785802TH53037646304ABCD",
    ])
      expect(await check.check({ qrText, expectedAmountSatang: 100, payee })).toEqual({
        kind: "refused",
        provider: "local",
        reason: "not-a-slip",
      });
    expect(standIn.requests()).toBe(before);
  });

  it("sends the image when fairway could not read its QR", async () => {
    const transRef = ref("FROMIMAGE");
    const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from(transRef)]);
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 99_900, at: AT, receiver });
    standIn.addImage(image, qr(transRef));
    const check = checkFor(provider);
    expect(await check.check({ imageBytes: image, expectedAmountSatang: 99_900, payee })).toMatchObject({
      kind: "verified",
      transRef,
    });
    const unknown = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(await check.check({ imageBytes: unknown, expectedAmountSatang: 99_900, payee })).toMatchObject({
      kind: "refused",
      reason: "not-a-slip",
    });
  });

  it("a wrong key is unavailable (unauthorized): a person decides", async () => {
    const check = createSlipCheck({
      provider,
      url: provider === "slipok" ? standIn.slipOkUrl : standIn.easySlipUrl,
      key: "not-the-key",
      branch: standIn.branch,
    });
    const verdict = await check.check({ qrText: qr(ref("ANY")), expectedAmountSatang: 100, payee });
    expect(verdict).toMatchObject({ kind: "unavailable", reason: "unauthorized" });
  });

  it("a 5xx, a body that is not JSON and no answer at all are unavailable", async () => {
    const request = { qrText: qr(ref("FAULTS")), expectedAmountSatang: 100, payee };
    standIn.failNext("status-500");
    expect(await checkFor(provider).check(request)).toMatchObject({ kind: "unavailable", reason: "server-error" });
    standIn.failNext("not-json");
    expect(await checkFor(provider).check(request)).toMatchObject({ kind: "unavailable", reason: "unknown-answer" });
    standIn.failNext("hang");
    expect(await checkFor(provider, 200).check(request)).toMatchObject({ kind: "unavailable", reason: "timeout" });
  });
});

describe("the bank's delay", () => {
  it("SlipOK's 1010 is retry-later after the minutes it names", async () => {
    const transRef = "0022026BBLDELAYED";
    standIn.delay(transRef, 3);
    const verdict = await checkFor("slipok").check({ qrText: qr(transRef, "002"), expectedAmountSatang: 100, payee });
    expect(verdict).toEqual({ kind: "retry-later", provider: "slipok", afterMs: 180_000, transRef });
  });

  it("EasySlip documents no delay: its server error leaves it to a person", async () => {
    const transRef = "0022026BBLDELAYED2";
    standIn.delay(transRef, 3);
    const verdict = await checkFor("easyslip").check({ qrText: qr(transRef, "002"), expectedAmountSatang: 100, payee });
    expect(verdict).toMatchObject({ kind: "unavailable", reason: "server-error", code: "API_SERVER_ERROR" });
  });
});

describe("slipTransactionRef", () => {
  it("gives the reference of a slip's QR, nothing for any other text", () => {
    expect(slipTransactionRef(qr("0142026REFERENCE"))).toBe("0142026REFERENCE");
    expect(slipTransactionRef(` ${qr("0142026REFERENCE")}\n`)).toBe("0142026REFERENCE");
    expect(slipTransactionRef("not a QR")).toBeUndefined();
  });
});

describe("the stand-in's answer latency (the benchmark's service answering in 1 s)", () => {
  it("answers after the latency it is given, and past the client's time limit is unavailable", async () => {
    const transRef = "0142026SLOWANSWER";
    standIn.addTransfer({ transRef, sendingBank: "014", amountSatang: 100, at: AT, receiver });
    standIn.setLatency(400);
    try {
      const started = performance.now();
      const verdict = await checkFor("slipok").check({ qrText: qr(transRef), expectedAmountSatang: 100, payee });
      expect(verdict.kind).toBe("verified");
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
      const late = await checkFor("slipok", 150).check({ qrText: qr(transRef), expectedAmountSatang: 100, payee });
      expect(late).toMatchObject({ kind: "unavailable", reason: "timeout" });
    } finally {
      standIn.setLatency(0);
    }
  });
});
