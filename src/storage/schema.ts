import type {
  RemindersSentTable,
  DigestsSentTable,
  DigestSettingsTable,
  CancelRequestsTable,
  GolferCopiesTable,
  BookingViewersTable,
  OffersTable,
  OfferOpensTable,
  OutboxTable,
} from "./schema-features.js";

export type {
  RemindersSentTable,
  DigestsSentTable,
  DigestSettingsTable,
  CancelRequestsTable,
  GolferCopiesTable,
  BookingViewersTable,
  OffersTable,
  OfferOpensTable,
  OutboxTable,
} from "./schema-features.js";

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
  /** The course's Thai name (nameTH), when the partner gave one. */
  course_name_th: string | null;
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
  /** Epoch ms when the after-payment work (agent notice, low-balance check) was claimed; null before. */
  paid_followup_at: number | null;
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

export interface AgentsTable {
  user_id: number;
  name: string | null;
  added_by: number;
  added_at: number;
}

export interface LinksTable {
  /** At most 64 characters of A-Z a-z 0-9 _ - (Telegram's start parameter). */
  token: string;
  agent_id: number;
  course_id: string | null;
  course_name: string | null;
  /** null = unlimited. */
  max_uses: number | null;
  uses: number;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface CustomersTable {
  user_id: number;
  agent_id: number;
  link_token: string;
  name: string | null;
  joined_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  /** `user:<telegram id>` or `system:reaper`. */
  actor: string;
  action: string;
  booking_id: string | null;
  reservation_id: string | null;
  /** ok, failed, unknown, refused… */
  outcome: string;
  /** JSON: the partner's answer (status, amounts) or its error. */
  detail: string | null;
}

/** A once-only job's lease (see migrations/005-leases.ts). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface Database {
  kv: KvTable;
  bookings: BookingsTable;
  booking_events: BookingEventsTable;
  processed_updates: ProcessedUpdatesTable;
  agents: AgentsTable;
  links: LinksTable;
  customers: CustomersTable;
  audit_log: AuditLogTable;
  leases: LeasesTable;
  reminders_sent: RemindersSentTable;
  digests_sent: DigestsSentTable;
  digest_settings: DigestSettingsTable;
  cancel_requests: CancelRequestsTable;
  golfer_copies: GolferCopiesTable;
  booking_viewers: BookingViewersTable;
  offers: OffersTable;
  offer_opens: OfferOpensTable;
  outbox: OutboxTable;
}
