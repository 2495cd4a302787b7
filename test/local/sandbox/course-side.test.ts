import { describe, expect, it } from "vitest";
import { customer, start, toReply, type Harness, type Json } from "./helpers.js";

/** A paid reservation on the first open slot from tomorrow on; its id and answer. */
async function paid(h: Harness, overrides: Record<string, unknown> = {}): Promise<Json> {
  const { json } = await h.reserve(overrides);
  expect((await h.call("POST", `/order/${json.id as string}/confirm`)).status).toBe(200);
  return json;
}

const knob = async (h: Harness, name: string, body: unknown) =>
  toReply(
    await fetch(`${h.url}/__sandbox/course/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("the course's own changes (POST /__sandbox/course/*)", () => {
  it("ends a paid reservation as REFUND: the partner read shows it, the refund's credit is back", async () => {
    const h = await start({ refundPercent: 80 });
    const before = h.sandbox.balance();
    const r = await paid(h);
    const paidBalance = h.sandbox.balance();
    expect(paidBalance).toBe(before - (r.amount as number));

    const answer = await knob(h, "end", { reservationId: r.id });
    expect(answer.status).toBe(200);

    const read = (await h.call("GET", `/order/${r.id as string}`)).json;
    expect(read.status).toBe("REFUND");
    expect(read.reserve.status).toBe("CANCEL");
    expect(typeof read.reserve.refundAt).toBe("number");
    expect(h.sandbox.balance()).toBe(paidBalance + Math.floor(((r.amount as number) * 80) / 100));
    // The slot is free again, and fairway's own refund is now refused.
    expect((await h.call("GET", `/tee-time/${r.slotId as string}`)).json.status).toBe("OPEN");
    expect((await h.call("POST", `/order/${r.id as string}/refund`)).status).toBe(409);
  });

  it("ends a paid reservation as CANCEL with the credit back too; a PENDING one is refused", async () => {
    const h = await start();
    const r = await paid(h);
    const paidBalance = h.sandbox.balance();
    expect((await knob(h, "end", { reservationId: r.id, status: "CANCEL" })).status).toBe(200);
    const read = (await h.call("GET", `/order/${r.id as string}`)).json;
    expect(read.status).toBe("CANCEL");
    expect(h.sandbox.balance()).toBe(paidBalance + (r.amount as number));

    const pending = (await h.reserve()).json;
    const refused = await knob(h, "end", { reservationId: pending.id });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("INVALID_STATE");
    expect((await knob(h, "end", { reservationId: "nope" })).status).toBe(404);
    expect((await knob(h, "end", { status: "GONE" })).status).toBe(400);
  });

  it("closes a course-day: every reservation that day ended, its tee times CLOSED, other days untouched", async () => {
    const h = await start();
    const first = await paid(h);
    const day = new Date((first.reserve.golf.slotTime as number) + 7 * 3_600_000).toISOString().slice(0, 10);
    const other = h.sandbox
      .slots(first.courseId as string, day)
      .find((s) => s.status === "OPEN" && s.id !== first.slotId)!;
    const second = (await h.call("POST", "/order/reserve", { slotId: other.id, persons: other.minPerson, ...customer }))
      .json;
    const paidBalance = h.sandbox.balance();

    const answer = await knob(h, "close-day", { courseId: first.courseId, date: day });
    expect(answer.status).toBe(200);
    expect((answer.json.reservations as Json[]).map((r): unknown => r.id)).toEqual([first.id, second.id]);

    expect((await h.call("GET", `/order/${first.id as string}`)).json.status).toBe("REFUND");
    expect((await h.call("GET", `/order/${second.id as string}`)).json.status).toBe("CANCEL");
    expect(h.sandbox.balance()).toBe(paidBalance + (first.amount as number));
    const listed = (await h.call("GET", `/tee-time?courseId=${first.courseId as string}&date=${day}`)).json as Json[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((s) => s.status === "CLOSED")).toBe(true);

    // Closing it again ends nothing more and credits nothing more.
    const again = await knob(h, "close-day", { courseId: first.courseId, date: day });
    expect(again.json.reservations).toEqual([]);
    expect(h.sandbox.balance()).toBe(paidBalance + (first.amount as number));
    expect((await knob(h, "close-day", { courseId: "no-such-course", date: day })).status).toBe(404);
  });

  it("changes a reservation's tee time: still PAID, the read shows the new slot and time", async () => {
    const h = await start();
    const r = await paid(h);
    const balance = h.sandbox.balance();
    const answer = await knob(h, "tee-time", { reservationId: r.id });
    expect(answer.status).toBe(200);
    const read = (await h.call("GET", `/order/${r.id as string}`)).json;
    expect(read.status).toBe("PAID");
    expect(read.slotId).not.toBe(r.slotId);
    expect(read.reserve.golf.slotTime).not.toBe(r.reserve.golf.slotTime);
    expect(read.amount).toBe(r.amount);
    expect(h.sandbox.balance()).toBe(balance);
    expect((await h.call("GET", `/tee-time/${read.slotId as string}`)).json.status).toBe("BOOKED");
    expect((await h.call("GET", `/tee-time/${r.slotId as string}`)).json.status).toBe("OPEN");
    // A taken slot is refused.
    const taken = await knob(h, "tee-time", { reservationId: r.id, slotId: read.slotId });
    expect(taken.status).toBe(409);
  });
});
