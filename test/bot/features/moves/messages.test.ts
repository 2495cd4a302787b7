/**
 * What a move's outcome tells the staff about a customer's money: a customer's booking moved to a cheaper
 * tee time names what the agent returns (the selling difference) beside what the partner actually credited
 * back; a move over without its new tee time names the difference the customer paid, to return.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord, MoveOutcome } from "../../../../src/bookings/index.js";
import type { PaymentRecord } from "../../../../src/bookings/payments.js";
import type { MoveRecord } from "../../../../src/bookings/service.js";
import { moveOutcomeText } from "../../../../src/bot/features/moves/messages.js";
import { moveCustomerText } from "../../../../src/bot/features/moves/notices.js";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { translate } from "../../../../src/bot/i18n.js";
import { bookingRow } from "../../../helpers/booking-row.js";

const AT = Date.UTC(2026, 10, 27, 3);
const CUSTOMER = 100_901;
const AGENT = 9_902;

/** A customer's booking (AGENT's) with a net and a selling amount, in satang. */
function booking(id: string, state: BookingRecord["state"], net: number, selling: number): BookingRecord {
  return {
    ...bookingRow(id, state, AT + 86_400_000, AT, { user_id: CUSTOMER, agent_id: AGENT }),
    reservation_code: `C${id}`,
    amount: net,
    selling_amount: selling,
  } as unknown as BookingRecord;
}

const move = { id: "m1", old_booking_id: "old", new_booking_id: "new", refunded_amount: 250_000 } as MoveRecord;
const en = (key: string, args?: Record<string, string | number>) => translate("en", key, args);

describe("a move's outcome and the customer's money", () => {
  it("a customer's booking moved to a cheaper tee time: the agent returns the selling difference, stated beside the partner's refund", () => {
    const out: MoveOutcome = {
      kind: "done",
      refundedAmount: 250_000,
      move: { ...move, state: "DONE" },
      old: booking("old", "REFUNDED", 300_000, 360_000),
      new: booking("new", "PAID", 200_000, 240_000),
    };
    const text = moveOutcomeText(en, "en", out);
    expect(text).toContain(`sells for ${formatBaht(120_000, "en")} less: return that to the customer`);
    expect(text).toContain(`the partner credited back ${formatBaht(250_000, "en")}`);
  });

  it("a move over without its new tee time, the customer's difference approved: the staff are told to return it, the customer (in Korean) that their agent will", () => {
    const payment = {
      kind: "move",
      state: "to-return",
      amount: 80_000,
      reference: "FWNEW",
      slip_at: AT,
    } as PaymentRecord;
    const out: MoveOutcome = {
      kind: "abandoned",
      move: { ...move, state: "ABANDONED", refunded_amount: null },
      old: booking("old", "PAID", 300_000, 360_000),
      new: booking("new", "RELEASED", 366_000, 440_000),
      payment,
    };
    expect(moveOutcomeText(en, "en", out)).toContain(`paid ${formatBaht(80_000, "en")} for the difference`);
    expect(moveCustomerText("ko", out)).toContain(`${formatBaht(80_000, "ko")} 은(는) 담당 에이전트가 돌려드립니다`);
    // Nothing paid (expired without a slip): nothing to return is said.
    const unpaid: MoveOutcome = { ...out, payment: { ...payment, state: "expired", slip_at: null } };
    expect(moveOutcomeText(en, "en", unpaid)).not.toContain("for the difference");
    expect(moveCustomerText("ko", unpaid)).not.toContain("돌려드립니다");
  });

  it("a move done names where the booking went, on the course's clock (not the server's), its course name escaped: to the staff and, in their language, the customer", () => {
    // 06:30 in Tokyo is 04:30 in Bangkok and 21:30 the day before in UTC.
    const at = Date.UTC(2026, 10, 27, 21, 30);
    const out: MoveOutcome = {
      kind: "done",
      refundedAmount: 250_000,
      move: { ...move, state: "DONE" },
      old: booking("old", "REFUNDED", 300_000, 300_000),
      new: {
        ...booking("new", "PAID", 300_000, 300_000),
        course_name: "Fuji <Lake> & Hills",
        time_zone: "Asia/Tokyo",
        slot_starts_at: at,
        persons: 3,
      },
    };
    const staff = moveOutcomeText(en, "en", out);
    expect(staff).toContain("Cnew is paid");
    expect(staff).toContain("Fuji &lt;Lake&gt; &amp; Hills, Sat 28 Nov 2026 at 06:30, 3 players.");
    const th = moveOutcomeText((key, args) => translate("th", key, args), "th", out);
    expect(th).toContain("วันที่ ส. 28 พ.ย. 2569 เวลา 06:30 3 คน");
    for (const [locale, words] of [
      ["ko", "11월 28일 (토) 06:30, 3명"],
      ["ja", "11月28日(土) 06:30、3名"],
      ["zh", "11月28日 周六 06:30，3 人"],
      ["th", "วันที่ ส. 28 พ.ย. 2569 เวลา 06:30 3 ท่าน"],
    ] as const)
      expect(moveCustomerText(locale, out), locale).toContain(words);
  });
});
