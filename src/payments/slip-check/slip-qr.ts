/**
 * A slip's own QR read here, before any service is asked: the bank's "mini QR" (slip verification,
 * EMVCo TLV with a CRC) carries the sending bank and the transaction reference, read by `promptparse`'s
 * `slipVerify`. A QR that is not one is refused without a call; a reference already accepted needs none.
 */
import { slipVerify } from "promptparse/validate";

/** What a slip's verification QR says. */
export interface SlipQrData {
  /** The bank's transaction reference. */
  transRef: string;
  /** The sending bank's 3-digit code. */
  sendingBank: string;
}

/** The longest QR text a service takes (EasySlip: 1–128 characters); a slip's is about 60. */
const MAX_QR_TEXT = 128;

/**
 * Reads a slip-verification QR text; `undefined` when it is not one (another kind of QR, a wrong length,
 * a broken TLV). A bad checksum is tolerated as the slip reader tolerates it: some bank apps print one.
 */
export function readSlipQr(qrText: string): SlipQrData | undefined {
  const text = qrText.trim();
  if (text.length === 0 || text.length > MAX_QR_TEXT) return undefined;
  const read = slipVerify(text, true);
  if (!read || !/^\d{3}$/.test(read.sendingBank) || !/^[0-9A-Za-z]{6,40}$/.test(read.transRef)) return undefined;
  return { transRef: read.transRef, sendingBank: read.sendingBank };
}

/**
 * The bank's transaction reference of a slip QR text, or `undefined` when it is not a slip's. The key by
 * which a transfer is known again: the ledger keeps the references it accepted unique.
 */
export function slipTransactionRef(qrText: string): string | undefined {
  return readSlipQr(qrText)?.transRef;
}
