/*
 * The database's tables as Kysely types, one interface per table; `Database` names them all.
 * Timestamps are epoch milliseconds (BIGINT in PostgreSQL).
 */
import type { ColumnType } from "kysely";

/** The key-value store behind sessions, conversations and memos (kv.ts). */
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
  /** Satang: what the customer pays (the selling price × persons, 013-prices-payments), set with the hold; null before. */
  selling_amount: number | null;
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
  /** The group this booking is a flight of (`booking_groups.id`); null for a single booking. */
  group_id: string | null;
  /** The flight's place in its group, 1 first (earliest); null for a single booking. */
  flight: number | null;
  /** JSON string[]: the players' names sent as `additionGolfer`; null when none were given. */
  addition_golfers: string | null;
  /** Epoch ms when the reservation was last read from the partner (`refresh`, 017); null: not read since. */
  refreshed_at: number | null;
  /** `course`: the partner ended this paid reservation without fairway asking (031); null otherwise. */
  ended_by: "course" | null;
}

/** A course change told (031): one row per change, inserted with its messages. */
export interface CourseNoticesTable {
  /** `end:<booking>` or `time:<booking>:<tee time, epoch ms>`. */
  id: string;
  booking_id: string;
  kind: "ended" | "tee-time";
  created_at: number;
}

/**
 * Where a group's own operation is (010-groups): INTENT (recorded), HOLDING (its flights being reserved, or released), HELD (every
 * flight held), CONFIRMING (being paid, flight by flight), then settled: PAID (every flight), PARTIAL
 * (some paid, the rest released), RELEASED (none paid). A refund moves its flights, not the group.
 */
export type GroupState = "INTENT" | "HOLDING" | "HELD" | "CONFIRMING" | "PAID" | "PARTIAL" | "RELEASED";

/** One party booked as several tee times (flights) at one course on one date. */
export interface BookingGroupsTable {
  id: string;
  chat_id: number;
  user_id: number;
  agent_id: number | null;
  locale: string;
  course_id: string;
  course_name: string;
  course_name_th: string | null;
  time_zone: string;
  /** Players in the whole party. */
  persons: number;
  /** How many flights (tee times). */
  flights: number;
  /** The lead golfer, the customer of every flight. */
  customer_name: string;
  customer_email: string;
  customer_mobile: string;
  /** Satang: the flights' expected amounts together. */
  expected_amount: number;
  state: GroupState;
  /** JSON: why the group's last operation stopped (the flight, the partner's error); null when it did not. */
  last_error: string | null;
  created_at: number;
  /** Epoch ms of the group's last step (each flight held or paid counts): the reaper's staleness clock. */
  updated_at: number;
  /** Epoch ms when the group reached PAID, PARTIAL or RELEASED. */
  settled_at: number | null;
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
  /** 1: the customer pays first (PromptPay), 0: confirmed at once; null: pay first when PromptPay is configured. */
  pay_first: number | null;
  /** The one trip the link opens (its quote, to accept); null: an ordinary link. Migration 032. */
  trip_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CustomersTable {
  user_id: number;
  agent_id: number;
  /** The link's or the offer's token that admitted them. */
  link_token: string;
  name: string | null;
  joined_at: number;
  /** The only course they may book (their link's or offer's); null: every course. */
  course_id: string | null;
  /** The one trip their link opened: they can do nothing outside it; null: an ordinary customer. Migration 032. */
  trip_id: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A live instance's heartbeat and its demand on the outgoing budget (see migrations/012-shared-limits.ts). */
export interface LimitInstancesTable {
  /** The bot's id (the token's number): instances of one bot share its limits. */
  bot: string;
  instance: string;
  /** The database's clock, ms. */
  expires_at: number;
  /** 1 while it receives updates or leads; 0 for a polling standby. */
  active: number;
  /** Sends per second it asked for lately: answers to updates, and background sends. */
  interactive: number;
  background: number;
  /** JSON of its counters since it started (sends, waits, 429s), for the fleet's totals. */
  stats: string;
}

/** A token bucket shared by the instances (see migrations/012-shared-limits.ts); times on the database's clock, ms. */
export interface LimitBucketsTable {
  key: string;
  tokens: number;
  at: number;
  paused_until: number;
  /** When the bucket is full again (rows full for a while are swept). */
  full_at: number;
}

/** A partner list read once for every instance (see migrations/012-shared-limits.ts). */
export interface PartnerCacheTable {
  key: string;
  /** JSON of the list; null while the first read is under way. */
  value: string | null;
  /** fairway's clock (epoch ms) of the read that gave `value`. */
  fetched_at: number;
  /** The instance reading it now, until `reading_until` (fairway's clock). */
  reading_by: string | null;
  reading_until: number;
}

/** A reminder claimed for a booking at an offset before tee-off (see migrations/007-reminders-digest.ts). */
export interface RemindersSentTable {
  booking_id: string;
  offset_minutes: number;
  claimed_at: number;
  /**
   * claimed (the send is under way or its instance died), sent, failed (e.g. the user blocked the bot), skipped;
   * grouped: a group's flight, whose reminder is the group's one (claimed on the group's first flight's row).
   */
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
  /** The link's number among its booking's (1 first), unique per booking: at most the booking's bound exist (016). */
  slot: number;
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

/** What a watch is doing (see migrations/011-watches.ts): active until its date passes (ended) or its agent stops it. */
export type WatchState = "active" | "stopped" | "ended";

/** An agent's saved search, checked for tee times that open (src/watches/). */
export interface WatchesTable {
  /** 10 lower-case letters and digits (callback data carries it). */
  id: string;
  user_id: number;
  chat_id: number;
  /** JSON SearchCriteria (dates, time window, players, area, top price). */
  criteria: string;
  /** JSON [{ id, name, nameTH }]: only these courses; null: every course of the criteria's area. */
  courses: string | null;
  /** A digest of the criteria and courses: an agent's same watch is not saved twice. */
  dedupe_key: string;
  state: WatchState;
  /** JSON { "<courseId>|<date>": [tee-time ids] }: the matching tee times open at the watch's last look. */
  open_slots: string;
  /** Tee times alerted so far. */
  alerts: number;
  created_at: number;
  /** When it ends by itself: its last date's last tee time (the window's end until that is known). */
  ends_at: number;
  ended_at: number | null;
}

/** One (course, date) the checker reads for every watch covering it. */
export interface WatchTargetsTable {
  course_id: string;
  /** YYYY-MM-DD, the course's. */
  date: string;
  checked_at: number | null;
  next_check_at: number;
  /** Failed reads in a row (the back-off grows with them). */
  failures: number;
  /** The day's last tee time at the last read; null before a read or for a day without tee times. */
  last_start: number | null;
}

/** One tee time alerted to one watch: at most one row (and one alert) per pair. */
export interface WatchAlertsTable {
  /** 10 lower-case letters and digits (the "Book it" button carries it). */
  id: string;
  watch_id: string;
  slot_id: string;
  /** JSON SearchHit: the tee time as alerted. */
  hit: string;
  created_at: number;
}

/** A markup rule (see migrations/013-prices-payments.ts): the agency's (`target` ''), a course's or an agent's. */
export interface PriceRulesTable {
  /** "agency", "course" or "agent" (text in the database). */
  scope: string;
  target: string;
  /** percent (value in basis points), per-player (value in satang), or none (the agency: no markup). */
  kind: string;
  value: number;
  /** Baht the selling price is rounded up to (the agency's row only). */
  rounding: number | null;
  updated_at: number;
  updated_by: number;
}

/**
 * Where a payment is: pending (recorded with the intent; the QR not shown yet) → awaiting (the QR was shown) → submitted (a slip came) → approved (the agent or an
 * admin said paid; the partner confirm follows) | rejected (not received; another slip may follow);
 * expired (the hold ended first); cancelled (the customer cancelled).
 */
/**
 * `to-return`: approved, but nothing was booked (the partner's confirm failed until the hold ended): the
 * customer's money is to be returned; `returned`: a decider marked it returned.
 */
export type PaymentState =
  "pending" | "awaiting" | "submitted" | "approved" | "rejected" | "expired" | "cancelled" | "to-return" | "returned";

/**
 * Where a move of a paid booking to another tee time is (`src/bookings/move.ts`, its legal moves in
 * `src/bookings/moves.ts`): the new tee time being held, held (waiting for the approval), the old
 * booking being refunded, the new hold being confirmed; then done, abandoned (nothing refunded, the new
 * hold released), unwound (the refund failed: the old booking stands, the new hold released) or stranded
 * (the old booking refunded, the new one could not be booked: people are told).
 */
export type MoveState = "HOLDING" | "HELD" | "REFUNDING" | "CONFIRMING" | "DONE" | "ABANDONED" | "UNWOUND" | "STRANDED";

/** A move of a paid booking (`old_booking_id`) to a new booking of its own (`new_booking_id`). */
export interface BookingMovesTable {
  id: string;
  old_booking_id: string;
  new_booking_id: string;
  state: MoveState;
  /** Who asked for the move. */
  requested_by: number;
  /** Who approved (or declined) it. */
  decided_by: number | null;
  /** Satang the partner credited back for the old booking (its contract policy decides). */
  refunded_amount: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * A customer's PromptPay payment of a booking (kind `prepay`), of the difference of a move to a dearer tee
 * time (`move`, keyed by the move's new booking), or an agent's payment request (`request`).
 */
export interface PaymentsTable {
  booking_id: string;
  kind: "prepay" | "move" | "request";
  state: PaymentState;
  /** Satang: the selling total asked for. */
  amount: number;
  /** The PromptPay ID paid to (the agent's own, else PROMPTPAY_ID). */
  payee: string;
  /** What the customer quotes (and the QR carries): `FW` + 8 characters. */
  reference: string;
  chat_id: number;
  user_id: number;
  agent_id: number | null;
  /** Telegram file id of the latest slip. */
  slip_file_id: string | null;
  /** The bank's transaction reference read from the slip's QR, when it had one. */
  slip_ref: string | null;
  /** Another booking whose slip carried the same reference (a re-used slip). */
  slip_reused_of: string | null;
  slip_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
  /**
   * When its booking (or a flight of its group) last moved to RELEASED (migration 022): the reaper's sweep
   * for payments whose holds ended unsettled reads only payments with one. Null: never released.
   */
  holds_released_at: number | null;
  /** Slips this payment took (migration 024): one past `SLIPS_PER_PAYMENT` is refused before it is read. */
  slip_count: ColumnType<number, number | undefined, number>;
  /** What came of reading the latest slip's QR (migration 024); null before any slip. */
  slip_qr: SlipQrOutcome | null;
  /** Who decided when not a person (migration 025): `slip-check:<provider>`; null for a person or before any. */
  decided_via: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the slip check answered for the latest slip (migration 025), e.g. `refused:amount-mismatch`; null unchecked. */
  slip_check: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * What came of reading a slip's QR: `read` (a bank reference), `no-qr` (decoded, no slip QR in it: a
 * cropped or edited slip, or not a slip), `too-large` (over the reader's limits), `unread` (not
 * downloaded, or the reader busy, too slow or closed).
 */
export type SlipQrOutcome = "read" | "no-qr" | "too-large" | "unread";

/**
 * A slip image, first seen on a slip of `booking_id` (migration 024): by Telegram's `file_unique_id`
 * (`kind` `file`) or by the SHA-256 of its decoded pixels (`pixels`).
 */
export interface SlipImagesTable {
  kind: "file" | "pixels";
  digest: string;
  booking_id: string;
  at: number;
}

/** A bank transaction reference accepted as a payment (migration 025), once across every instance. */
export interface AcceptedSlipRefsTable {
  ref: string;
  booking_id: string;
  at: number;
}

/** A slip the service asked to be checked again later (migration 026), asked again by the leader at `due_at`. */
export interface SlipCheckRetriesTable {
  booking_id: string;
  qr_text: string;
  trans_ref: string;
  due_at: number;
  attempts: number;
  arrived_at: number;
}

/** A pay-first payment whose customer was warned that the hold is about to lapse (migration 030), once. */
export interface HoldWarningsTable {
  booking_id: string;
  warned_at: number;
}

/** Where money owed to a customer is: to be returned, then marked returned by a decider. */
export type OwedState = "to-return" | "returned";

/**
 * Why money is owed to a customer (migration 023): `stranded` — a move refunded the old booking and never
 * booked the new tee time (what they paid for the old); `difference` — a move to a cheaper tee time was
 * done (old selling − new selling); `refund` — a booking they paid was refunded (their share of the
 * partner's credit).
 */
export type OwedReason = "stranded" | "difference" | "refund" | "trip" | "trip-round";

/** Money fairway owes a customer, one row per cause (`src/bookings/owed.ts`). */
export interface MoneyOwedTable {
  /** What made it owed: `s-<move id>`, `d-<move id>` or `r-<booking id>` (one row however often it runs). */
  id: string;
  reason: OwedReason;
  /** The booking the money was paid for (a move's old booking, or the booking refunded). */
  booking_id: string;
  move_id: string | null;
  state: OwedState;
  /** Satang. */
  amount: number;
  /**
   * `fairway`: the customer paid through fairway (a pay-first payment or a payment request approved);
   * `outside`: fairway recorded no payment of theirs (the agent collected it): probably owed, at the
   * selling amount recorded.
   */
  paid_via: "fairway" | "outside";
  /** What the customer quotes: their payment's reference, else the booking's. */
  reference: string;
  chat_id: number;
  user_id: number;
  /** Who returns it: the agent credited with the booking (or its payment); null: the agency (admins). */
  agent_id: number | null;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A bank transaction reference, first seen on a slip of `booking_id`. */
export interface SlipRefsTable {
  ref: string;
  booking_id: string;
  at: number;
}

/** An agent's own PromptPay ID (their customers pay them). */
export interface AgentPayeesTable {
  agent_id: number;
  promptpay_id: string;
  updated_at: number;
}

/** An e-voucher drawn for a booking or a group (019-vouchers): its QR's token opens the check page. */
export interface VouchersTable {
  /** Unguessable (144 random bits, base64url): the check page's address. */
  token: string;
  /** The booking it is of; null for a group's. */
  booking_id: string | null;
  /** The group it is of; null for a single booking's. */
  group_id: string | null;
  /** The language it was drawn in (the check page speaks it too). */
  locale: string;
  created_at: number;
  /** The token of the voucher that took its place (the booking moved); null while none did. */
  replaced_by: string | null;
}

/** A trip (migration 029, `src/trips/`): its states in `TRIP_MOVES`; what was frozen at sale beside them. */
export interface TripsTable {
  id: string;
  agent_id: number;
  /** The lead customer's name, as the agent typed it. */
  lead_name: string;
  /** The lead customer's e-mail and mobile: the partner's reservations are made in their name. */
  lead_email: string;
  lead_mobile: string;
  /** The language the lead customer is quoted in. */
  locale: string;
  state: "DRAFT" | "QUOTED" | "ACCEPTED" | "DEPOSIT_PAID" | "PAID" | "COMPLETED" | "CANCELLED";
  /** `percent`: `deposit_value` is whole percent of the total; `amount`: satang. */
  deposit_kind: "percent" | "amount";
  deposit_value: number;
  /** The balance is due this many days before the first round. */
  balance_days_before: number;
  /** The cancellation ladder, JSON `[{ daysBefore, percent }]`, frozen when the trip is created. */
  ladder: string;
  /** The lead customer once they opened the trip's link (null before). */
  customer_chat_id: number | null;
  customer_user_id: number | null;
  accepted_at: number | null;
  cancelled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A player of a trip's roster, in order. */
export interface TripPlayersTable {
  trip_id: string;
  position: number;
  name: string;
  handicap: number | null;
  locale: string;
  phone: string | null;
}

/** A round of a trip: a tee time for `players` at a course on a day; its states in `ROUND_MOVES`. */
export interface TripRoundsTable {
  id: string;
  trip_id: string;
  position: number;
  course_id: string;
  course_name: string;
  time_zone: string;
  /** `YYYY-MM-DD` on the course's calendar. */
  day: string;
  /** `HH:MM` on the course's clock. */
  tee_time: string;
  /** The partner's slot when it was chosen from the tee sheet (null beyond the sales window). */
  slot_id: string | null;
  /** The slot's start (epoch ms), with `slot_id`. */
  starts_at: number | null;
  players: number;
  /** Satang: the agency's selling price of the round (what the customer sees). */
  selling_amount: number;
  /** Satang: the partner's net when it was quoted (the agent's eyes only). */
  net_amount: number | null;
  /**
   * Satang: the most the agent agreed to pay the partner for the round when it is booked as its day goes on
   * sale (migration 034); null: its selling price.
   */
  max_net_amount: number | null;
  state: "PLANNED" | "WAITING_FOR_SALE" | "BOOKING" | "BOOKED" | "FAILED" | "CANCELLED" | "COURSE_ENDED";
  /** The booking made for it. */
  booking_id: string | null;
  last_error: string | null;
  updated_at: number;
}

/** A priced line of a trip that is not the partner's (hotel, transfer, caddie package). */
export interface TripLinesTable {
  trip_id: string;
  position: number;
  kind: "hotel" | "transfer" | "caddie" | "other";
  description: string;
  /** Satang. */
  selling_amount: number;
}

/** A trip's deposit or balance: its amount (satang), due day (Bangkok) and state (`INSTALMENT_MOVES`). */
export interface TripInstalmentsTable {
  trip_id: string;
  kind: "deposit" | "balance";
  amount: number;
  due: string;
  state: "due" | "submitted" | "rejected" | "approved" | "cancelled";
  decided_by: number | null;
  decided_at: number | null;
  updated_at: number;
  /** How far its reminders went (migration 035): 0 none, 1 due soon, 2 due today, 3 overdue (the agent told). */
  reminder_stage: ColumnType<number, number | undefined, number>;
  /** The PromptPay ID its QR was made for (migration 036). */
  payee: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest slip's bank reference, read from its QR (migration 036). */
  slip_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the latest slip arrived, epoch ms (migration 036). */
  slip_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the slip-check service answered for the latest slip (migration 036), as `payments.slip_check`. */
  slip_check: ColumnType<string | null, string | null | undefined, string | null>;
  /** `slip-check:<provider>` when the service approved it (migration 036); null for a person's decision. */
  decided_via: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A kind of document fairway issues (migration 028). */
export type DocumentKind = "receipt" | "tax-invoice" | "abbreviated" | "credit-note";

/** The last number issued in a document series (migration 028). */
export interface DocumentCountersTable {
  series: string;
  last_number: number;
}

/** A receipt, tax invoice or credit note issued (migration 028), once per (kind, source). */
export interface DocumentsTable {
  /** The full number printed on it, e.g. `RC-TX-00000-2026-000001`. */
  number: string;
  series: string;
  /** Its place in the series, from 1, without gaps. */
  seq: number;
  kind: DocumentKind;
  /** What it documents, e.g. `payment:<booking id>:<kind>`; asking again returns the same document. */
  source: string;
  booking_id: string;
  /** Satang: total, net of VAT, and VAT. */
  total: number;
  net: number;
  vat: number;
  buyer_name: string | null;
  buyer_address: string | null;
  buyer_tax_id: string | null;
  buyer_branch: string | null;
  /** A credit note's: the number of the invoice it reduces. */
  refers_to: string | null;
  issued_by: number | null;
  issued_at: number;
}

export interface Database {
  trips: TripsTable;
  trip_players: TripPlayersTable;
  trip_rounds: TripRoundsTable;
  trip_lines: TripLinesTable;
  trip_instalments: TripInstalmentsTable;
  document_counters: DocumentCountersTable;
  documents: DocumentsTable;
  price_rules: PriceRulesTable;
  payments: PaymentsTable;
  money_owed: MoneyOwedTable;
  slip_refs: SlipRefsTable;
  slip_images: SlipImagesTable;
  accepted_slip_refs: AcceptedSlipRefsTable;
  slip_check_retries: SlipCheckRetriesTable;
  hold_warnings: HoldWarningsTable;
  agent_payees: AgentPayeesTable;
  kv: KvTable;
  bookings: BookingsTable;
  booking_groups: BookingGroupsTable;
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
  booking_moves: BookingMovesTable;
  golfer_copies: GolferCopiesTable;
  booking_viewers: BookingViewersTable;
  offers: OffersTable;
  offer_opens: OfferOpensTable;
  outbox: OutboxTable;
  limit_instances: LimitInstancesTable;
  limit_buckets: LimitBucketsTable;
  partner_cache: PartnerCacheTable;
  watches: WatchesTable;
  watch_targets: WatchTargetsTable;
  course_notices: CourseNoticesTable;
  watch_alerts: WatchAlertsTable;
  vouchers: VouchersTable;
}
