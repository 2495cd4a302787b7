/**
 * Callback data of a search's buttons: `f:<nonce>:<action>[:<arg>]`, ASCII, at most 64 bytes. The
 * nonce names the search the buttons belong to; every argument is checked again against the stored
 * search by its handler (a forged tee-time id matches nothing shown).
 */
import * as v from "valibot";

export const FIND_ACTIONS = [
  "t", // book the shown tee time <slotId>
  "pg", // page <n>
  "so", // order: earliest | cheapest | nearest
  "c", // open a criterion's buttons: date | calendar | window | players | area | price
  "mo", // the calendar's month: YYYYMM
  "x", // close them (back to the results)
  "d", // date: YYYYMMDD or "we" (this weekend)
  "w", // time window: any | morning | midday | afternoon
  "p", // players <n>
  "a", // area: <id> | any | near (share a location)
  "m", // top price per player, baht, or "any"
  "n", // a label: does nothing
] as const;

export type FindAction = (typeof FIND_ACTIONS)[number];

const FindDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^f:[a-z0-9]{6}:[a-z]{1,2}(?::[A-Za-z0-9_-]{1,40})?$/),
  v.transform((s) => {
    const [, nonce, action, arg] = s.split(":") as [string, string, string, string | undefined];
    return { nonce, action, arg };
  }),
  v.object({ nonce: v.string(), action: v.picklist(FIND_ACTIONS), arg: v.union([v.string(), v.undefined()]) }),
);

export type FindData = v.InferOutput<typeof FindDataSchema>;

export const FIND_DATA_PATTERN = /^f:/;

export function parseFindData(data: string | undefined): FindData | undefined {
  const result = v.safeParse(FindDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Builds callback data; throws on an argument that would not parse back (a programming error). */
export function findData(nonce: string, action: FindAction, arg?: string | number): string {
  const data = arg === undefined ? `f:${nonce}:${action}` : `f:${nonce}:${action}:${arg}`;
  if (!parseFindData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}
