/**
 * How the booking conversation is entered from outside it: its id, its arguments and the shapes they
 * carry (a tee time, a group's flights, a notice). The features that start a booking (`/book`, a
 * customer link, an offer, `/find`, a watch's alert, the tee sheet), the inline results and the Mini App
 * import these from here; the flow itself (`index.ts` and the files it imports) builds on them. A leaf:
 * it imports nothing.
 */

/** The conversation's id: `ctx.conversation.enter(BOOKING_CONVERSATION, args)`. */
export const BOOKING_CONVERSATION = "booking";

/** A tee time as the flow keeps it (plain JSON). */
export interface SlotView {
  id: string;
  startsAt: number;
  price: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
  freeCaddy?: boolean;
  caddyPrice?: number;
}

/** One tee time of a group, and the players on it. */
export interface FlightDraft {
  slot: SlotView;
  persons: number;
}

/** A message for the next view: its i18n key and arguments. */
export interface Notice {
  key: string;
  args?: Record<string, string | number>;
}

/** Arguments of `ctx.conversation.enter(BOOKING_CONVERSATION, args)`: plain JSON. */
export interface BookingArgs {
  /** Preselect this course (a customer link bound to a course). */
  courseId?: string;
  /** Credit the booking to this agent (a customer link). */
  agentId?: number;
  /** The customer's name from their Telegram profile, offered as "Keep" at the name step. */
  customerName?: string;
  /** Preselect this date (YYYY-MM-DD) of the preselected course: the flow opens on its tee times. */
  date?: string;
  /** Preselect this tee time of that date (an agent's offer): the flow opens on the players step. */
  slot?: SlotView;
  /** With `slot`, the party's size (a search's): the flow opens on the golfer step if the tee time takes it. */
  persons?: number;
  /**
   * A party beyond one tee time (a search's group): its flights on that date, the first one `slot`;
   * the flow opens on the golfer step with these flights (the group step shows them on Back).
   */
  group?: { flights: FlightDraft[] };
  /** A notice shown on the first view (e.g. the offered tee time is gone). */
  notice?: Notice;
}
