/**
 * What a slip check concludes, whichever service answered: the one shape the payment flow reads. Plain
 * JSON (strings and numbers), so a conversation may keep it.
 */

/** The slip-check services fairway speaks to. */
export const SLIP_CHECK_PROVIDERS = ["slipok", "easyslip"] as const;
export type SlipCheckProvider = (typeof SLIP_CHECK_PROVIDERS)[number];

/** The payee as a slip shows it: each value as the bank printed it, usually masked (`xxx-xxx-5678`). */
export interface SlipReceiver {
  /** The name as printed, in Thai or English, often cut short. */
  name?: string;
  /** The PromptPay proxy the money went to, masked. */
  proxy?: { type: string; value: string };
  /** The bank account the money went to, masked. */
  account?: { type: string; value: string };
}

/** Why a slip is refused: the transfer is not this payment's. */
export type SlipRefusal =
  /** The slip's amount is not the expected one (to the satang). */
  | "amount-mismatch"
  /** The money went to someone else, as far as the masked receiver shows. */
  | "payee-mismatch"
  /** The service has seen this transfer before: a slip sent again. */
  | "duplicate"
  /** No slip-verification QR: a malformed QR text, another kind of QR, an image without one. */
  | "not-a-slip"
  /** The bank knows no such transfer (or no longer answers for it). */
  | "no-such-transfer"
  /** The transfer was made before the payment could have been (or longer ago than allowed). */
  | "too-old";

/** Why no verdict could be had: a person decides. */
export type SlipUnavailable =
  /** No connection to the service. */
  | "unreachable"
  /** No answer within the time limit. */
  | "timeout"
  /** The service answered 5xx, or said its own backend failed. */
  | "server-error"
  /** The package is spent or expired. */
  | "quota-exceeded"
  /** The key, the branch or this machine's address is not accepted. */
  | "unauthorized"
  /** The service refused the request itself as malformed (fairway's fault, or a too-large image). */
  | "bad-request"
  /** An answer fairway cannot read (not JSON, not the documented shape, an unknown code). */
  | "unknown-answer"
  /** The transfer is real and the amount right, but the masked receiver shows too little to tell whose it is. */
  | "unconfirmed-payee";

/** A transfer the service confirmed, to the expected payee, for exactly the expected amount. */
export interface SlipVerified {
  kind: "verified";
  provider: SlipCheckProvider;
  /** The amount transferred, in satang: equal to the expected amount. */
  amountSatang: number;
  /** The bank's transaction reference: the same on two slips means the same transfer. */
  transRef: string;
  /** The sending bank's 3-digit code (`014` SCB, `004` KBANK, …). */
  sendingBank: string;
  receiver: SlipReceiver;
  /** When the transfer was made, ISO 8601 (absent when the service did not say). */
  transferredAt?: string;
}

export type SlipVerdict =
  | SlipVerified
  | {
      kind: "refused";
      provider: SlipCheckProvider | "local";
      reason: SlipRefusal;
      /** The transaction reference, when the QR or the service gave one. */
      transRef?: string;
      /** What the slip says when the amount differs, in satang. */
      amountSatang?: number;
    }
  | {
      kind: "retry-later";
      provider: SlipCheckProvider;
      /** The service's suggested wait before asking again, in ms. */
      afterMs: number;
      transRef?: string;
    }
  | {
      kind: "unavailable";
      provider: SlipCheckProvider;
      reason: SlipUnavailable;
      /** The HTTP status, when there was an answer. */
      status?: number;
      /** The service's own error code (`1004`, `QUOTA_EXCEEDED`), when it gave one. */
      code?: string;
      transRef?: string;
    };
