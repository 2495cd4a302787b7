/**
 * A trip after it is built (issue 51), on SQLite and PostgreSQL, against the sandbox over HTTP: the agent's limit
 * for a round beyond the sales window is asked (per player, "same as the selling price" by default, refused above
 * it or at zero), stored, shown to staff only, and used when the round's day opens (a limit below every tee time's
 * net: FAILED, the agent told the nearest; within it: booked); a sent trip edited by its agent through the Edit
 * button (a round removed, a line added, the deposit changed) goes back to DRAFT, its customer's old Accept is
 * refused and they read "your agent is changing this quote" until it is sent again, then the new total and
 * schedule; after acceptance it cannot be edited; another agent cannot edit it, by a forged tap or the service.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatBaht } from "../../../../src/bot/format/money.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { expectTelegramRules, forgeTap, panel, stepsOf, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { newKoreanTrip, openSlotOn, shareAndAccept, startAtWorldStart, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7400;
const AGENT = 7401;
const OTHER_AGENT = 7402;
const LEAD = 100_401;
/** Two days inside the sales window (25 and 27 days after the world's start), two beyond it (51 and 52 days). */
const INSIDE = ["2026-12-20", "2026-12-22"] as const;
const BEYOND = ["2027-01-15", "2027-01-16"] as const;

/** Three rounds (two inside the window, one beyond it, the agent's limit on it) and a hotel, for four players. */
const tripInput = (h: Harness) =>
  tripInputFor(h.sandbox, {
    agentId: AGENT,
    days: INSIDE,
    beyond: [{ day: BEYOND[0], sellingAmount: 2_000_000, maxNetAmount: 1_800_000 }],
  });

describe.each(databaseFactories)("a trip's limit and its edits on $name", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("the agent's limit is asked per player, refused above the selling price, stored, shown to staff only, and decides the opening's booking", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const agent = h.user(AGENT, "en", "Anan");
    const course = openSlotOn(h.sandbox, INSIDE[0], 0).course;
    const courseIndex = h.sandbox.courses().findIndex((c) => c.id === course.id);
    expect(courseIndex).toBeLessThan(8);
    const { say, tap } = stepsOf(h, agent);
    await newKoreanTrip({ say, tap });
    await say("Kim Minjun, 10\nLee Seo, 11\nPark Jiho, 12\nChoi Yuna, 13");
    // Round 1, beyond the window: 5,000 a player; the limit is asked per player, the selling price the default.
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say(BEYOND[0]);
    await say("07:30");
    await say("5,000");
    const asked = panel(agent);
    expect(asked.text).toContain("per player");
    expect(asked.text).toContain("the selling price is ฿5,000 per player");
    expect(asked.labels).toEqual(["Same as the selling price (฿5,000)"]);
    expect(asked.data).toEqual(["tn:lim:0"]);
    await say("5,000.01");
    expect(agent.lastMessage()?.text).toContain("at most the selling price (฿5,000 per player)");
    await say("0");
    expect(agent.lastMessage()?.text).toContain("An amount in baht");
    // One baht a player: below every tee time's net, so its day's booking fails.
    await say("1");
    await tap(/^tn:m:0$/);
    // Round 2, the next day: the default, the selling price.
    await tap(new RegExp(`^tn:c:${courseIndex}$`));
    await say(BEYOND[1]);
    await say("07:30");
    await say("5000");
    await tap(/^tn:lim:0$/);
    await tap(/^tn:m:1$/);
    await say("none");
    await say("25");
    await tap(/^tn:bd:0$/);

    const [record] = await h.app.trips.listForAgent(AGENT);
    const id = record!.id;
    const view = (await h.app.trips.get(id))!;
    expect(view.rounds.map((r) => [r.day, r.selling_amount, r.max_net_amount])).toEqual([
      [BEYOND[0], 2_000_000, 400],
      [BEYOND[1], 2_000_000, 2_000_000],
    ]);
    // The staff screen shows each round's limit (for the four players).
    const staff = panel(agent).text;
    expect(staff).toMatch(/07:30 · .* · limit ฿4\n/);
    expect(staff).toContain("· limit ฿20,000");

    // The customer's quote never shows it.
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    await shareAndAccept(h, agent, lead, id);
    const quote = lead.messages().find((m) => m.text?.includes("골프 여행"))!.text!;
    expect(quote).not.toMatch(/limit|฿4(?![\d,])/);
    expect((await h.app.trips.approve(id, "deposit", AGENT)).kind).toBe("approved");
    expect((await h.app.trips.get(id))!.rounds.map((r) => r.state)).toEqual(["WAITING_FOR_SALE", "WAITING_FOR_SALE"]);

    // 09:00 on the day the second day goes on sale (both are on sale then): the trips' job.
    h.clock.set(Date.parse("2026-12-12T09:00:00+07:00"));
    await h.app.tripJobs.tick();
    await h.settle();
    const opened = (await h.app.trips.get(id))!;
    expect(opened.rounds.map((r) => r.state)).toEqual(["FAILED", "BOOKED"]);
    expect(opened.rounds[0]!.last_error).toMatch(/^over-price/);
    expect(opened.rounds[1]!.net_amount).toBeLessThanOrEqual(2_000_000);
    expect(h.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(1);
    const notice = agent.messages().find((m) => m.text?.includes("costs more than ฿4."));
    expect(notice, "the agent told the round's limit was too low").toBeDefined();
    // With the nearest tee times (a time and a net each) to choose from.
    expect(notice!.text).toMatch(/Nearest tee times:\n\d\d:\d\d · ฿[\d,]+/);
    expect(agent.messages().filter((m) => m.text?.includes("went on sale and is booked"))).toHaveLength(1);
    expectTelegramRules(h);
  });

  it("the agent edits a sent trip: a round removed and a line added, the quote void until sent again, then the new total and schedule", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: `${AGENT},${OTHER_AGENT}` });
    const agent = h.user(AGENT, "en", "Anan");
    const input = tripInput(h);
    const id = (await h.app.trips.create(input)).trip.id;
    const { say, tap } = stepsOf(h, agent);
    // Sent; the lead customer opens it and sees Accept.
    agent.send("/trips");
    await h.settle();
    await tap(new RegExp(`^tp:open:${id}$`));
    expect(panel(agent).data).toContain(`tn:ed:${id}`);
    await tap(new RegExp(`^tp:share:${id}$`));
    const link = agent.messages().findLast((m) => m.text?.includes("?start="))!.text!;
    const token = /\?start=([A-Za-z0-9_-]+)/.exec(link)![1]!;
    const lead = h.user(LEAD, "ko", "Minjun", "stranger");
    lead.send(`/start ${token}`);
    await h.settle();
    expect(panel(lead).data).toEqual([`tp:accept:${id}`]);
    const oldQuote = panel(lead).message!;

    // Another agent's forged Edit is refused, and so is the service asked directly.
    const other = h.user(OTHER_AGENT, "en", "Other");
    other.send("/trips");
    await h.settle();
    forgeTap(other, `tn:ed:${id}`);
    await h.settle();
    const answered = h.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answered?.params.text).toBe("This trip cannot be opened here.");
    expect(other.messages().some((m) => m.text?.includes("What do you change"))).toBe(false);
    const otherViewer = { userId: OTHER_AGENT, who: await h.app.access.whoIs(OTHER_AGENT) };
    expect(
      await h.app.trips.editAs(id, otherViewer, { kind: "deposit", deposit: { kind: "percent", percent: 90 } }),
    ).toEqual({ kind: "refused" });
    expect((await h.app.trips.get(id))!.trip).toMatchObject({ state: "QUOTED", deposit_value: 25 });

    // The agent's Edit: remove round 2, then add a transfer, then the deposit to 30 %, then done.
    agent.send("/trips");
    await h.settle();
    await tap(new RegExp(`^tp:open:${id}$`));
    await tap(new RegExp(`^tn:ed:${id}$`));
    expect(panel(agent).text).toContain("What do you change?");
    expect(panel(agent).data).toEqual(["tn:em:0", "tn:em:1", "tn:em:2", "tn:em:3", "tn:em:4", "tn:em:5"]);
    await tap(/^tn:em:0$/);
    expect(panel(agent).labels).toHaveLength(3);
    await tap(/^tn:er:1$/);
    expect(agent.messages().some((m) => m.text?.includes("The quote sent to the customer is void"))).toBe(true);
    expect((await h.app.trips.get(id))!.trip.state).toBe("DRAFT");
    // Back at the menu, with the trip as it is now.
    expect(panel(agent).text).toContain("What do you change?");
    await tap(/^tn:em:2$/);
    expect(panel(agent).labels).toEqual(["Hotel, 4 nights · ฿32,000", "➕ Add an item"]);
    await tap(/^tn:el:1$/);
    await say("transfer; Airport transfer");
    expect(agent.lastMessage()?.text).toContain("Line 1 does not read");
    await say("transfer; Airport transfer; 2,500");
    expect(agent.messages().filter((m) => m.text === "✅ Saved.")).toHaveLength(1);
    await tap(/^tn:em:3$/);
    await say("30");
    await tap(/^tn:em:5$/);
    expect(panel(agent).text).toContain("Trip for Kim Minjun");
    expect(panel(agent).text).toContain("Airport transfer");

    const edited = (await h.app.trips.get(id))!;
    expect(edited.trip.state).toBe("DRAFT");
    expect(edited.rounds.map((r) => [r.position, r.day])).toEqual([
      [1, INSIDE[0]],
      [2, BEYOND[0]],
    ]);
    expect(edited.rounds[1]!.max_net_amount).toBe(1_800_000);
    expect(edited.lines.map((l) => [l.kind, l.description, l.selling_amount])).toEqual([
      ["hotel", "Hotel, 4 nights", 3_200_000],
      ["transfer", "Airport transfer", 250_000],
    ]);
    const total = input.rounds[0]!.sellingAmount + input.rounds[2]!.sellingAmount + 3_200_000 + 250_000;
    expect(edited.total).toBe(total);
    expect(edited.deposit).toEqual({ kind: "percent", percent: 30 });

    // The customer's old Accept is refused: still a draft, and they read that their agent is changing it.
    lead.tap({ data: `tp:accept:${id}`, messageId: oldQuote.message_id });
    await h.settle();
    expect((await h.app.trips.get(id))!.trip).toMatchObject({ state: "DRAFT", customer_user_id: null });
    expect(panel(lead).text).toContain("담당 에이전트가 이 견적을 수정하고 있습니다");
    expect(panel(lead).data).toEqual([]);
    expect(lead.messages().some((m) => m.text?.includes("여행이 확정되었습니다"))).toBe(false);

    // Sent again: the same link, the new quote (the new total, the deposit at 30 %), accepted.
    await tap(new RegExp(`^tp:share:${id}$`));
    expect((await h.app.trips.get(id))!.trip.state).toBe("QUOTED");
    lead.send("/trips");
    await h.settle();
    const quote = panel(lead);
    expect(quote.text).toContain(formatBaht(total, "ko"));
    expect(quote.text).toContain("Airport transfer");
    const deposit = Math.floor((total * 30 + 50) / 100);
    expect(quote.text).toContain(formatBaht(deposit, "ko"));
    expect(quote.data).toEqual([`tp:accept:${id}`]);
    tapData(lead, new RegExp(`^tp:accept:${id}$`));
    await h.settle();
    const accepted = (await h.app.trips.get(id))!;
    expect(accepted.trip.state).toBe("ACCEPTED");
    expect(accepted.instalments.find((i) => i.kind === "deposit")!.amount).toBe(deposit);

    // Accepted: no Edit, the screen says why; a forged Edit is refused and changes nothing.
    await say("/trips");
    await tap(new RegExp(`^tp:open:${id}$`));
    expect(panel(agent).data).not.toContain(`tn:ed:${id}`);
    expect(panel(agent).text).toContain("it can no longer be edited");
    forgeTap(agent, `tn:ed:${id}`);
    await h.settle();
    expect(h.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1)?.params.text).toContain(
      "can no longer be edited",
    );
    const me = { userId: AGENT, who: await h.app.access.whoIs(AGENT) };
    expect((await h.app.trips.editAs(id, me, { kind: "remove-round", position: 1 })).kind).toBe("not-editable");
    expect((await h.app.trips.get(id))!.rounds).toHaveLength(2);
    expectTelegramRules(h);
  });

  it("an admin may edit any trip; a roster of another size is refused, the same size taken", async () => {
    h = await startAtWorldStart(make, { ADMIN_IDS: String(ADMIN), AGENT_IDS: String(AGENT) });
    const admin = h.user(ADMIN, "en", "Admin");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;
    const { say } = stepsOf(h, admin);
    admin.send("/trips");
    await h.settle();
    tapData(admin, new RegExp(`^tp:open:${id}$`));
    await h.settle();
    tapData(admin, new RegExp(`^tn:ed:${id}$`));
    await h.settle();
    tapData(admin, /^tn:em:4$/);
    await h.settle();
    await say("Kim Minjun, 10\nLee Seo, 11");
    expect(admin.lastMessage()?.text).toContain("quoted for 4 players");
    await say("Kim Minjun, 9\nLee Seo, 11\nPark Jiho\nChoi Yuna, 13");
    // A DRAFT edited: saved, nothing voided.
    expect(admin.messages().some((m) => m.text === "✅ Saved.")).toBe(true);
    const view = (await h.app.trips.get(id))!;
    expect(view.trip.state).toBe("DRAFT");
    expect(view.players.map((p) => [p.name, p.handicap, p.locale])).toEqual([
      ["Kim Minjun", 9, "ko"],
      ["Lee Seo", 11, "ko"],
      ["Park Jiho", null, "ko"],
      ["Choi Yuna", 13, "ko"],
    ]);
    // The last round cannot be removed (through the service: nothing is written).
    const who = { userId: ADMIN, who: await h.app.access.whoIs(ADMIN) };
    await h.app.trips.editAs(id, who, { kind: "remove-round", position: 3 });
    await h.app.trips.editAs(id, who, { kind: "remove-round", position: 2 });
    expect(await h.app.trips.editAs(id, who, { kind: "remove-round", position: 1 })).toEqual({
      kind: "invalid",
      problem: "last-round",
    });
    expect((await h.app.trips.get(id))!.rounds).toHaveLength(1);
    expectTelegramRules(h);
  });
});
