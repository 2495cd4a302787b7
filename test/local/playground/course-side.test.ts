/**
 * The side panel's course buttons, through the page's API: the Agent books a tee time, then the course
 * refunds it on its own; the panel's state shows the reservation REFUND, ended by the course, with the
 * refund's credit back in the balance. An unknown knob is not passed on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYGROUND_AGENT_ID } from "../../../src/local/playground/index.js";
import { bookThroughApi, sandboxState, type PlaygroundApp, startPlaygroundApp } from "./helpers.js";

let p: PlaygroundApp;

beforeAll(async () => {
  p = await startPlaygroundApp({ USER_RATE_BURST: "200" });
}, 30_000);
afterAll(() => p?.stop());

const sandbox = () => sandboxState(p);

describe("playground: the course's buttons", () => {
  it("the course refunds a paid booking: REFUND, ended by the course, the credit back", async () => {
    await bookThroughApi(p, PLAYGROUND_AGENT_ID);
    const before = await sandbox();
    const paid = before.reservations.find((r) => r.status === "PAID")!;
    expect(paid).toBeDefined();

    const res = await p.post("/playground/course/end", { reservationId: paid.id, status: "REFUND" });
    expect(res.status).toBe(200);

    const after = await sandbox();
    expect(after.reservations.find((r) => r.id === paid.id)).toMatchObject({
      status: "REFUND",
      endedByCourse: true,
      refundedAmount: paid.amount,
    });
    expect(after.balance).toBe(before.balance + paid.amount);
  });

  it("refuses an unknown knob and a bad body", async () => {
    expect((await p.post("/playground/course/explode", {})).status).toBe(404);
    const bad = await p.post("/playground/course/end", { status: "REFUND" });
    expect(bad.status).toBe(400);
  });
});
