/**
 * The slip check, whichever service does it: the slip's QR read here first (a malformed one is refused
 * with no call), the service asked once, and its confirmation held against the payment. `verified` only
 * when the service confirmed the transfer AND its amount is the expected one to the satang AND its
 * receiver is the payee as far as the masking shows; a failure of the service is a verdict, never a throw.
 */
import type { AdapterResult, SlipCheckAdapter, SlipCheckInput } from "./adapter.js";
import { createEasySlipAdapter } from "./easyslip.js";
import { createServiceHttp, type SlipCheckLogger } from "./http.js";
import { matchPayee, type SlipPayee } from "./payee.js";
import { readSlipQr } from "./slip-qr.js";
import { createSlipOkAdapter } from "./slipok.js";
import type { SlipCheckProvider, SlipVerdict } from "./verdict.js";

export interface SlipCheckOptions {
  provider: SlipCheckProvider;
  /** The service's API key (SLIP_CHECK_KEY): sent in its header, never logged. */
  key: string;
  /** The service's API root (SLIP_CHECK_URL); default its public one. */
  url?: string | undefined;
  /** SlipOK's branch id (SLIP_CHECK_BRANCH); required for SlipOK. */
  branch?: string | undefined;
  /** Time limit of one check, answer included, ms (default 15 000). */
  timeoutMs?: number;
  /** A transfer older than this is `too-old`, ms (default 24 h). */
  maxAgeMs?: number;
  /** Epoch ms; default `Date.now`. */
  now?: () => number;
  logger?: SlipCheckLogger | undefined;
  fetch?: typeof globalThis.fetch | undefined;
}

export interface SlipCheckRequest {
  /** The slip's QR text, as the slip reader found it. Absent: the image is sent for the service to read. */
  qrText?: string | undefined;
  /** The slip image (JPEG or PNG), sent only when there is no QR text. */
  imageBytes?: Uint8Array | undefined;
  /** What the customer was asked to pay, in satang. */
  expectedAmountSatang: number;
  /** Whom the customer was asked to pay. */
  payee: SlipPayee;
  /** Epoch ms the payment was asked for: a transfer before it (less a few minutes' clock skew) is `too-old`. */
  notBefore?: number | undefined;
}

export interface SlipCheck {
  readonly provider: SlipCheckProvider;
  /** Checks a slip; never rejects for a failure of the service. */
  check(request: SlipCheckRequest): Promise<SlipVerdict>;
}

/** Clocks differ: a bank's time a little before the payment's is not a reused slip. */
const CLOCK_SKEW_MS = 5 * 60_000;

export function createSlipCheck(options: SlipCheckOptions): SlipCheck {
  const post = createServiceHttp({ timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch });
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60_000;
  const adapter = createAdapter(options, post);
  const provider = adapter.provider;

  return {
    provider,
    async check(request) {
      const expected = request.expectedAmountSatang;
      if (!Number.isSafeInteger(expected) || expected <= 0)
        throw new RangeError("expectedAmountSatang must be a positive whole number of satang");
      const qr = request.qrText === undefined ? undefined : readSlipQr(request.qrText);
      let input: SlipCheckInput;
      if (qr) input = { qrText: request.qrText!.trim(), expectedSatang: expected };
      else if (request.qrText === undefined && request.imageBytes && request.imageBytes.byteLength > 0)
        input = { image: request.imageBytes, expectedSatang: expected };
      else return { kind: "refused", provider: "local", reason: "not-a-slip" };

      const result: AdapterResult = await adapter.check(input);
      if (result.kind !== "slip") return qr && !result.transRef ? { ...result, transRef: qr.transRef } : result;

      const slip = result.slip;
      const transRef = slip.transRef;
      // An answer about another transfer than the one asked about is not an answer.
      if (qr && transRef !== qr.transRef)
        return { kind: "unavailable", provider, reason: "unknown-answer", transRef: qr.transRef };
      if (slip.amountSatang !== expected)
        return { kind: "refused", provider, reason: "amount-mismatch", transRef, amountSatang: slip.amountSatang };
      const payee = matchPayee(request.payee, slip.receiver);
      if (payee === "mismatch") return { kind: "refused", provider, reason: "payee-mismatch", transRef };
      if (slip.transferredAt !== undefined) {
        const at = Date.parse(slip.transferredAt);
        const tooEarly = request.notBefore !== undefined && at < request.notBefore - CLOCK_SKEW_MS;
        if (tooEarly || now() - at > maxAgeMs) return { kind: "refused", provider, reason: "too-old", transRef };
      }
      if (payee === "unknown") return { kind: "unavailable", provider, reason: "unconfirmed-payee", transRef };
      return {
        kind: "verified",
        provider,
        amountSatang: slip.amountSatang,
        transRef,
        sendingBank: slip.sendingBank || qr?.sendingBank || "",
        receiver: slip.receiver,
        ...(slip.transferredAt ? { transferredAt: slip.transferredAt } : {}),
      };
    },
  };
}

function createAdapter(options: SlipCheckOptions, post: ReturnType<typeof createServiceHttp>): SlipCheckAdapter {
  if (options.provider === "easyslip")
    return createEasySlipAdapter({ url: options.url, key: options.key, post, logger: options.logger });
  if (!options.branch) throw new TypeError("SlipOK needs its branch id (SLIP_CHECK_BRANCH)");
  return createSlipOkAdapter({
    url: options.url,
    key: options.key,
    branch: options.branch,
    post,
    logger: options.logger,
  });
}
