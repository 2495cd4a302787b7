/**
 * SlipOK (slipok.com), from its published API documents:
 * - https://slipok.com/api-documentation/check-slip/ — `POST https://api.slipok.com/api/line/apikey/<BRANCH_ID>`,
 *   header `x-authorization: <API key>`, the body's `data` (the QR text) or `files` (the image), optional
 *   `amount` (checked against the slip); the answer `{ success: true, data: { success, message, receivingBank,
 *   sendingBank, transRef, transDate (yyyyMMdd), transTime (HH:mm:ss), transTimestamp (ISO 8601), sender,
 *   receiver: { displayName, name, proxy: { type, value }, account: { type, value } } (values masked), amount } }`.
 * - https://slipok.com/api-documentation/ (change log) — `log: true` turns on the duplicate (1012) and receiver
 *   (1014) checks; `amount` gives 1013; 1010 carries `bankCode`, `bankName` and `delay`; 1012 carries the slip.
 * Not found in the library, so UNVERIFIED against SlipOK's own page: the error code table (the meanings
 * below are those its change log names and a third-party integration repeats: 1000 no data, 1001 branch,
 * 1002 key, 1003 package expired, 1004 over quota, 1005/1006 not an image, 1007 no QR, 1008 not a
 * payment QR, 1009 bank down, retry in 15 minutes, 1010 delayed, 1011 expired or no such transfer);
 * the HTTP status of an error answer (any status is read, the body decides); where 1010's `delay` sits
 * (`data.delay` or top level, minutes); `amount`'s type in the answer (a number, a numeric string read too).
 */
import * as v from "valibot";
import { createRedactor } from "../../partner/secrets.js";
import type { AdapterResult, SlipCheckAdapter, SlipCheckInput } from "./adapter.js";
import { firstName, shown } from "./adapter.js";
import { BahtAsSatang, satangToBaht } from "./amount.js";
import type { ServiceAnswer, ServicePost, SlipCheckLogger } from "./http.js";
import type { SlipRefusal, SlipUnavailable } from "./verdict.js";

/** SlipOK's API root, before `/<BRANCH_ID>`. */
export const SLIPOK_URL = "https://api.slipok.com/api/line/apikey";

const Text = v.nullish(v.string());
const Shown = v.nullish(v.object({ type: Text, value: Text }));
const Party = v.object({ displayName: Text, name: Text, proxy: Shown, account: Shown });

/** `data` of a successful check (unknown keys dropped). */
const SlipSchema = v.object({
  success: v.optional(v.boolean()),
  transRef: v.pipe(v.string(), v.minLength(1)),
  sendingBank: v.string(),
  receivingBank: v.optional(v.string()),
  transDate: v.optional(v.string()),
  transTime: v.optional(v.string()),
  transTimestamp: v.optional(v.string()),
  amount: BahtAsSatang,
  receiver: Party,
});

const SuccessSchema = v.object({ success: v.literal(true), data: SlipSchema });

const Code = v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]);
const Minutes = v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number))]);

const FailureSchema = v.object({
  success: v.literal(false),
  code: Code,
  message: v.optional(v.string()),
  delay: v.optional(Minutes),
  data: v.optional(v.unknown()),
});

const DelaySchema = v.object({ delay: Minutes });
const RefSchema = v.object({ transRef: v.string() });

/** What each documented error code means for a payment. */
const CODES: Record<number, { refused: SlipRefusal } | { unavailable: SlipUnavailable } | "retry"> = {
  1000: { unavailable: "bad-request" },
  1001: { unavailable: "unauthorized" },
  1002: { unavailable: "unauthorized" },
  1003: { unavailable: "quota-exceeded" },
  1004: { unavailable: "quota-exceeded" },
  1005: { refused: "not-a-slip" },
  1006: { refused: "not-a-slip" },
  1007: { refused: "not-a-slip" },
  1008: { refused: "not-a-slip" },
  1009: "retry",
  1010: "retry",
  1011: { refused: "no-such-transfer" },
  1012: { refused: "duplicate" },
  1013: { refused: "amount-mismatch" },
  1014: { refused: "payee-mismatch" },
};

/** 1009: "try again in 15 minutes" (no quota spent); 1010 without a readable `delay`: SlipOK's usual minutes. */
const BANK_DOWN_MS = 15 * 60_000;

export interface SlipOkAdapterOptions {
  /** Default `SLIPOK_URL`. */
  url?: string | undefined;
  key: string;
  /** The branch id (SlipOK's dashboard), in the path. */
  branch: string;
  post: (post: ServicePost) => Promise<ServiceAnswer>;
  logger?: SlipCheckLogger | undefined;
}

export function createSlipOkAdapter(options: SlipOkAdapterOptions): SlipCheckAdapter {
  const url = `${(options.url ?? SLIPOK_URL).replace(/\/+$/, "")}/${encodeURIComponent(options.branch)}`;
  const redact = createRedactor(options.key);
  const log = options.logger;
  const provider = "slipok" as const;

  const body = (input: SlipCheckInput): ServicePost["body"] => {
    const amount = satangToBaht(input.expectedSatang);
    if ("qrText" in input) return { data: input.qrText, amount, log: true };
    const form = new FormData();
    form.append("files", new Blob([input.image]), "slip.jpg");
    form.append("amount", String(amount));
    form.append("log", "true");
    return form;
  };

  const read = (answer: ServiceAnswer): AdapterResult => {
    if (answer.kind === "no-answer") return { kind: "unavailable", provider, reason: answer.reason };
    const { status, json } = answer;
    const ok = v.safeParse(SuccessSchema, json);
    if (ok.success && status >= 200 && status < 300 && ok.output.data.success !== false) {
      const d = ok.output.data;
      const transferredAt = timeOf(d.transTimestamp, d.transDate, d.transTime);
      const name = firstName(d.receiver.displayName, d.receiver.name);
      const proxy = shown(d.receiver.proxy?.type, d.receiver.proxy?.value);
      const account = shown(d.receiver.account?.type, d.receiver.account?.value);
      return {
        kind: "slip",
        slip: {
          amountSatang: d.amount,
          transRef: d.transRef,
          sendingBank: d.sendingBank,
          receiver: { ...(name ? { name } : {}), ...(proxy ? { proxy } : {}), ...(account ? { account } : {}) },
          ...(transferredAt ? { transferredAt } : {}),
        },
      };
    }
    const failure = v.safeParse(FailureSchema, json);
    const meaning = failure.success ? CODES[failure.output.code] : undefined;
    if (!failure.success || meaning === undefined) {
      const issues = (ok.success ? [] : ok.issues).slice(0, 3).map((i) => redact(i.message));
      if (status >= 500) return { kind: "unavailable", provider, reason: "server-error", status };
      if (status === 401 || status === 403) return { kind: "unavailable", provider, reason: "unauthorized", status };
      log?.warn(
        { provider, status, code: failure.success ? failure.output.code : undefined, issues },
        "slip check answer not understood",
      );
      return {
        kind: "unavailable",
        provider,
        reason: "unknown-answer",
        status,
        ...(failure.success ? { code: String(failure.output.code) } : {}),
      };
    }
    const f = failure.output;
    const transRef = v.is(RefSchema, f.data) ? f.data.transRef : undefined;
    const ref = transRef ? { transRef } : {};
    if (meaning === "retry") {
      const delay = v.is(DelaySchema, f.data) ? v.parse(DelaySchema, f.data).delay : f.delay;
      const afterMs = f.code === 1010 && delay !== undefined ? Math.round(delay * 60_000) : BANK_DOWN_MS;
      return { kind: "retry-later", provider, afterMs, ...ref };
    }
    if ("refused" in meaning) return { kind: "refused", provider, reason: meaning.refused, ...ref };
    return { kind: "unavailable", provider, reason: meaning.unavailable, status, code: String(f.code) };
  };

  return {
    provider,
    async check(input) {
      const started = performance.now();
      const answer = await options.post({ url, headers: { "x-authorization": options.key }, body: body(input) });
      const result = read(answer);
      log?.debug(
        {
          provider,
          status: answer.kind === "answer" ? answer.status : answer.reason,
          outcome: result.kind === "slip" ? "slip" : result.kind,
          durationMs: Math.round(performance.now() - started),
        },
        "slip check",
      );
      return result;
    },
  };
}

/** The transfer's time: `transTimestamp` (ISO 8601), else `transDate` + `transTime` in Bangkok time. */
function timeOf(timestamp?: string, date?: string, time?: string): string | undefined {
  if (timestamp && !Number.isNaN(Date.parse(timestamp))) return new Date(Date.parse(timestamp)).toISOString();
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date ?? "");
  if (!d || !/^\d{2}:\d{2}:\d{2}$/.test(time ?? "")) return undefined;
  const at = Date.parse(`${d[1]}-${d[2]}-${d[3]}T${time}+07:00`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}
