/**
 * A user's search, kept between taps in the key-value store (the database: any instance serves the
 * next tap): the criteria, the order and page shown, the page's tee times (a tap books exactly the tee
 * time it showed) and which criterion's buttons are open. Versioned: a search stored in another shape
 * is dropped, and its buttons answer "this search has expired".
 */
import * as v from "valibot";
import type { KvStore } from "../../../storage/index.js";
import type { SearchCriteria } from "../../../search/criteria.js";
import type { SearchHit, SortOrder } from "../../../search/search.js";

export const FIND_STATE_VERSION = 1;

/** How long a search's buttons keep working. */
export const FIND_STATE_TTL_MS = 6 * 60 * 60 * 1000;

/** The criterion whose buttons are open instead of the results. */
export type Editing = "date" | "calendar" | "window" | "players" | "area" | "price";

export interface FindState {
  v: typeof FIND_STATE_VERSION;
  /** Names this search: buttons of an older search carry another nonce. */
  nonce: string;
  criteria: SearchCriteria;
  sort: SortOrder;
  page: number;
  /** The tee times the message shows now (at most one page). */
  shown: SearchHit[];
  editing?: Editing;
  /** How a typed query was read, for the "Read as" line. */
  readAs?: string;
  /** The results message, edited in place by later taps. */
  messageId?: number;
  /** The month the calendar shows (`YYYY-MM`). */
  month?: string;
  /** A location shared next sets the area. */
  awaitingLocation?: boolean;
}

const StoredSchema = v.looseObject({ v: v.literal(FIND_STATE_VERSION), nonce: v.string() });

const key = (userId: number) => `find:${userId}`;

export function createFindStore(kv: KvStore) {
  return {
    async get(userId: number): Promise<FindState | undefined> {
      const stored = await kv.get<unknown>(key(userId));
      return v.is(StoredSchema, stored) ? (stored as unknown as FindState) : undefined;
    },
    put: (userId: number, state: FindState) => kv.set(key(userId), state, FIND_STATE_TTL_MS),
  };
}
