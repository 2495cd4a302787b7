/**
 * EasySlip (easyslip.com), API v2, from its published documents:
 * - https://easyslip-document.cl1.easythunder.com/en/v2 — base `https://api.easyslip.com/v2`,
 *   `Authorization: Bearer <key>`, answers `{ success: true, data, message }` or
 *   `{ success: false, error: { code, message } }`; `matchAmount` (baht) gives `amountInOrder`,
 *   `amountInSlip`, `isAmountMatched`.
 * - https://easyslip-document.cl1.easythunder.com/en/v2/verify/bank (and `/payload`) — `POST /verify/bank`
 *   with exactly one of `payload` (1–128 characters, JSON), `image` (multipart), `base64`, `url`; optional
 *   `remark`, `matchAccount`, `matchAmount`, `checkDuplicate` (default false); `data` is `{ isDuplicate,
 *   matchedAccount | null, amountInOrder?, amountInSlip, isAmountMatched?, rawSlip }`.
 * - https://easyslip-document.cl1.easythunder.com/en/reference/error-codes — the v2 codes and statuses
 *   (401 MISSING_API_KEY, INVALID_API_KEY; 403 BRANCH_INACTIVE, SERVICE_BANNED, SERVICE_DELETED,
 *   IP_NOT_ALLOWED, QUOTA_EXCEEDED; 400 VALIDATION_ERROR, URL_…, IMAGE_…, INVALID_IMAGE_…; 404
 *   SLIP_NOT_FOUND, NOT_FOUND; 500 API_SERVER_ERROR, INTERNAL_SERVER_ERROR). v2 has no duplicate error: a
 *   slip seen before answers `isDuplicate: true`.
 * - https://document.easyslip.com/documents/verify/bank/base64 (v1) — the slip's fields: the v2 page's
 *   `RawSlip` was cut in the library after `date`, so its remaining fields (`amount: { amount, local }`,
 *   `sender`/`receiver: { bank: { id, name, short }, account: { name: { th, en }, bank?: { type, account },
 *   proxy?: { type, account } } }`) are v1's, UNVERIFIED for v2. So are the lower-case v1 error codes
 *   read here too (`duplicate_slip`, `invalid_payload`, …), in case a v2 answer carries one.
 * Images: at most 4 MB (the same page); a larger one is not sent.
 */
import * as v from "valibot";
import { createRedactor } from "../../partner/secrets.js";
import type { AdapterResult, SlipCheckAdapter, SlipCheckInput } from "./adapter.js";
import { firstName, shown } from "./adapter.js";
import { BahtAsSatang, satangToBaht } from "./amount.js";
import type { ServiceAnswer, ServicePost, SlipCheckLogger } from "./http.js";
import type { SlipRefusal, SlipUnavailable } from "./verdict.js";

/** EasySlip's API v2 root. */
export const EASYSLIP_URL = "https://api.easyslip.com/v2";

/** The largest image EasySlip takes. */
export const EASYSLIP_MAX_IMAGE_BYTES = 4 * 1024 * 1024;

const Text = v.nullish(v.string());
const Account = v.object({
  name: v.nullish(v.object({ th: Text, en: Text })),
  bank: v.nullish(v.object({ type: Text, account: Text })),
  proxy: v.nullish(v.object({ type: Text, account: Text })),
});
const Party = v.object({ bank: v.nullish(v.object({ id: Text, name: Text, short: Text })), account: Account });

const RawSlipSchema = v.object({
  transRef: v.pipe(v.string(), v.minLength(1)),
  date: v.optional(v.string()),
  amount: v.object({ amount: BahtAsSatang }),
  sender: Party,
  receiver: Party,
});

const SuccessSchema = v.object({
  success: v.literal(true),
  data: v.object({
    isDuplicate: v.boolean(),
    amountInSlip: v.optional(BahtAsSatang),
    isAmountMatched: v.optional(v.boolean()),
    rawSlip: RawSlipSchema,
  }),
});

const FailureSchema = v.object({
  success: v.literal(false),
  error: v.object({ code: v.pipe(v.string(), v.toUpperCase()), message: v.optional(v.string()) }),
});

type Meaning = { refused: SlipRefusal } | { unavailable: SlipUnavailable } | "slip-not-found";

/** What each documented code means for a payment (v2's, then v1's lower-case names, upper-cased). */
const CODES: Record<string, Meaning> = {
  MISSING_API_KEY: { unavailable: "unauthorized" },
  INVALID_API_KEY: { unavailable: "unauthorized" },
  BRANCH_INACTIVE: { unavailable: "unauthorized" },
  SERVICE_BANNED: { unavailable: "unauthorized" },
  SERVICE_DELETED: { unavailable: "unauthorized" },
  IP_NOT_ALLOWED: { unavailable: "unauthorized" },
  QUOTA_EXCEEDED: { unavailable: "quota-exceeded" },
  VALIDATION_ERROR: { unavailable: "bad-request" },
  URL_PROTOCOL_NOT_ALLOWED: { unavailable: "bad-request" },
  URL_INVALID_IP_RANGE: { unavailable: "bad-request" },
  IMAGE_URL_UNREACHABLE: { unavailable: "bad-request" },
  IMAGE_SIZE_TOO_LARGE: { unavailable: "bad-request" },
  INVALID_IMAGE_TYPE: { refused: "not-a-slip" },
  INVALID_IMAGE_FORMAT: { refused: "not-a-slip" },
  SLIP_NOT_FOUND: "slip-not-found",
  NOT_FOUND: { unavailable: "bad-request" },
  API_SERVER_ERROR: { unavailable: "server-error" },
  INTERNAL_SERVER_ERROR: { unavailable: "server-error" },
  // v1 (UNVERIFIED for v2).
  UNAUTHORIZED: { unavailable: "unauthorized" },
  ACCESS_DENIED: { unavailable: "unauthorized" },
  APPLICATION_EXPIRED: { unavailable: "quota-exceeded" },
  APPLICATION_DEACTIVATED: { unavailable: "unauthorized" },
  INVALID_PAYLOAD: { refused: "not-a-slip" },
  INVALID_IMAGE: { refused: "not-a-slip" },
  QRCODE_NOT_FOUND: { refused: "not-a-slip" },
  DUPLICATE_SLIP: { refused: "duplicate" },
  SERVER_ERROR: { unavailable: "server-error" },
};

export interface EasySlipAdapterOptions {
  /** Default `EASYSLIP_URL`. */
  url?: string | undefined;
  key: string;
  post: (post: ServicePost) => Promise<ServiceAnswer>;
  logger?: SlipCheckLogger | undefined;
}

export function createEasySlipAdapter(options: EasySlipAdapterOptions): SlipCheckAdapter {
  const url = `${(options.url ?? EASYSLIP_URL).replace(/\/+$/, "")}/verify/bank`;
  const redact = createRedactor(options.key);
  const log = options.logger;
  const provider = "easyslip" as const;

  const body = (input: SlipCheckInput): ServicePost["body"] => {
    const matchAmount = satangToBaht(input.expectedSatang);
    if ("qrText" in input) return { payload: input.qrText, matchAmount, checkDuplicate: true };
    const form = new FormData();
    form.append("image", new Blob([input.image]), "slip.jpg");
    form.append("matchAmount", String(matchAmount));
    form.append("checkDuplicate", "true");
    return form;
  };

  const read = (answer: ServiceAnswer, sentImage: boolean): AdapterResult => {
    if (answer.kind === "no-answer") return { kind: "unavailable", provider, reason: answer.reason };
    const { status, json } = answer;
    const ok = v.safeParse(SuccessSchema, json);
    if (ok.success && status >= 200 && status < 300) {
      const d = ok.output.data;
      const slip = d.rawSlip;
      const ref = { transRef: slip.transRef };
      if (d.isDuplicate) return { kind: "refused", provider, reason: "duplicate", ...ref };
      const amountSatang = d.amountInSlip ?? slip.amount.amount;
      if (d.isAmountMatched === false)
        return { kind: "refused", provider, reason: "amount-mismatch", amountSatang, ...ref };
      const account = slip.receiver.account;
      const name = firstName(account.name?.th, account.name?.en);
      const proxy = shown(account.proxy?.type, account.proxy?.account);
      const bank = shown(account.bank?.type, account.bank?.account);
      const at = slip.date ? Date.parse(slip.date) : NaN;
      return {
        kind: "slip",
        slip: {
          amountSatang: slip.amount.amount,
          transRef: slip.transRef,
          sendingBank: slip.sender.bank?.id ?? "",
          receiver: { ...(name ? { name } : {}), ...(proxy ? { proxy } : {}), ...(bank ? { account: bank } : {}) },
          ...(Number.isNaN(at) ? {} : { transferredAt: new Date(at).toISOString() }),
        },
      };
    }
    const failure = v.safeParse(FailureSchema, json);
    const meaning = failure.success ? CODES[failure.output.error.code] : undefined;
    if (!failure.success || meaning === undefined) {
      if (status >= 500) return { kind: "unavailable", provider, reason: "server-error", status };
      if (status === 401 || status === 403) return { kind: "unavailable", provider, reason: "unauthorized", status };
      const issues = (ok.success ? [] : ok.issues).slice(0, 3).map((i) => redact(i.message));
      const code = failure.success ? redact(failure.output.error.code) : undefined;
      log?.warn({ provider, status, code, issues }, "slip check answer not understood");
      return { kind: "unavailable", provider, reason: "unknown-answer", status, ...(code ? { code } : {}) };
    }
    if (meaning === "slip-not-found")
      return { kind: "refused", provider, reason: sentImage ? "not-a-slip" : "no-such-transfer" };
    if ("refused" in meaning) return { kind: "refused", provider, reason: meaning.refused };
    return { kind: "unavailable", provider, reason: meaning.unavailable, status, code: failure.output.error.code };
  };

  return {
    provider,
    async check(input) {
      if ("image" in input && input.image.byteLength > EASYSLIP_MAX_IMAGE_BYTES)
        return { kind: "unavailable", provider, reason: "bad-request" };
      const started = performance.now();
      const answer = await options.post({
        url,
        headers: { authorization: `Bearer ${options.key}` },
        body: body(input),
      });
      const result = read(answer, "image" in input);
      log?.debug(
        {
          provider,
          status: answer.kind === "answer" ? answer.status : answer.reason,
          outcome: result.kind,
          durationMs: Math.round(performance.now() - started),
        },
        "slip check",
      );
      return result;
    },
  };
}
