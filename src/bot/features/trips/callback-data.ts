import * as v from "valibot";

/**
 * A trip's buttons: `tp:list`, `tp:open:<trip>`, `tp:share:<trip>` (the agent sends it to the lead
 * customer), `tp:accept:<trip>` (the lead customer accepts), `tp:dok:<trip>` / `tp:dno:<trip>` (a person
 * approves or rejects the deposit's slip; `bok` / `bno` the balance's), `tp:drc:<trip>` / `tp:brc:<trip>` (the
 * deposit's or the balance's receipt, once approved), `tp:dti:<trip>` / `tp:bti:<trip>` (its tax invoice),
 * `tp:cq:<trip>` (an admin asks what cancelling returns) and `tp:cx:<trip>:<refund>` (cancels at the refund,
 * satang, that was shown); `tp:qi:<trip>` (the quote's picture, sent to whoever taps, to forward). Parsing proves
 * only the shape: the trips service checks who may see and move the trip on every tap.
 */
export type TripAction =
  | "list"
  | "open"
  | "share"
  | "accept"
  | "dok"
  | "dno"
  | "bok"
  | "bno"
  | "drc"
  | "brc"
  | "dti"
  | "bti"
  | "cq"
  | "cx"
  | "qi";

const TripDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(
    /^tp:(?:(?:list|open|share|accept|dok|dno|bok|bno|drc|brc|dti|bti|cq|qi)(?::[A-Za-z0-9-]{1,40})?|cx:[A-Za-z0-9-]{1,40}:\d{1,12})$/,
  ),
  v.transform((s) => {
    const [, action, tripId, refund] = s.split(":") as [string, TripAction, string | undefined, string | undefined];
    return { action, tripId, ...(refund !== undefined ? { refund: Number(refund) } : {}) };
  }),
);

/** Parses a trip button's data; undefined when it is not well-formed. */
export function parseTripData(data: string | undefined) {
  const result = v.safeParse(TripDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Builds a trip button's data; throws on an id that would not parse back (a programming error). */
export function tripData(action: TripAction, tripId?: string, refund?: number): string {
  const data = [
    `tp:${action}`,
    ...(tripId === undefined ? [] : [tripId]),
    ...(refund === undefined ? [] : [refund]),
  ].join(":");
  if (!parseTripData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}
