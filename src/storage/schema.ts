/** Table types for Kysely. Timestamps are epoch milliseconds (BIGINT in PostgreSQL). */
export interface KvTable {
  key: string;
  value: string;
  /** Epoch ms after which the entry is gone; null = never. */
  expires_at: number | null;
  updated_at: number;
}

/** Where a booking is in its life; see src/bookings/README.md for the transitions. */
export type BookingState =
  | "INTENT"
  | "RESERVING"
  | "HELD"
  | "RESERVE_FAILED"
  | "RESERVE_UNKNOWN"
  | "CONFIRMING"
  | "PAID"
  | "RELEASING"
  | "RELEASED"
  | "REFUNDING"
  | "REFUNDED";

export interface BookingsTable {
  id: string;
  chat_id: number;
  user_id: number;
  agent_id: number | null;
  locale: string;
  course_id: string;
  course_name: string;
  time_zone: string;
  slot_id: string;
  slot_starts_at: number;
  persons: number;
  customer_name: string;
  customer_email: string;
  customer_mobile: string;
  /** Satang: price × persons as listed when the user chose the slot. */
  expected_amount: number;
  /** Satang: the partner's amount, once reserved. */
  amount: number | null;
  state: BookingState;
  reservation_id: string | null;
  reservation_code: string | null;
  tx_no: string | null;
  partner_status: string | null;
  invoice_id: string | null;
  /** JSON: { freeCaddy?, caddyPrice? } as the slot listed them. */
  caddy_info: string | null;
  /** Epoch ms: fairway releases the hold at this instant unless it was confirmed. */
  hold_expires_at: number | null;
  paid_at: number | null;
  refunded_amount: number | null;
  release_reason: string | null;
  /** JSON of the last partner error (class name, status, userMessageKey). */
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface BookingEventsTable {
  id: string;
  booking_id: string;
  at: number;
  from_state: string | null;
  to_state: string;
  detail: string | null;
}

export interface ProcessedUpdatesTable {
  bot_id: number;
  update_id: number;
  at: number;
}

export interface Database {
  kv: KvTable;
  bookings: BookingsTable;
  booking_events: BookingEventsTable;
  processed_updates: ProcessedUpdatesTable;
}
