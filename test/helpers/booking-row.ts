import type { Insertable } from "kysely";
import type { BookingIntentInput } from "../../src/bookings/index.js";
import type { SlotView as SandboxSlot } from "../../src/local/sandbox/index.js";
import type { BookingsTable } from "../../src/storage/schema.js";

/**
 * A row of the bookings ledger as the database keeps it, for tests that fill the table directly:
 * `id`, `state`, `slot_starts_at` and `created_at` given, everything else a plain paid-booking default
 * unless `more` says otherwise.
 */
export function bookingRow(
  id: string,
  state: BookingsTable["state"],
  slotStartsAt: number,
  createdAt: number,
  more: Partial<Insertable<BookingsTable>> = {},
): Insertable<BookingsTable> {
  return {
    id,
    chat_id: 7,
    user_id: 7,
    agent_id: null,
    locale: "en",
    course_id: "c1",
    course_name: "Course",
    course_name_th: null,
    time_zone: "Asia/Bangkok",
    slot_id: `s-${id}`,
    slot_starts_at: slotStartsAt,
    persons: 2,
    customer_name: "Somchai Jaidee",
    customer_email: "somchai@example.com",
    customer_mobile: "+66812345678",
    expected_amount: 300_000,
    amount: null,
    state,
    reservation_id: null,
    reservation_code: null,
    tx_no: null,
    partner_status: null,
    invoice_id: null,
    caddy_info: null,
    hold_expires_at: null,
    paid_at: null,
    refunded_amount: null,
    release_reason: null,
    last_error: null,
    created_at: createdAt,
    updated_at: createdAt,
    paid_followup_at: null,
    group_id: null,
    flight: null,
    addition_golfers: null,
    ...more,
  };
}

/**
 * A booking intent for one of the sandbox's tee times (`slot`, as `sandbox.slots` or `openSlot` give it),
 * by `userId` in their own chat, for `persons` golfers (default 2): Somchai's details unless `more` says
 * otherwise.
 */
export function intentAt(
  slot: Pick<SandboxSlot, "id" | "startMs" | "price" | "course">,
  who: { id: string; userId: number; agentId?: number | null; persons?: number },
  more: Partial<BookingIntentInput> = {},
): BookingIntentInput {
  const persons = who.persons ?? 2;
  return {
    id: who.id,
    chatId: who.userId,
    userId: who.userId,
    agentId: who.agentId ?? null,
    locale: "en",
    courseId: slot.course.id,
    courseName: slot.course.name,
    timeZone: "Asia/Bangkok",
    slotId: slot.id,
    slotStartsAt: slot.startMs,
    persons,
    customerName: "Somchai Jaidee",
    customerEmail: "somchai@example.com",
    customerMobile: "+66812345678",
    expectedAmount: slot.price * persons,
    ...more,
  };
}
