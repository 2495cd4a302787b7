/**
 * Trips in /mybookings, /report and the digest (issue 51), on SQLite and PostgreSQL, against the sandbox over
 * HTTP: an agent's /mybookings lists their own trip and not another agent's; the lead customer's lists their
 * trip alone, in the trip's language, at selling prices (no net), and opens it; once the deposit books the
 * rounds, each round's booking carries the round's selling price and the partner's amount, /report leaves the
 * rounds out of the bookings' rows and shows the trip's margin — selling (rounds + lines) − the partner's nets,
 * to the satang — and so do the trip's staff view (never the customer's) and the next day's digest.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { bangkok } from "../../../helpers/clock.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { expectTelegramRules, forgeTap, panel, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { slipPhoto } from "../../../helpers/slips.js";
import { shareAndAccept, startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7400;
const AGENT = 7401;
const OTHER_AGENT = 7402;
const LEAD = 100_401;
/** Two rounds inside the sales window, one beyond it. */
const DAYS = ["2026-12-20", "2026-12-22", "2027-01-15"] as const;
const HOTEL = 3_200_000;

const tripInput = (h: Harness, agentId: number, leadName: string) =>
  tripInputFor(h.sandbox, {
    agentId,
    lead: { name: leadName, email: "lead@example.com" },
    days: DAYS.slice(0, 2),
    // An odd number of satang above the net, so a rounding anywhere would show.
    markup: 200_001,
    beyond: [{ day: DAYS[2], sellingAmount: 2_000_000 }],
    lines: [{ kind: "hotel", description: "Hotel, 4 nights", sellingAmount: HOTEL }],
  });

describe.each(databaseFactories)("trips in /mybookings, /report and the digest on $name", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("each sees their own trips; the margin per trip is selling − the partner's nets, to the satang", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
      PROMPTPAY_ID: "0812345678",
      DIGEST_TIME: "08:00",
    });
    const agent = h.user(AGENT, "en", "Anan");
    const other = h.user(OTHER_AGENT, "en", "Other");
    const admin = h.user(ADMIN, "en", "Admin");
    const input = tripInput(h, AGENT, "Kim Minjun");
    const id = (await h.app.trips.create(input)).trip.id;
    const otherId = (await h.app.trips.create(tripInput(h, OTHER_AGENT, "Sato Hanako"))).trip.id;
    const baht = (satang: number) => formatBaht(satang, "en");
    const roundsSelling = input.rounds.reduce((n, r) => n + r.sellingAmount, 0);

    // An agent's /mybookings: their own trip, with its button; not another agent's.
    agent.send("/mybookings");
    await h.settle();
    expect(panel(agent).text).toContain("Trips");
    expect(panel(agent).text).toContain("Kim Minjun");
    expect(panel(agent).text).not.toContain("Sato Hanako");
    expect(panel(agent).data).toContain(`tp:open:${id}`);
    expect(panel(agent).data).not.toContain(`tp:open:${otherId}`);
    other.send("/mybookings");
    await h.settle();
    expect(panel(other).text).toContain("Sato Hanako");
    expect(panel(other).text).not.toContain("Kim Minjun");
    expect(panel(other).data).toEqual([`tp:open:${otherId}`, "mb:refresh"]);
    // Another agent's forged button for the trip opens nothing of it (the service's rule).
    forgeTap(other, `tp:open:${id}`);
    await h.settle();
    expect(other.messages().some((m) => m.text?.includes("Kim Minjun"))).toBe(false);
    // The button opens the trip as /trips does: the staff view, its margin before anything is booked.
    tapData(agent, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    expect(panel(agent).text).toContain(
      `Margin: rounds ${baht(roundsSelling)} + lines ${baht(HOTEL)} − partner ฿0 (0/3 rounds booked) = ${baht(roundsSelling + HOTEL)}`,
    );

    // The lead customer's /mybookings: their trip alone, in Korean, selling prices only, opening the quote.
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    await shareAndAccept(h, agent, lead, id);
    expect((await h.app.trips.get(id))!.trip.state).toBe("ACCEPTED");
    const total = roundsSelling + HOTEL;
    const mine = async () => {
      lead.send("/mybookings");
      await h.settle();
      return panel(lead);
    };
    const before = await mine();
    expect(before.text).toContain("내 예약");
    expect(before.text).toContain("Kim Minjun");
    expect(before.text).toContain(`총액 ${formatBaht(total, "ko")}`);
    expect(before.text).not.toContain("Sato Hanako");
    expect(before.text).not.toMatch(/margin|partner|net|원가|한 여행 전용/i);
    expect(before.data).toEqual([`tp:open:${id}`]);
    tapData(lead, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    expect(panel(lead).text).toContain("골프 여행");
    expect(panel(lead).text).not.toContain("Margin");
    // A forged button for another agent's trip shows nothing of it.
    forgeTap(lead, `tp:open:${otherId}`);
    await h.settle();
    expect(lead.messages().some((m) => m.text?.includes("Sato Hanako"))).toBe(false);

    // The deposit is approved: the rounds inside the window are booked through the booking service.
    lead.sendPhoto(await slipPhoto("SLIPTRIPR001"));
    await h.settle();
    tapData(agent, new RegExp(`^tp:dok:${id}$`));
    await h.settle();
    const booked = (await h.app.trips.get(id))!;
    expect(booked.rounds.map((r) => r.state)).toEqual(["BOOKED", "BOOKED", "WAITING_FOR_SALE"]);
    const paidAtPartner = h.sandbox.reservations().filter((r) => r.status === "PAID");
    expect(paidAtPartner).toHaveLength(2);
    // The partner's own record of what it charged: the nets.
    const nets = paidAtPartner.reduce((n, r) => n + r.amount, 0);
    for (const round of booked.rounds.slice(0, 2)) {
      const booking = (await h.app.bookings.get(round.booking_id!))!;
      expect(booking.state).toBe("PAID");
      expect(Number(booking.selling_amount)).toBe(round.selling_amount);
      const reservation = paidAtPartner.find((r) => r.id === booking.reservation_id)!;
      expect(Number(booking.amount)).toBe(reservation.amount);
    }
    const margin = roundsSelling + HOTEL - nets;
    expect(margin).toBe(total - nets);

    // /report: the rounds are not among the bookings' rows; the trip's margin is selling − nets exactly.
    admin.send("/report 2026-11-25 2026-11-25");
    await h.settle();
    const report = admin
      .messages()
      .map((m) => m.text ?? "")
      .join("\n");
    expect(report).toContain("No paid bookings in this period.");
    expect(report).toContain(`Trips' rounds paid to the partner in the period: 2 (${baht(nets)})`);
    expect(report).toContain(`📈 Margin per trip (1), together ${baht(margin)}`);
    expect(report).toContain(
      `rounds ${baht(roundsSelling)} + lines ${baht(HOTEL)} − partner ${baht(nets)} (2/3 rounds booked) = ${baht(margin)}`,
    );
    expect(report).not.toContain("Sato Hanako");
    const figures = await h.app.trips.figuresBetween(
      bangkok("2026-11-25T00:00"),
      bangkok("2026-11-26T00:00"),
      "2026-11-25",
    );
    expect(figures.margins).toHaveLength(1);
    expect(figures.margins[0]).toMatchObject({ tripId: id, nets, margin, booked: 2, roundCount: 3 });

    // The trip's staff view shows it; the customer's screens never do.
    agent.send("/mybookings");
    await h.settle();
    tapData(agent, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    expect(panel(agent).text).toContain(`− partner ${baht(nets)} (2/3 rounds booked) = ${baht(margin)}`);
    const after = await mine();
    expect(after.data).toEqual([`tp:open:${id}`]);
    expect(after.text).not.toContain(formatBaht(nets, "ko"));
    expect(after.text).not.toContain(formatBaht(margin, "ko"));

    // The next morning's digest counts the trip: the deposit received, the balance due, the margin.
    const deposit = booked.instalments.find((i) => i.kind === "deposit")!.amount;
    h.clock.set(bangkok("2026-11-26T08:00"));
    await h.app.afterBooking.tick();
    await h.settle();
    const digest = admin.messages().find((m) => m.text?.includes("Daily digest for"))?.text ?? "";
    expect(digest).toContain("Bookings paid: 0");
    expect(digest).toContain(
      `🗺 Trips: deposits received ${baht(deposit)}, balances received ฿0; still due ${baht(total - deposit)}, overdue ฿0`,
    );
    expect(digest).toContain(`Trips' rounds paid to the partner in the period: 2 (${baht(nets)})`);
    expect(digest).toContain(`− partner ${baht(nets)} (2/3 rounds booked) = ${baht(margin)}`);
    // Its 14-day chart too: the trip's rounds are the only bookings paid, and they count with the trip.
    const day = await h.app.afterBooking.digest.figures("2026-11-25");
    expect(day.chart).toMatchObject({ teeTimes: 0, selling: 0, empty: true });
    expectTelegramRules(h);
  });
});
