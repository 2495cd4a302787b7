/** The credit balance, always in hundredths of a baht (satang); it may be negative on a credit line. */
import * as v from "valibot";
import { moneySchema } from "./common.js";

export const BalanceSchema = v.object({
  balance: moneySchema("balance", true),
});
