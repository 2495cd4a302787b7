/**
 * Whether a slip's receiver is the payee, as far as the bank's masking lets one see: the digits it
 * prints are compared, the masked ones cannot be. Too few digits shown is neither a match nor a mismatch.
 */
import type { PromptPayId } from "../promptpay.js";
import type { SlipReceiver } from "./verdict.js";

/** Whom the customer was asked to pay. */
export interface SlipPayee {
  /** The PromptPay ID in the QR the customer scanned. */
  promptPayId?: PromptPayId;
  /** The bank account behind it, digits only, when known: some slips show only the account. */
  bankAccount?: string;
}

export type PayeeMatch = "match" | "mismatch" | "unknown";

/** Fewer digits shown than this tell nothing (one digit in ten would match by chance). */
const MIN_VISIBLE_DIGITS = 3;

/**
 * Compares the slip's receiver with the payee: `mismatch` when any shown digit (or the proxy's kind)
 * disagrees, `match` when one of them shows enough digits and all agree, `unknown` otherwise.
 */
export function matchPayee(payee: SlipPayee, receiver: SlipReceiver): PayeeMatch {
  const results: PayeeMatch[] = [];
  if (receiver.proxy && payee.promptPayId) {
    const id = payee.promptPayId;
    results.push(
      receiver.proxy.type.toUpperCase() === id.type ? matchMasked(receiver.proxy.value, spellings(id)) : "mismatch",
    );
  }
  if (receiver.account && payee.bankAccount) {
    results.push(matchMasked(receiver.account.value, [payee.bankAccount.replace(/\D/g, "")]));
  }
  if (results.includes("mismatch")) return "mismatch";
  return results.includes("match") ? "match" : "unknown";
}

/** How a PromptPay ID may be printed: a mobile number as `08…`, `668…` or `00668…`. */
function spellings(id: PromptPayId): string[] {
  if (id.type !== "MSISDN") return [id.value];
  const national = id.value.slice(1);
  return [id.value, `66${national}`, `0066${national}`];
}

/**
 * A masked value (`xxx-xxx-5678`, `081-xxx-5678`, `xxx-x-x1234-x`) against the full value's spellings,
 * aligned on the right when the lengths differ. Separators are ignored; anything not a digit is masked.
 */
export function matchMasked(masked: string, fulls: string[]): PayeeMatch {
  const shown = masked.replace(/[\s-]/g, "");
  let best: PayeeMatch = "mismatch";
  for (const full of fulls) {
    const offset = full.length - shown.length;
    let visible = 0;
    let agrees = true;
    for (let i = 0; i < shown.length; i++) {
      const c = shown[i]!;
      if (!/\d/.test(c)) continue;
      visible += 1;
      if (full[i + offset] !== c) agrees = false;
    }
    if (!agrees) continue;
    if (visible >= MIN_VISIBLE_DIGITS) return "match";
    best = "unknown";
  }
  return best;
}
