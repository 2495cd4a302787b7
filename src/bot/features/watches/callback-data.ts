/**
 * Callback data of the watches' buttons: `wt:<action>:<id>`, ASCII, at most 64 bytes. The id is
 * checked again by the handler against the database (a watch or an alert of the tapping user), so
 * forged data reaches nothing.
 */
import * as v from "valibot";

export const WATCH_ACTIONS = [
  "f", // watch the search <find nonce> (the /find message's "Tell me when one opens")
  "b", // book the alerted tee time <alert id>
  "s", // stop watch <id> from the /watches list (the list is shown again)
  "x", // stop watch <id> from an alert (its button goes)
] as const;

export type WatchAction = (typeof WATCH_ACTIONS)[number];

const WatchDataSchema = v.pipe(
  v.string(),
  v.maxBytes(64),
  v.regex(/^wt:[a-z]:[a-z0-9]{6,10}$/),
  v.transform((s) => {
    const [, action, id] = s.split(":") as [string, string, string];
    return { action, id };
  }),
  v.object({ action: v.picklist(WATCH_ACTIONS), id: v.string() }),
);

export type WatchData = v.InferOutput<typeof WatchDataSchema>;

export function parseWatchData(data: string | undefined): WatchData | undefined {
  const result = v.safeParse(WatchDataSchema, data);
  return result.success ? result.output : undefined;
}

/** Builds callback data; throws on an id that would not parse back (a programming error). */
export function watchData(action: WatchAction, id: string): string {
  const data = `wt:${action}:${id}`;
  if (!parseWatchData(data)) throw new Error(`invalid callback data: ${data}`);
  return data;
}
