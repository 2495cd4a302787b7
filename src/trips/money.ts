/**
 * A trip's money, pure: its total, the deposit and the balance, their due days, and what the cancellation
 * ladder returns for a cancellation on a given day. Every amount is an integer number of satang and every
 * split is integer arithmetic (the balance is the total minus the deposit, never a second rounding), so
 * the parts always add up to the total. Days are calendar days on the courses' wall calendar
 * (`YYYY-MM-DD`, Asia/Bangkok); an instant becomes a day only through `dateKeyOf` with that zone.
 */
import { addDaysToDateKey, dateKeyToUtcMs } from "../time/date-key.js";
import { dateKeyOf } from "../time/today.js";

/** The zone a trip's days are counted in: the courses' (every partner course is in Thailand). */
export const TRIP_TIME_ZONE = "Asia/Bangkok";

/** The deposit: a percentage (whole percent, 0–100) of the total, or a fixed amount in satang. */
export type DepositRule = { kind: "percent"; percent: number } | { kind: "amount"; satang: number };

/** One rung: cancelled at least `daysBefore` days before the first round, `percent` of the trip's price returned. */
export interface LadderStep {
  daysBefore: number;
  percent: number;
}

/** The default ladder: 30 days or more → 75 %, 15 days or more → 50 %, later → nothing. */
export const DEFAULT_LADDER: readonly LadderStep[] = [
  { daysBefore: 30, percent: 75 },
  { daysBefore: 15, percent: 50 },
];

/** The default deposit (25 %, the tour operators' common figure) and balance lead (30 days before the first round). */
export const DEFAULT_DEPOSIT: DepositRule = { kind: "percent", percent: 25 };
export const DEFAULT_BALANCE_DAYS_BEFORE = 30;

function assertSatang(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole satang ≥ 0: ${value}`);
}

function assertPercent(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > 100)
    throw new RangeError(`${what} must be a whole 0–100: ${value}`);
}

/** `percent` % of `satang`, rounded to the nearest satang (halves up), in integers. */
export function percentOf(satang: number, percent: number): number {
  assertSatang(satang, "amount");
  assertPercent(percent, "percent");
  return Math.floor((satang * percent + 50) / 100);
}

/** The trip's selling total: its rounds' and lines' selling prices (satang each). */
export function tripTotal(prices: readonly number[]): number {
  let total = 0;
  for (const price of prices) {
    assertSatang(price, "price");
    total += price;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError(`trip total overflows: ${total}`);
  return total;
}

/** The deposit of `total`: its percentage, or the fixed amount (never more than the total). */
/**
 * A deposit rule as an agent types it: a whole percentage (`25`, `25%`, 0–100) or an amount in baht marked as
 * such (`฿20,000`, `20000 baht`, `THB 20000`), more than nothing and at most `total` (satang). Undefined when it
 * is neither.
 */
export function depositRuleOf(text: string, total: number): DepositRule | undefined {
  const s = text.trim();
  const percent = /^(\d{1,3})\s*%?$/.exec(s);
  if (percent) {
    const n = Number(percent[1]);
    return n <= 100 ? { kind: "percent", percent: n } : undefined;
  }
  if (!/฿|baht|thb|บาท/i.test(s)) return undefined;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s.replace(/฿|baht|thb|บาท|[,\s]/gi, ""));
  const satang = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : 0;
  return satang > 0 && satang <= total ? { kind: "amount", satang } : undefined;
}

export function depositOf(total: number, rule: DepositRule): number {
  assertSatang(total, "total");
  if (rule.kind === "percent") return percentOf(total, rule.percent);
  assertSatang(rule.satang, "deposit");
  return Math.min(rule.satang, total);
}

/** One instalment: what is due, and the course-calendar day it is due by. */
export interface Instalment {
  satang: number;
  due: string;
}

/** The payment schedule: a deposit due on acceptance and the balance due before the first round. */
export interface Schedule {
  deposit: Instalment;
  balance: Instalment;
}

/**
 * The schedule of a trip accepted at `acceptedAtMs`: the deposit due that day (in Bangkok), the balance
 * (total − deposit) due `balanceDaysBefore` days before `firstRound`. When that day is not after the day of
 * acceptance (a trip sold late), the whole total is the deposit and the balance is 0, due the same day.
 */
export function scheduleOf(options: {
  total: number;
  deposit: DepositRule;
  balanceDaysBefore: number;
  firstRound: string;
  acceptedAtMs: number;
}): Schedule {
  const { total, balanceDaysBefore, firstRound, acceptedAtMs } = options;
  if (!Number.isInteger(balanceDaysBefore) || balanceDaysBefore < 0) {
    throw new RangeError(`balance days must be a whole number ≥ 0: ${balanceDaysBefore}`);
  }
  const accepted = dateKeyOf(acceptedAtMs, TRIP_TIME_ZONE);
  const balanceDue = addDaysToDateKey(firstRound, -balanceDaysBefore);
  if (balanceDue <= accepted) {
    return {
      deposit: { satang: depositOf(total, { kind: "percent", percent: 100 }), due: accepted },
      balance: { satang: 0, due: accepted },
    };
  }
  const deposit = depositOf(total, options.deposit);
  return { deposit: { satang: deposit, due: accepted }, balance: { satang: total - deposit, due: balanceDue } };
}

/** What a quote says of the schedule: the amounts and days, and whether they are frozen (the trip accepted). */
export interface QuotedSchedule {
  deposit: Instalment;
  /** 0 when the whole total is due on acceptance. */
  balance: Instalment;
  /** The instalments are recorded (the trip was accepted); false: as if accepted at the moment asked. */
  frozen: boolean;
}

/**
 * The schedule a quote shows: the recorded instalments once the trip is accepted, otherwise `scheduleOf`
 * as if it were accepted at `nowMs` (the deposit today in Bangkok, the balance its days before the first round).
 */
export function quotedSchedule(
  trip: {
    total: number;
    deposit: DepositRule;
    balanceDaysBefore: number;
    firstRound: string;
    instalments: readonly { kind: "deposit" | "balance"; amount: number; due: string }[];
  },
  nowMs: number,
): QuotedSchedule {
  const deposit = trip.instalments.find((i) => i.kind === "deposit");
  if (deposit) {
    const balance = trip.instalments.find((i) => i.kind === "balance");
    return {
      deposit: { satang: deposit.amount, due: deposit.due },
      balance: { satang: balance?.amount ?? 0, due: balance?.due ?? deposit.due },
      frozen: true,
    };
  }
  return { ...scheduleOf({ ...trip, acceptedAtMs: nowMs }), frozen: false };
}

/** Whole calendar days from `day` to `firstRound` (negative once the first round has passed). */
export function daysBefore(day: string, firstRound: string): number {
  return Math.round((dateKeyToUtcMs(firstRound) - dateKeyToUtcMs(day)) / 86_400_000);
}

/** Checks a ladder: whole days ≥ 0, whole percents 0–100, no day twice. Returns it sorted, furthest first. */
export function normalizeLadder(ladder: readonly LadderStep[]): LadderStep[] {
  const sorted = [...ladder].sort((a, b) => b.daysBefore - a.daysBefore);
  for (const [i, step] of sorted.entries()) {
    if (!Number.isInteger(step.daysBefore) || step.daysBefore < 0)
      throw new RangeError(`ladder days: ${step.daysBefore}`);
    assertPercent(step.percent, "ladder percent");
    if (i > 0 && sorted[i - 1]!.daysBefore === step.daysBefore)
      throw new RangeError(`ladder day twice: ${step.daysBefore}`);
  }
  return sorted;
}

/** What a cancellation on a day returns. */
export interface RefundQuote {
  /** Calendar days from the cancellation's day to the first round. */
  daysBefore: number;
  /** The ladder's percentage for that day (0 below its last rung). */
  percent: number;
  /** That percentage of the trip's total. */
  entitled: number;
  /** What is returned: the entitlement, never more than the customer paid. */
  refund: number;
  /** What the agency keeps of what was paid. */
  kept: number;
}

/**
 * The ladder's quote for a cancellation at `atMs` (its day in Bangkok): the highest rung whose
 * `daysBefore` the cancellation meets (20 days before on the default ladder → 50 %), that percentage of
 * `total` — at most `paid`, since fairway returns only money it received.
 */
export function refundQuote(options: {
  total: number;
  paid: number;
  ladder: readonly LadderStep[];
  firstRound: string;
  atMs: number;
}): RefundQuote {
  const { total, paid, firstRound, atMs } = options;
  assertSatang(paid, "paid");
  const days = daysBefore(dateKeyOf(atMs, TRIP_TIME_ZONE), firstRound);
  const rung = normalizeLadder(options.ladder).find((step) => days >= step.daysBefore);
  const percent = rung?.percent ?? 0;
  const entitled = percentOf(total, percent);
  const refund = Math.min(entitled, paid);
  return { daysBefore: days, percent, entitled, refund, kept: paid - refund };
}
