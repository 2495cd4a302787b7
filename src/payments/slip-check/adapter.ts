/**
 * What a slip-check service's adapter does: one request, its answer read with valibot and turned into
 * either the transfer the service confirmed (`slip`, still to be checked against the payment by
 * `check.ts`) or a verdict of its own (a refusal the service made, a wait, no answer).
 */
import type { SlipCheckProvider, SlipReceiver, SlipVerdict, SlipVerified } from "./verdict.js";

/** What is sent: the slip's QR text when fairway read it, else the image. */
export type SlipCheckInput = { qrText: string; expectedSatang: number } | { image: Uint8Array; expectedSatang: number };

/** A transfer as the service confirmed it. */
export interface ConfirmedTransfer {
  amountSatang: number;
  transRef: string;
  sendingBank: string;
  receiver: SlipReceiver;
  /** ISO 8601, when the service said. */
  transferredAt?: string;
}

export type AdapterResult = { kind: "slip"; slip: ConfirmedTransfer } | Exclude<SlipVerdict, SlipVerified>;

export interface SlipCheckAdapter {
  readonly provider: SlipCheckProvider;
  /** Asks the service once; never rejects. */
  check(input: SlipCheckInput): Promise<AdapterResult>;
}

/** A party's name: the first non-empty of the given spellings. */
export function firstName(...names: (string | null | undefined)[]): string | undefined {
  return names.find((n): n is string => typeof n === "string" && n.trim() !== "")?.trim();
}

/** `{ type, value }` when both are present and non-empty (services send `null` for what a slip lacks). */
export function shown(
  type: string | null | undefined,
  value: string | null | undefined,
): { type: string; value: string } | undefined {
  return type && value ? { type, value } : undefined;
}
