/**
 * A trip's receipts (issue 52 with issue 51), on SQLite and PostgreSQL: once its deposit (then its balance) is
 * approved, the lead customer's "🧾 Receipt" under the approval sends the receipt's PDF — numbered next in the
 * receipts' series, for the instalment's amount, source `trip:<trip>:<deposit|balance>` — read back by poppler's
 * pdftotext; a second tap sends the same number; a balance not yet approved and another agent's forged tap get
 * nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import { bahtFigures, bahtInWords } from "../../../../src/receipts/amounts.js";
import { instalmentReference } from "../../../../src/trips/references.js";
import { databaseFactories } from "../../../helpers/databases.js";
import { callbackAnswerText, forgeTap, tapData } from "../../../helpers/flow.js";
import { type Harness } from "../../../helpers/harness.js";
import { pdfsOf } from "../../../helpers/pdfs.js";
import { slipPhoto } from "../../../helpers/slips.js";
import { shareAndAccept, startAtWorldStart, THAI_ONE_ROUND, tripInputFor } from "../../../helpers/trips.js";

const ADMIN = 7320;
const AGENT = 7321;
const OTHER_AGENT = 7322;
const LEAD = 100_321;
const DAY = "2026-12-20";
const SENDING = "กำลังส่งไฟล์ PDF…";

const tripInput = (h: Harness) => tripInputFor(h.sandbox, { ...THAI_ONE_ROUND, agentId: AGENT, days: [DAY] });

/** Taps the lead's newest "🧾 Receipt" for `action`; the tap's answer. */
async function tapReceipt(h: Harness, lead: SimulatedUser, data: string): Promise<string | undefined> {
  const q = tapData(lead, new RegExp(`^${data}$`));
  await h.settle();
  return callbackAnswerText(h, q);
}

describe.each(databaseFactories)("a trip's receipts on $name", ({ make }) => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("the deposit's and the balance's receipts, each once approved, to the lead customer, numbered once", async () => {
    h = await startAtWorldStart(make, {
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: `${AGENT},${OTHER_AGENT}`,
      PROMPTPAY_ID: "0812345678",
    });
    const agent = h.user(AGENT, "en", "Anan");
    const id = (await h.app.trips.create(tripInput(h))).trip.id;
    const lead = h.user(LEAD, "th", "Somchai", "stranger");
    await shareAndAccept(h, agent, lead, id);

    // The balance's receipt before the balance is paid: nothing (a forged tap).
    forgeTap(lead, `tp:brc:${id}`);
    await h.settle();
    expect(pdfsOf(h, lead)).toEqual([]);

    lead.sendPhoto(await slipPhoto("SLIPTRIPRC01"));
    await h.settle();
    tapData(agent, new RegExp(`^tp:dok:${id}$`));
    await h.settle();
    const view = (await h.app.trips.get(id))!;
    const [deposit, balance] = view.instalments;
    expect(deposit).toMatchObject({ kind: "deposit", state: "approved" });

    // The deposit's receipt: its amount, in figures and in Thai words, to the lead customer by name.
    const reference = instalmentReference(id, "deposit");
    expect(await tapReceipt(h, lead, `tp:drc:${id}`)).toBe(SENDING);
    const [first] = pdfsOf(h, lead);
    expect(first?.filename).toMatch(/^receipt-RC-RE-00000-\d{4}-000001\.pdf$/);
    expect(first!.caption).toContain(reference);
    expect(first!.lines).toEqual(
      expect.arrayContaining([
        "ใบเสร็จรับเงิน / Receipt",
        "ได้รับเงินจาก / Received from สมชาย ใจดี",
        `ทริป / Trip ${reference}`,
        "เงินมัดจำทริปกอล์ฟ / Golf trip deposit",
        "จำนวนรอบ / Rounds 1",
        "ผู้เล่น / Players 2",
        bahtFigures(deposit!.amount),
        `(${bahtInWords(deposit!.amount)})`,
      ]),
    );
    // Again: the same document.
    expect(await tapReceipt(h, lead, `tp:drc:${id}`)).toBe(SENDING);
    expect(pdfsOf(h, lead).map((d) => d.filename)).toEqual([first!.filename, first!.filename]);
    // Another agent's forged tap: refused, nothing sent, no number used.
    const other = h.user(OTHER_AGENT, "en", "Other");
    other.send("/trips");
    await h.settle();
    forgeTap(other, `tp:drc:${id}`);
    await h.settle();
    expect(pdfsOf(h, other)).toEqual([]);

    // The balance, paid and approved: its own receipt, the next number.
    lead.sendPhoto(await slipPhoto("SLIPTRIPRC02"));
    await h.settle();
    tapData(agent, new RegExp(`^tp:bok:${id}$`));
    await h.settle();
    expect(await tapReceipt(h, lead, `tp:brc:${id}`)).toBe(SENDING);
    const second = pdfsOf(h, lead).at(-1)!;
    expect(second.filename).toMatch(/^receipt-RC-RE-00000-\d{4}-000002\.pdf$/);
    expect(second.lines).toEqual(
      expect.arrayContaining(["ยอดคงเหลือทริปกอล์ฟ / Golf trip balance", bahtFigures(balance!.amount)]),
    );
    expect(deposit!.amount + balance!.amount).toBe(view.total);

    const rows = await h.app.storage.db.selectFrom("documents").selectAll().orderBy("seq").execute();
    expect(rows.map((r) => [r.kind, r.source, r.booking_id, Number(r.total), Number(r.issued_by)])).toEqual([
      ["receipt", `trip:${id}:deposit`, `trip:${id}`, deposit!.amount, LEAD],
      ["receipt", `trip:${id}:balance`, `trip:${id}`, balance!.amount, LEAD],
    ]);
  });
});
