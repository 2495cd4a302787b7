import * as v from "valibot";
import { FLOW_ACTIONS, type FlowAction } from "./conversations/booking/actions.js";

/**
 * Callback data of the booking flow: `b:<nonce>:<action>[:<arg>]`, ASCII only, at most 64 bytes.
 * The nonce names one run of the flow, so a button from another run (or a forged one) fails to parse
 * or fails to match; the action is one the flow declares (`conversations/booking/actions.ts`), so
 * forged data with any other fails to parse; arguments are indexes into what the current panel shows,
 * dates or small numbers.
 */
export const FLOW_PREFIX = "b";

const FlowDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^b:[a-z0-9]{6}:[a-z-]{1,12}(?::[A-Za-z0-9_-]{1,24})?$/),
  v.transform((s) => {
    const [, nonce, action, arg] = s.split(":") as [string, string, string, string | undefined];
    return { nonce, action, arg };
  }),
  v.object({ nonce: v.string(), action: v.picklist(FLOW_ACTIONS), arg: v.undefinedable(v.string()) }),
);

export type FlowData = v.InferOutput<typeof FlowDataSchema>;

/** Parses flow callback data; undefined if it is not well-formed. */
export function parseFlowData(data: string | undefined): FlowData | undefined {
  const result = v.safeParse(FlowDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Builds flow callback data; throws on a bad argument (a programming error, caught by tests). */
export function flowData(nonce: string, action: FlowAction, arg?: string | number): string {
  const data = arg === undefined ? `${FLOW_PREFIX}:${nonce}:${action}` : `${FLOW_PREFIX}:${nonce}:${action}:${arg}`;
  if (!parseFlowData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}

/** Callback data of buttons outside the flow (no nonce): resume or restart a booking, my-bookings actions. */
export const GLOBAL_DATA = {
  resume: "g:resume",
  restart: "g:restart",
  book: "g:book",
  find: "g:find",
} as const;

const MyBookingsSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^mb:(list|view|release|refresh|group)(?::[A-Za-z0-9_-]{1,40})?$/),
  v.transform((s) => {
    const [, action, arg] = s.split(":") as [string, MyBookingsAction, string | undefined];
    return { action, arg };
  }),
);

/** `group`: a group's entry (its flights); `release` of a group's id releases every flight still held. */
type MyBookingsAction = "list" | "view" | "release" | "refresh" | "group";

/** `mb:<action>[:<bookingId or groupId>]` for /mybookings. */
export function parseMyBookingsData(data: string | undefined) {
  const result = v.safeParse(MyBookingsSchema, data);
  return result.success ? result.output : undefined;
}

export function myBookingsData(action: MyBookingsAction, arg?: string): string {
  const data = arg === undefined ? `mb:${action}` : `mb:${action}:${arg}`;
  if (!parseMyBookingsData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}

// After the booking: cancellation requests and the golfer's copy. Parsing proves only the shape:
// every handler checks the sender and the booking's owner in the database again.

const ID = "[A-Za-z0-9-]{1,40}";

/**
 * Callback data `<prefix>:<bookingId>`: its schema, its parser (undefined if the data is not
 * well-formed) and its builder (throws on an id that would not parse back: a programming error).
 */
function bookingIdData(prefix: string) {
  const schema = v.pipe(
    v.string(),
    v.maxBytes(64),
    v.regex(new RegExp(`^${prefix}:${ID}$`)),
    v.transform((s) => ({ bookingId: s.slice(prefix.length + 1) })),
  );
  const parse = (data: string | undefined) => {
    const result = v.safeParse(schema, data);
    return result.success ? result.output : undefined;
  };
  const build = (bookingId: string): string => {
    const data = `${prefix}:${bookingId}`;
    if (!parse(data)) throw new Error(`invalid callback data: ${data}`);
    return data;
  };
  return { schema, parse, build };
}

/**
 * `cr:<bookingId>`: "Request cancellation" (from /mybookings, and from a reminder). Shared with the
 * reminders: keep exactly this format.
 */
const cancelRequest = bookingIdData("cr");
export const CancelRequestDataSchema = cancelRequest.schema;
export const parseCancelRequestData = cancelRequest.parse;
export const cancelRequestData = cancelRequest.build;

/** `rq:skip:<bookingId>` (send without a reason), `rq:ok:<requestId>` / `rq:no:<requestId>` (an admin's decision). */
const RequestDecisionSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(new RegExp(`^rq:(skip|ok|no):${ID}$`)),
  v.transform((s) => {
    const [, action, id] = s.split(":") as [string, "skip" | "ok" | "no", string];
    return { action, id };
  }),
);

export function parseRequestData(data: string | undefined) {
  const result = v.safeParse(RequestDecisionSchema, data);
  return result.success ? result.output : undefined;
}

export function requestData(action: "skip" | "ok" | "no", id: string): string {
  const data = `rq:${action}:${id}`;
  if (!parseRequestData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}

/** `gc:<bookingId>`: "Send to golfer" on the receipt (handled outside the booking conversation). */
const golferCopy = bookingIdData("gc");
export const parseGolferCopyData = golferCopy.parse;
export const golferCopyData = golferCopy.build;

/** `rcp:<bookingId>`: "🧾 Receipt" on a paid booking (features/after-booking/receipt-document.ts). */
const receipt = bookingIdData("rcp");
export const parseReceiptData = receipt.parse;
export const receiptData = receipt.build;

/** `txi:<bookingId>`: "🧾 Tax invoice" on a paid booking (features/after-booking/receipt-document.ts). */
const taxInvoice = bookingIdData("txi");
export const parseTaxInvoiceData = taxInvoice.parse;
export const taxInvoiceData = taxInvoice.build;
