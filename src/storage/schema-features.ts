/*
 * Table types of the features after a booking (reminders, digests, cancel requests, golfer copies,
 * offers) and of the outbox; `Database` (schema.ts) names them all.
 */

/** A reminder claimed for a booking at an offset before tee-off (see migrations/007-reminders-digest.ts). */
export interface RemindersSentTable {
  booking_id: string;
  offset_minutes: number;
  claimed_at: number;
  /** claimed (the send is under way or its instance died), sent, failed (e.g. the user blocked the bot), skipped. */
  outcome: string;
}

/** The admins' digest claimed for a Bangkok date (`YYYY-MM-DD`, the day it is sent). */
export interface DigestsSentTable {
  day: string;
  claimed_at: number;
}

/** An admin's /digest choice (no row: on). */
export interface DigestSettingsTable {
  user_id: number;
  /** 1 on, 0 off. */
  enabled: number;
  updated_at: number;
}

/** A customer's or agent's request to cancel a paid booking (see migrations/008-cancel-requests-copies.ts). */
export interface CancelRequestsTable {
  id: string;
  booking_id: string;
  requester_id: number;
  reason: string | null;
  /** pending → deciding → approved | declined | closed (the booking was refunded another way). */
  state: "pending" | "deciding" | "approved" | "declined" | "closed";
  created_at: number;
  decided_by: number | null;
  decided_at: number | null;
  /** Satang the partner credited back, when approved. */
  refunded_amount: number | null;
}

/** A single-use link that attaches a booking, read-only, to the golfer who opens it. */
export interface GolferCopiesTable {
  token: string;
  booking_id: string;
  created_by: number;
  created_at: number;
  /** The tee-off: no one may claim it after. */
  expires_at: number;
  claimed_by: number | null;
  claimed_at: number | null;
}

/** Who besides the booker sees a booking (golfers who claimed a copy). */
export interface BookingViewersTable {
  booking_id: string;
  user_id: number;
  added_at: number;
}

/** An agent's inline offer of one tee time (see migrations/009-offers.ts). */
export interface OffersTable {
  /** The start parameter of the card's button: `o` + 11 random characters. */
  token: string;
  agent_id: number;
  course_id: string;
  course_name: string;
  course_name_th: string | null;
  time_zone: string;
  slot_id: string;
  starts_at: number;
  /** Satang per player. */
  price: number;
  min_persons: number;
  max_persons: number;
  /** Customers who may open it; null = unlimited. */
  max_uses: number | null;
  uses: number;
  expires_at: number;
  /** How often the agent posted the card (chosen_inline_result). */
  posted: number;
  created_at: number;
}

/** Someone who opened an offer's card, and the booking they made from it. */
export interface OfferOpensTable {
  token: string;
  user_id: number;
  opened_at: number;
  booking_id: string | null;
  booked_at: number | null;
}

/** A message fairway sends on its own, waiting for the leader's paced drain (006-outbox). */
export interface OutboxTable {
  id: string;
  /** Queue order (ms × 1000 + a counter, from the machine's clock). */
  seq: number;
  chat_id: number;
  what: string;
  /** The `OutgoingMessage` as JSON. */
  payload: string;
  created_at: number;
  attempts: number;
  /** Machine-clock ms until which a sender holds it (0: free). */
  claimed_until: number;
}
