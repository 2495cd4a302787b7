import type { Kysely } from "kysely";
import type { BookingRecord, BookingState } from "../../src/bookings/index.js";
import type { ReservationRecord, ReservationStatus, Sandbox } from "../../src/local/sandbox/index.js";
import type { Database } from "../../src/storage/schema.js";
import { addToTally } from "./tally.js";

/**
 * The promises fairway makes about money and holds, checked against the partner sandbox's own records
 * after a test:
 *
 * - every ledger booking with a reservation id has that reservation at the sandbox, in the matching
 *   state (HELD↔PENDING, PAID↔PAID, RELEASED↔CANCEL, REFUNDED↔REFUND), with the same amount to the satang;
 * - no write is left in flight (RESERVING/CONFIRMING/RELEASING/REFUNDING) unless the test says so;
 * - every sandbox reservation fairway made is in the ledger, except the documented lost-reserve-answer
 *   case: a hold matching a RESERVE_UNKNOWN booking, while the sandbox's log shows a reserve whose
 *   answer was lost, or the booking records that fairway's client timed out before the answer came
 *   (`orphans`, reported separately);
 * - every PENDING reservation of fairway's is a live hold (HELD, `hold_expires_at` in the future) or
 *   such an orphan;
 * - no reservation was confirmed or refunded twice, and the balance is the starting balance minus what
 *   the sandbox's history says was paid plus what it says was refunded; the ledger's paid and refunded
 *   amounts agree with it.
 *
 * - groups (one party, several tee times): every flight names its group and its place, the group's players and expected
 *   amount are its flights'; a group holding or confirming at the end is a write in flight; a held
 *   group's flights are all held, ending together; a settled group holds nothing (PAID: every flight
 *   paid; PARTIAL: some; RELEASED: none), so no hold of a group outlives the group's operation. A flight
 *   moved keeps its place in these rules (refunded by the move, it counts as paid); the move's new booking,
 *   in the group through the move, is checked as a booking only.
 *
 * - a move refunds its old booking only by its own claim (PAID → REFUNDING naming the move): a move done
 *   or stranded whose old booking another path refunded, or a new tee time confirmed after another path
 *   refunded the old (the customer owed money and holding what they paid for), is a violation;
 * - a move whose customer pays a dearer tee time's difference first (a `move` payment) refunds the old
 *   booking only once that payment is approved; once over without the new tee time, the payment is not
 *   left open, nor approved without being marked to return;
 * - money owed to customers (`money_owed`): a move stranded whose customer paid through fairway has its
 *   row, a move done to a cheaper tee time its difference (to the satang); a row never pays back what the
 *   customer still holds (a stranded row with the new tee time paid, a refund row for a move's own refund);
 * - no reservation of a booking its customer pays first (a `prepay` payment), nor of any flight of a group
 *   its customer pays first (the group's one payment), was confirmed at the partner without that payment
 *   approved, once, by someone (`decided_by`) or by the slip check (`decided_via` `slip-check:<provider>`);
 *
 * Reservations another agency made (a test calling the partner API directly) are recognised as not
 * fairway's: no ledger booking, audit entry or booking intent refers to them. They still count for
 * the balance.
 */
export interface InvariantSubject {
  sandbox: Sandbox;
  db: Kysely<Database>;
  /** fairway's clock (a hold is live while `hold_expires_at` is after it). */
  now: () => number;
  /** The sandbox's balance at the start, adjusted by every `setBalance` since (satang). */
  balanceBase: number;
  /**
   * ADMIN_IDS: with it, every partner write a user made is checked against the access rule (a refund:
   * an admin's; a confirm: an admin's, the booker's or their agent's; a payment decided by an admin or
   * its agent).
   */
  adminIds?: readonly number[];
  /** The test deliberately ends with writes in flight: why. */
  inFlightReason?: string;
  /**
   * Reserve answers the sandbox sent in full to a fairway process the test SIGKILLed before it could act
   * on them (the test's bound): lost to fairway all the same, though the sandbox's log shows them answered.
   */
  answersSwallowedByKills?: number;
}

/** A hold at the partner that fairway cannot see: the documented lost-reserve-answer case. */
export interface Orphan {
  reservationId: string;
  bookingId: string;
  slotId: string;
  status: ReservationStatus;
  amount: number;
}

export interface InvariantReport {
  violations: string[];
  orphans: Orphan[];
  /** Sandbox reservations not fairway's (made by "another agency" in the test). */
  foreign: string[];
  bookings: number;
  reservations: number;
  /** Reserve requests whose answer never reached fairway intact (hang, reset, crash, after-apply faults). */
  lostReserveAnswers: number;
  /** Writes in flight at the end (allowed only with `inFlightReason`). */
  inFlight: string[];
}

const IN_FLIGHT: readonly BookingState[] = ["RESERVING", "CONFIRMING", "RELEASING", "REFUNDING"];
/** Fault kinds after which the sandbox acted but its answer is broken or lost. */
const LOST_AFTER_APPLY = new Set([
  "malformed-json",
  "drift",
  "apply-then-status",
  "apply-then-reset",
  "apply-then-hang",
]);
const RESERVE_PATH = /^\/api\/v1\/ext\/order\/reserve$/;

/** The partner status each ledger state implies for its reservation. */
const EXPECTED_STATUS: Partial<Record<BookingState, ReservationStatus>> = {
  HELD: "PENDING",
  PAID: "PAID",
  RELEASED: "CANCEL",
  REFUNDED: "REFUND",
};

function sameCustomer(b: BookingRecord, r: ReservationRecord): boolean {
  return (
    b.slot_id === r.slotId &&
    b.persons === r.persons &&
    b.customer_name === r.customerName &&
    b.customer_email === r.customerEmail &&
    b.customer_mobile === r.customerMobile
  );
}

function describeBooking(b: BookingRecord): string {
  return `booking ${b.id} (${b.state}, reservation ${b.reservation_id ?? "none"}, user ${b.user_id})`;
}

/** Collects every violation of the invariants; never throws for a violation. */
export async function collectViolations(subject: InvariantSubject): Promise<InvariantReport> {
  const { sandbox, db } = subject;
  const now = subject.now();
  const violations: string[] = [];
  const bookings = await db.selectFrom("bookings").selectAll().orderBy("created_at").execute();
  const audit = await db.selectFrom("audit_log").selectAll().execute();
  const reservations = sandbox.reservations();
  const byId = new Map(reservations.map((r) => [r.id, r]));
  const claimed = new Map<string, BookingRecord>();
  const inFlight: string[] = [];

  // The sandbox's own history: no double payment, and the balance.
  let paid = 0;
  let refunded = 0;
  for (const r of reservations) {
    const confirms = r.history.filter((h) => h.reason === "confirm").length;
    const refunds = r.history.filter((h) => h.reason === "refund").length;
    if (confirms > 1) violations.push(`reservation ${r.id} was confirmed ${confirms} times`);
    if (refunds > 1) violations.push(`reservation ${r.id} was refunded ${refunds} times`);
    if (confirms > 0) paid += r.amount;
    // The agency's refund, or the course's own end (its cancel or refund, a closed day): credited once.
    const courseEnds = r.history.filter((h) => h.reason === "course-refund" || h.reason === "course-cancel").length;
    if (refunds > 0 || courseEnds > 0) refunded += r.refundedAmount ?? 0;
  }
  const expectedBalance = subject.balanceBase - paid + refunded;
  if (sandbox.balance() !== expectedBalance) {
    violations.push(
      `balance is ${sandbox.balance()} satang; start ${subject.balanceBase} − paid ${paid} + refunded ${refunded} = ${expectedBalance}`,
    );
  }

  // Every ledger booking against the partner's record.
  for (const b of bookings) {
    if (IN_FLIGHT.includes(b.state)) inFlight.push(describeBooking(b));
    if (!b.reservation_id) {
      if (["HELD", "CONFIRMING", "PAID", "RELEASING", "REFUNDING", "REFUNDED"].includes(b.state)) {
        violations.push(`${describeBooking(b)} has no reservation id`);
      }
      continue;
    }
    const r = byId.get(b.reservation_id);
    if (!r) {
      violations.push(`${describeBooking(b)}: the sandbox has no such reservation`);
      continue;
    }
    const other = claimed.get(r.id);
    if (other) violations.push(`reservation ${r.id} belongs to two bookings: ${other.id} and ${b.id}`);
    claimed.set(r.id, b);
    const expected = EXPECTED_STATUS[b.state];
    if (expected && r.status !== expected) {
      violations.push(`${describeBooking(b)}: the sandbox says ${r.status}, expected ${expected}`);
    }
    if (b.state === "INTENT" || b.state === "RESERVE_FAILED" || b.state === "RESERVE_UNKNOWN") {
      violations.push(`${describeBooking(b)} should have no reservation id`);
    }
    if (b.amount !== r.amount)
      violations.push(`${describeBooking(b)}: ledger amount ${String(b.amount)} ≠ sandbox amount ${r.amount} satang`);
    const creditSeen = b.state === "REFUNDED" || b.ended_by === "course";
    if (creditSeen && b.refunded_amount !== null && b.refunded_amount !== (r.refundedAmount ?? 0)) {
      violations.push(
        `${describeBooking(b)}: refunded ${b.refunded_amount} in the ledger, ${r.refundedAmount ?? 0} at the sandbox`,
      );
    }
    if (!sameCustomer(b, r))
      violations.push(`${describeBooking(b)}: slot, players or customer differ from reservation ${r.id}`);
    if (r.status === "PENDING" && b.state === "HELD" && (b.hold_expires_at ?? 0) <= now) {
      violations.push(
        `${describeBooking(b)}: the hold expired at ${new Date(b.hold_expires_at ?? 0).toISOString()} and is still PENDING at the sandbox`,
      );
    }
  }

  // Pay first: the partner's credit is spent on a customer's booking only after one approval.
  const prepaid = await db.selectFrom("payments").selectAll().where("kind", "=", "prepay").execute();
  for (const p of prepaid) {
    // A booking's own payment, or a group's (one payment for every flight of the group).
    const paidFor = bookings.filter((x) => x.id === p.booking_id || x.group_id === p.booking_id);
    for (const b of paidFor) {
      const r = b.reservation_id ? byId.get(b.reservation_id) : undefined;
      if (!r || !r.history.some((c) => c.reason === "confirm")) continue;
      // Approved by a person (decided_by) or by the slip check's verified transfer (decided_via).
      const decider = p.decided_by !== null || (p.decided_via?.startsWith("slip-check:") ?? false);
      if (p.state !== "approved" || !decider)
        violations.push(
          `${describeBooking(b)} is paid first by its customer${b.group_id ? " (its group's payment)" : ""}, but was confirmed with its payment ${p.state}`,
        );
    }
  }

  // Moves of paid bookings: never two paid tee times for one, and a move's end is what its bookings say.
  const movesRows = await db.selectFrom("booking_moves").selectAll().execute();
  const movePayments = await db.selectFrom("payments").selectAll().where("kind", "=", "move").execute();
  const isOpen = (state: string) => ["pending", "awaiting", "submitted", "rejected"].includes(state);
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  // The latest PAID → REFUNDING claim of each booking, and the move it names (if a move's).
  const refundClaims = new Map<string, string | null>();
  for (const e of await db
    .selectFrom("booking_events")
    .select(["booking_id", "detail"])
    .where("to_state", "=", "REFUNDING")
    .orderBy("at")
    .execute()) {
    let moveId: string | null = null;
    try {
      const detail = e.detail ? (JSON.parse(e.detail) as { moveId?: unknown }) : {};
      moveId = typeof detail.moveId === "string" ? detail.moveId : null;
    } catch {
      moveId = null;
    }
    refundClaims.set(e.booking_id, moveId);
  }
  const statusOf = (b: BookingRecord | undefined) =>
    b?.reservation_id ? byId.get(b.reservation_id)?.status : undefined;
  for (const m of movesRows) {
    const oldB = bookingById.get(m.old_booking_id);
    const newB = bookingById.get(m.new_booking_id);
    const oldStatus = statusOf(oldB);
    const newStatus = statusOf(newB);
    const where = `move ${m.id} (${m.state})`;
    if (oldStatus === "PAID" && newStatus === "PAID")
      violations.push(`${where}: the old and the new tee time are both paid`);
    if (m.state === "DONE" && (oldStatus !== "REFUND" || newStatus !== "PAID"))
      violations.push(
        `${where}: done, but the partner has the old ${oldStatus ?? "-"} and the new ${newStatus ?? "-"}`,
      );
    // Whose refund the old booking's was: the move's own claim (PAID → REFUNDING naming the move), or
    // another path's (an admin's refund, a cancellation approved), which the move must never take.
    const claimedByMove = refundClaims.get(m.old_booking_id) === m.id;
    const refundedElsewhere = oldStatus === "REFUND" && !claimedByMove;
    if ((m.state === "ABANDONED" || m.state === "UNWOUND") && oldStatus !== "PAID" && !refundedElsewhere)
      violations.push(`${where}: the old booking should stand, the partner has it ${oldStatus ?? "-"}`);
    if ((m.state === "DONE" || m.state === "STRANDED") && !claimedByMove)
      violations.push(`${where}: ${m.state.toLowerCase()}, but the old booking's refund was not the move's own`);
    if (refundedElsewhere && newStatus === "PAID")
      violations.push(
        `${where}: the old booking was refunded by another path and the new tee time confirmed too (the customer is owed the refund and holds the new round)`,
      );
    if (["ABANDONED", "UNWOUND", "STRANDED"].includes(m.state) && newStatus === "PAID")
      violations.push(`${where}: over without the new tee time, yet the partner has it paid`);
    // A customer's difference paid first (a `move` payment): the old booking is refunded only once it
    // is approved, and a move over without its new tee time leaves no approved money unreturned.
    const difference = movePayments.find((p) => p.booking_id === m.new_booking_id);
    if (!difference || Number(difference.amount) <= 0) continue;
    // The move's own refund (another path's, after the move ended, is not the move's business).
    const refunded =
      claimedByMove && oldB?.reservation_id
        ? byId.get(oldB.reservation_id)?.history.some((c) => c.reason === "refund")
        : false;
    if (refunded && !["approved", "to-return", "returned"].includes(difference.state))
      violations.push(`${where}: the old booking was refunded with the customer's difference ${difference.state}`);
    if (["ABANDONED", "UNWOUND", "STRANDED"].includes(m.state) && difference.state === "approved")
      violations.push(`${where}: over without the new tee time, its customer's difference approved and not to return`);
    if (m.state === "DONE" && ["to-return", "returned"].includes(difference.state))
      violations.push(`${where}: done, and its customer's difference is also to be returned (owed and held at once)`);
    if (["ABANDONED", "UNWOUND", "STRANDED"].includes(m.state) && isOpen(difference.state))
      violations.push(`${where}: over, its customer's difference still open (${difference.state})`);
  }

  // Money owed to customers (`money_owed`, src/bookings/owed.ts): a move stranded whose customer paid
  // through fairway owes their payment of the old booking, a done move to a cheaper tee time its
  // difference; and no row pays back what the customer still holds.
  const owedRows = await db.selectFrom("money_owed").selectAll().execute();
  const owedById = new Map(owedRows.map((o) => [o.id, o]));
  const sellingOf = (b: BookingRecord) => Number(b.selling_amount ?? b.amount ?? b.expected_amount);
  const approved = await db
    .selectFrom("payments")
    .select("booking_id")
    .where("kind", "in", ["prepay", "request"])
    .where("state", "=", "approved")
    .execute();
  const approvedIds = new Set(approved.map((p) => p.booking_id));
  /** Whether the customer paid `b` through fairway: an approved payment of it, its group, or a booking a done move took it from. */
  const paidThroughFairway = (b: BookingRecord | undefined): boolean => {
    const seen = new Set<string>();
    for (let x = b; x && !seen.has(x.id);) {
      seen.add(x.id);
      if (approvedIds.has(x.id) || (x.group_id !== null && approvedIds.has(x.group_id))) return true;
      const from = movesRows.find((m) => m.new_booking_id === x!.id && m.state === "DONE");
      x = from ? bookingById.get(from.old_booking_id) : undefined;
    }
    return false;
  };
  for (const m of movesRows) {
    const oldB = bookingById.get(m.old_booking_id);
    const newB = bookingById.get(m.new_booking_id);
    const where = `move ${m.id} (${m.state})`;
    if (m.state === "STRANDED" && paidThroughFairway(oldB) && !owedById.has(`s-${m.id}`))
      violations.push(
        `${where}: stranded, its customer paid through fairway, and nothing is owed to them in the ledger`,
      );
    if (m.state === "DONE" && oldB && newB && sellingOf(oldB) > sellingOf(newB)) {
      const owed = owedById.get(`d-${m.id}`);
      if (!owed) violations.push(`${where}: done to a cheaper tee time, and its difference is not owed in the ledger`);
      else if (Number(owed.amount) !== sellingOf(oldB) - sellingOf(newB))
        violations.push(
          `${where}: its difference owed is ${owed.amount} satang, old selling − new selling is ${sellingOf(oldB) - sellingOf(newB)}`,
        );
    }
  }
  for (const o of owedRows) {
    const where = `money owed ${o.id} (${o.reason}, ${o.state})`;
    const m = o.move_id ? movesRows.find((x) => x.id === o.move_id) : undefined;
    const b = bookingById.get(o.booking_id);
    if (Number(o.amount) <= 0) violations.push(`${where}: ${o.amount} satang`);
    if (o.reason === "stranded" && m?.state !== "STRANDED")
      violations.push(`${where}: its move is ${m?.state ?? "missing"}, not stranded`);
    if (o.reason === "stranded" && statusOf(bookingById.get(m?.new_booking_id ?? "")) === "PAID")
      violations.push(`${where}: the new tee time is paid too (owed and held at once)`);
    if (o.reason === "difference" && m?.state !== "DONE")
      violations.push(`${where}: its move is ${m?.state ?? "missing"}, not done`);
    if (o.reason === "refund") {
      const endedByCourse = b?.ended_by === "course" && statusOf(b) === "CANCEL";
      if (statusOf(b) !== "REFUND" && !endedByCourse)
        violations.push(`${where}: the partner has the booking ${statusOf(b) ?? "-"}`);
      const claim = refundClaims.get(o.booking_id);
      if (claim && movesRows.some((x) => x.id === claim && (x.state === "DONE" || x.state === "STRANDED")))
        violations.push(`${where}: the refund was move ${claim}'s (its end says what is owed; owed twice)`);
    }
  }

  // Writes the access rule forbids (src/access/roles.ts writeRefusal): a user's refund not an admin's,
  // a confirm not by an admin, the booker or their agent, a payment decided by someone else.
  if (subject.adminIds) {
    const admins = new Set(subject.adminIds.map(Number));
    const byBooking = new Map(bookings.map((b) => [b.id, b]));
    const userWrites = await db
      .selectFrom("audit_log")
      .select(["actor", "action", "booking_id", "at"])
      .where("action", "in", ["confirm", "refund"])
      .where("actor", "like", "user:%")
      .execute();
    // The agency's rule on agents' moves as it stood at each instant (the admins' /moverule, in the audit log).
    const ruleChanges = await db
      .selectFrom("audit_log")
      .select(["at", "detail"])
      .where("action", "=", "move-rule")
      .orderBy("at")
      .execute();
    const agentsMoveAloneAt = (at: number) =>
      ruleChanges
        .filter((r) => r.at <= at)
        .at(-1)
        ?.detail?.includes('"agentsMoveAlone":true') === true;
    for (const w of userWrites) {
      const actor = Number(w.actor.slice("user:".length));
      const b = w.booking_id ? byBooking.get(w.booking_id) : undefined;
      if (admins.has(actor) || !b) continue;
      const own = Number(b.user_id) === actor || (b.agent_id !== null && Number(b.agent_id) === actor);
      // An agent's refund is their own move's, approved by them while the agency's rule let agents move alone.
      const ownMove =
        w.action === "refund" &&
        own &&
        agentsMoveAloneAt(w.at) &&
        movesRows.some((m) => m.old_booking_id === b.id && Number(m.decided_by) === actor);
      if ((w.action === "refund" && !ownMove) || !own)
        violations.push(
          `${describeBooking(b)}: a ${w.action} sent to the partner for user ${actor}, whom the access rule refuses`,
        );
    }
    for (const p of [...prepaid, ...movePayments]) {
      if (p.decided_by === null || admins.has(Number(p.decided_by))) continue;
      if (p.agent_id === null || Number(p.agent_id) !== Number(p.decided_by))
        violations.push(`payment ${p.booking_id}: decided by user ${p.decided_by}, neither an admin nor its agent`);
    }
  }

  // The ledger's money agrees with the sandbox's for fairway's reservations (writes in flight aside).
  const settled = [...claimed.entries()].filter(([, b]) => !IN_FLIGHT.includes(b.state));
  const ledgerPaid = settled
    .filter(([, b]) => b.state === "PAID" || b.state === "REFUNDED" || b.ended_by === "course")
    .reduce((sum, [, b]) => sum + (b.amount ?? 0), 0);
  const sandboxPaid = settled
    .map(([id]) => byId.get(id)!)
    .filter((r) => r.history.some((c) => c.reason === "confirm"))
    .reduce((sum, r) => sum + r.amount, 0);
  if (ledgerPaid !== sandboxPaid)
    violations.push(`the ledger's paid bookings total ${ledgerPaid} satang, the sandbox's ${sandboxPaid}`);

  // Reservations no ledger booking names: fairway's lost holds, or another agency's.
  const audited = new Set(audit.flatMap((a) => (a.reservation_id ? [a.reservation_id] : [])));
  const lostReserveAnswers = sandbox.requests.filter(
    (e) =>
      e.method === "POST" &&
      RESERVE_PATH.test(e.path) &&
      (e.status === 0 || (e.fault !== undefined && LOST_AFTER_APPLY.has(e.fault))),
  ).length;
  const orphans: Orphan[] = [];
  const foreign: string[] = [];
  const matched = new Set<string>();
  for (const r of reservations) {
    if (claimed.has(r.id)) continue;
    if (audited.has(r.id)) {
      violations.push(`reservation ${r.id} (${r.status}) is in fairway's audit log but in no ledger booking`);
      continue;
    }
    const owner = bookings.find((b) => !matched.has(b.id) && b.reservation_id === null && sameCustomer(b, r));
    const twin = bookings.find(
      (b) =>
        b.reservation_id !== null &&
        b.reservation_id !== r.id &&
        sameCustomer(b, r) &&
        r.history.at(-1)?.status !== "CANCEL",
    );
    if (!owner) {
      if (twin && r.status === "PENDING")
        violations.push(`reservation ${r.id} (PENDING) duplicates ${describeBooking(twin)}`);
      else foreign.push(r.id);
      continue;
    }
    matched.add(owner.id);
    if (owner.state === "RESERVE_UNKNOWN" || (owner.state === "RESERVING" && subject.inFlightReason)) {
      orphans.push({ reservationId: r.id, bookingId: owner.id, slotId: r.slotId, status: r.status, amount: r.amount });
      if (r.status === "PAID" || r.status === "REFUND")
        violations.push(`orphan hold ${r.id} of ${describeBooking(owner)} was paid (${r.status})`);
      if (r.amount !== owner.expected_amount)
        violations.push(`orphan hold ${r.id}: amount ${r.amount} ≠ expected ${owner.expected_amount} satang`);
    } else {
      violations.push(
        `reservation ${r.id} (${r.status}) was made for ${describeBooking(owner)}, which does not know it`,
      );
    }
  }
  // A reserve fairway's client gave up on (its timeout) while the sandbox was still answering: the
  // sandbox's log shows the answer sent, but it came after fairway stopped listening (an event loop
  // held up on a loaded machine). Such a booking records the timeout as its last error; the reserves
  // the sandbox never answered (status 0) are already counted above, so only the excess is added.
  const timedOut = orphans.filter((o) => timedOutReserve(bookings.find((b) => b.id === o.bookingId))).length;
  const unanswered = sandbox.requests.filter(
    (e) => e.method === "POST" && RESERVE_PATH.test(e.path) && e.status === 0,
  ).length;
  const lostToFairway =
    lostReserveAnswers + (subject.answersSwallowedByKills ?? 0) + Math.max(0, timedOut - unanswered);
  if (orphans.length > lostToFairway) {
    violations.push(
      `${orphans.length} hold(s) fairway cannot see (${orphans.map((o) => o.reservationId).join(", ")}) but only ${lostToFairway} reserve answer(s) were lost`,
    );
  }

  violations.push(...(await groupViolations(db, bookings, inFlight)));

  if (inFlight.length > 0 && !subject.inFlightReason)
    violations.push(...inFlight.map((d) => `${d} is still in flight`));

  return {
    violations,
    orphans,
    foreign,
    bookings: bookings.length,
    reservations: reservations.length,
    lostReserveAnswers,
    inFlight,
  };
}

/** Whether a booking's reserve ended because fairway's client timed out waiting for the answer. */
function timedOutReserve(booking: { state: string; last_error: string | null } | undefined): boolean {
  if (booking?.state !== "RESERVE_UNKNOWN" || !booking.last_error) return false;
  try {
    const error = JSON.parse(booking.last_error) as { reason?: unknown };
    return error.reason === "timeout";
  } catch {
    return false;
  }
}

/** Throws one error listing every violation. Returns the report otherwise. Counted in the run's figures. */
export async function checkInvariants(
  subject: InvariantSubject | { invariants: { subject(): InvariantSubject } },
): Promise<InvariantReport> {
  const s = "invariants" in subject ? subject.invariants.subject() : subject;
  const report = await collectViolations(s);
  addToTally({ invariantChecks: 1, violations: report.violations.length });
  if (report.violations.length > 0) {
    throw new Error(`fairway's invariants are violated:\n- ${report.violations.join("\n- ")}`);
  }
  return report;
}

const PAID_STATES: readonly BookingState[] = ["PAID", "REFUNDING", "REFUNDED"];

/** The groups' promises (see the checker's doc comment); groups still under way are added to `inFlight`. */
async function groupViolations(
  db: Kysely<Database>,
  bookings: readonly BookingRecord[],
  inFlight: string[],
): Promise<string[]> {
  const violations: string[] = [];
  const groups = await db.selectFrom("booking_groups").selectAll().execute();
  const known = new Set(groups.map((g) => g.id));
  for (const b of bookings) {
    if (b.group_id !== null && !known.has(b.group_id))
      violations.push(`${describeBooking(b)} names an unknown group ${b.group_id}`);
  }
  // A flight moved to another tee time: the move's new booking joins the group in the old one's place,
  // and is the move's to account for (its own booking's rules above); the group is checked as it was booked.
  const movesNew = new Set(
    (await db.selectFrom("booking_moves").select("new_booking_id").execute()).map((m) => m.new_booking_id),
  );
  for (const g of groups) {
    const flights = bookings
      .filter((b) => b.group_id === g.id && !movesNew.has(b.id))
      .sort((a, b) => (a.flight ?? 0) - (b.flight ?? 0));
    const name = `group ${g.id} (${g.state})`;
    if (flights.length !== g.flights || flights.some((f, i) => f.flight !== i + 1))
      violations.push(
        `${name}: ${g.flights} flights recorded, ${flights.length} found (${flights.map((f) => f.flight).join(", ")})`,
      );
    const persons = flights.reduce((sum, f) => sum + f.persons, 0);
    const expected = flights.reduce((sum, f) => sum + f.expected_amount, 0);
    if (persons !== g.persons || expected !== g.expected_amount)
      violations.push(
        `${name}: ${g.persons} players and ${g.expected_amount} satang, its flights ${persons} and ${expected}`,
      );
    const paid = flights.filter((f) => PAID_STATES.includes(f.state)).length;
    const held = flights.filter((f) => f.state === "HELD");
    const states = flights.map((f) => `${f.flight}:${f.state}`).join(" ");
    switch (g.state) {
      case "HOLDING":
      case "CONFIRMING":
        inFlight.push(`${name}, flights ${states}`);
        break;
      case "HELD":
        if (held.length !== flights.length) violations.push(`${name} is held, its flights are ${states}`);
        if (new Set(held.map((f) => f.hold_expires_at)).size > 1)
          violations.push(`${name}: its holds end at different instants`);
        break;
      case "PAID":
        if (paid !== flights.length) violations.push(`${name} reads paid, its flights are ${states}`);
        break;
      case "PARTIAL":
        if (paid === 0 || paid === flights.length || held.length > 0)
          violations.push(`${name} reads partly paid, its flights are ${states}`);
        break;
      case "RELEASED":
        if (paid > 0 || held.length > 0) violations.push(`${name} reads released, its flights are ${states}`);
        break;
      default:
        break;
    }
  }
  return violations;
}
