/**
 * Moving a booking in the playground, through the page's API as the page drives it: the Agent books, moves
 * the booking to a tee time the next day with the pickers, the Admin approves; the sandbox panel's state
 * shows the old reservation REFUND and the new one PAID, the balance changed by exactly the new amount less
 * the refund. With the panel's "next refund" refusal set, the old stays PAID, the new hold is released,
 * and the Agent is told so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYGROUND_ADMIN_ID, PLAYGROUND_AGENT_ID } from "../../../src/local/playground/index.js";
import { addDaysToDateKey } from "../../../src/time/date-key.js";
import { bookThroughApi, type Json, type PlaygroundApp, say, startPlaygroundApp, tapData } from "./helpers.js";

let p: PlaygroundApp;

beforeAll(async () => {
  // The test taps faster than a person does: a burst the per-user limit lets through.
  p = await startPlaygroundApp({ USER_RATE_BURST: "200" });
}, 30_000);

afterAll(async () => {
  await p?.stop();
});

interface Reservation {
  id: string;
  code: string;
  status: string;
  amount: number;
  refundedAmount?: number;
  slotTime: number;
}

async function sandbox(): Promise<{ balance: number; reservations: Reservation[] }> {
  const { json } = await p.get("/playground/state");
  expect(json.available).toBe(true);
  return json.state as { balance: number; reservations: Reservation[] };
}

async function chatTexts(userId: number): Promise<string[]> {
  const { json } = await p.get(`/playground/chat?userId=${userId}`);
  return (json.messages as Json[]).filter((m) => m.from?.is_bot).map((m) => String(m.text ?? m.caption ?? ""));
}

/** The Agent's latest booking: /mybookings → the booking → Move → the day after its date → its first tee time → Hold. */
async function moveToNextDay(bookingDate: string): Promise<void> {
  await say(p, PLAYGROUND_AGENT_ID, "/mybookings");
  await tapData(p, PLAYGROUND_AGENT_ID, /^mb:view:/);
  await tapData(p, PLAYGROUND_AGENT_ID, /^mv:s:/);
  const day = addDaysToDateKey(bookingDate, 1).replaceAll("-", "");
  try {
    await tapData(p, PLAYGROUND_AGENT_ID, new RegExp(`^mv:d:[^:]+:${day}$`));
  } catch {
    await tapData(p, PLAYGROUND_AGENT_ID, new RegExp(`^mv:m:[^:]+:${day.slice(0, 6)}$`));
    await tapData(p, PLAYGROUND_AGENT_ID, new RegExp(`^mv:d:[^:]+:${day}$`));
  }
  await tapData(p, PLAYGROUND_AGENT_ID, /^mv:t:/);
  await tapData(p, PLAYGROUND_AGENT_ID, /^mv:h:/);
}

const bangkokDate = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

describe("moving a booking in the playground", () => {
  it("the Agent moves to the next day, the Admin approves: the panel shows the old REFUND, the new PAID, the balance down by the new amount less the refund", async () => {
    await bookThroughApi(p, PLAYGROUND_AGENT_ID);
    const [old] = (await sandbox()).reservations;
    expect(old?.status).toBe("PAID");
    const before = (await sandbox()).balance;
    await moveToNextDay(bangkokDate(old!.slotTime));
    expect((await chatTexts(PLAYGROUND_AGENT_ID)).at(-1)).toContain("Sent to the administrators for approval.");
    await tapData(p, PLAYGROUND_ADMIN_ID, /^mv:a:/);

    const after = await sandbox();
    const oldNow = after.reservations.find((r) => r.id === old!.id)!;
    const moved = after.reservations.find((r) => r.id !== old!.id && r.status === "PAID")!;
    expect(oldNow.status).toBe("REFUND");
    expect(moved).toBeDefined();
    expect(bangkokDate(moved.slotTime)).toBe(addDaysToDateKey(bangkokDate(old!.slotTime), 1));
    expect(after.balance).toBe(before - moved.amount + (oldNow.refundedAmount ?? 0));
    expect((await chatTexts(PLAYGROUND_AGENT_ID)).some((t) => t.includes(`Moved: ${old!.code} was refunded`))).toBe(
      true,
    );
  });

  it("with the panel's 'next refund' refusal: the old stays PAID, the new hold is released, and the Agent is told", async () => {
    const before = await sandbox();
    const paid = before.reservations.filter((r) => r.status === "PAID").at(-1)!;
    const refused = await p.post("/playground/fail-next", { operation: "refund" });
    expect(refused.status).toBe(200);
    expect((await sandbox()) as unknown as { faults: { rules: unknown[] } }).toMatchObject({
      faults: { rules: [{ kind: "status", method: "POST" }] },
    });
    await moveToNextDay(bangkokDate(paid.slotTime));
    await tapData(p, PLAYGROUND_ADMIN_ID, /^mv:a:/);

    const after = await sandbox();
    expect(after.reservations.find((r) => r.id === paid.id)?.status).toBe("PAID");
    const released = after.reservations.filter((r) => !before.reservations.some((b) => b.id === r.id));
    expect(released.map((r) => r.status)).toEqual(["CANCEL"]);
    expect(after.balance).toBe(before.balance);
    expect((await chatTexts(PLAYGROUND_AGENT_ID)).some((t) => t.includes("refused the refund"))).toBe(true);
  });

  it("refuses what the sandbox cannot make fail", async () => {
    const res = await p.post("/playground/fail-next", { operation: "balance" });
    expect(res.status).toBe(400);
    expect(String(res.json.error)).toContain("operation");
  });
});
