import * as v from "valibot";

/**
 * Callback data of the payment buttons, outside the booking flow: `py:<action>:<bookingId>`.
 * `a` Paid — confirm, `r` Not received (the agent or an admin, on a slip), `x` the customer cancels
 * before paying, `q` a payment request from an agent's receipt, `m` mark a requested payment paid, `t` mark
 * an approved payment whose booking failed returned to the customer.
 * Parsing proves only the shape: every handler checks the tapper and the ledger again.
 */
const ACTIONS = { a: "approve", r: "reject", x: "cancel", q: "request", m: "mark-paid", t: "returned" } as const;
type Code = keyof typeof ACTIONS;

const PaymentDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^py:[arxqmt]:[A-Za-z0-9-]{1,48}$/),
  v.transform((s) => {
    const [, code, bookingId] = s.split(":") as [string, Code, string];
    return { action: ACTIONS[code], bookingId };
  }),
);

export type PaymentAction = (typeof ACTIONS)[Code];
export const PAYMENT_DATA_PREFIX = "py:";

export function parsePaymentData(data: string | undefined) {
  const result = v.safeParse(PaymentDataSchema, data);
  return result.success ? result.output : undefined;
}

/** `py:<code>:<bookingId>`; throws on an id that would not parse back (a programming error). */
export function paymentData(action: PaymentAction, bookingId: string): string {
  const code = (Object.keys(ACTIONS) as Code[]).find((c) => ACTIONS[c] === action)!;
  const data = `py:${code}:${bookingId}`;
  if (parsePaymentData(data)?.action !== action) throw new Error(`invalid callback data: ${data}`);
  return data;
}
