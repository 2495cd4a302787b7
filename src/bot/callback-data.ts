import * as v from "valibot";

/**
 * Callback data of the booking flow: `b:<nonce>:<action>[:<arg>]`, ASCII only, at most 64 bytes.
 * The nonce names one run of the flow, so a button from another run (or a forged one) fails to parse
 * or fails to match; arguments are indexes into what the current panel shows, dates or small numbers.
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
);

export type FlowData = v.InferOutput<typeof FlowDataSchema>;

/** Parses flow callback data; undefined if it is not well-formed. */
export function parseFlowData(data: string | undefined): FlowData | undefined {
  const result = v.safeParse(FlowDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Builds flow callback data; throws on a bad argument (a programming error, caught by tests). */
export function flowData(nonce: string, action: string, arg?: string | number): string {
  const data = arg === undefined ? `${FLOW_PREFIX}:${nonce}:${action}` : `${FLOW_PREFIX}:${nonce}:${action}:${arg}`;
  if (!parseFlowData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}

/** Callback data of buttons outside the flow (no nonce): resume or restart a booking, my-bookings actions. */
export const GLOBAL_DATA = {
  resume: "g:resume",
  restart: "g:restart",
  book: "g:book",
} as const;

const MyBookingsSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^mb:(list|view|release|refresh)(?::[A-Za-z0-9_-]{1,40})?$/),
  v.transform((s) => {
    const [, action, arg] = s.split(":") as [string, "list" | "view" | "release" | "refresh", string | undefined];
    return { action, arg };
  }),
);

/** `mb:<action>[:<bookingId>]` for /mybookings. */
export function parseMyBookingsData(data: string | undefined) {
  const result = v.safeParse(MyBookingsSchema, data);
  return result.success ? result.output : undefined;
}

export function myBookingsData(action: "list" | "view" | "release" | "refresh", arg?: string): string {
  const data = arg === undefined ? `mb:${action}` : `mb:${action}:${arg}`;
  if (!parseMyBookingsData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}
