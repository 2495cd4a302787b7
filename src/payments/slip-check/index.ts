export { createSlipCheck, type SlipCheck, type SlipCheckOptions, type SlipCheckRequest } from "./check.js";
export type { SlipCheckLogger } from "./http.js";
export { matchPayee, type SlipPayee } from "./payee.js";
export { readSlipQr, slipTransactionRef, type SlipQrData } from "./slip-qr.js";
export { EASYSLIP_URL } from "./easyslip.js";
export { SLIPOK_URL } from "./slipok.js";
export {
  SLIP_CHECK_PROVIDERS,
  type SlipCheckProvider,
  type SlipReceiver,
  type SlipRefusal,
  type SlipUnavailable,
  type SlipVerdict,
  type SlipVerified,
} from "./verdict.js";
export { createSlipCheckRetries, type SlipCheckRetries, type SlipCheckRetry } from "./retries.js";
