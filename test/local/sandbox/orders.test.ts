import { describe, expect, it } from "vitest";
import { HOUR, NOW, TODAY, TOMORROW, customer, start, type Harness, type Json } from "./helpers.js";

const RESERVATION_FIELDS = [
  "id",
  "status",
  "txNo",
  "agencyId",
  "agencyName",
  "slotId",
  "courseId",
  "courseName",
  "walletId",
  "customerName",
  "customerEmail",
  "customerMobile",
  "amount",
  "priceAfterDiscount",
  "reserveId",
  "reserve",
  "createdAt",
  "updatedAt",
];

type State = "PENDING" | "PAID" | "CANCEL" | "REFUND";

/** Creates a reservation and drives it into `state`; returns its id. */
async function inState(h: Harness, state: State): Promise<string> {
  const { json } = await h.reserve();
  const id = json.id as string;
  if (state === "PAID" || state === "REFUND") expect((await h.call("POST", `/order/${id}/confirm`)).status).toBe(200);
  if (state === "REFUND") expect((await h.call("POST", `/order/${id}/refund`)).status).toBe(200);
  if (state === "CANCEL") expect((await h.call("DELETE", `/order/${id}/cancel`)).status).toBe(200);
  return id;
}

const slotStatus = async (h: Harness, slotId: string): Promise<Json> =>
  (await h.call("GET", `/tee-time/${slotId}`)).json;

describe("reservation lifecycle", () => {
  it("creates a PENDING/BOOKING reservation that books the slot", async () => {
    const h = await start();
    const slot = h.sandbox.openSlot({ persons: 3 })!;
    const { status, json } = await h.call("POST", "/order/reserve", { slotId: slot.id, persons: 3, ...customer });
    expect(status).toBe(200);
    expect(Object.keys(json)).toEqual(RESERVATION_FIELDS);
    expect(json).toMatchObject({
      status: "PENDING",
      slotId: slot.id,
      courseId: slot.course.id,
      courseName: slot.course.name,
      ...customer,
      amount: slot.price * 3,
      priceAfterDiscount: slot.price * 3,
      reserveId: json.reserve.id,
    });
    expect(json.id).toMatch(/^[0-9a-f]{24}$/);
    expect(json.reserve.id).toMatch(/^[0-9a-f]{24}$/);
    expect(json.reserve.id).not.toBe(json.id);
    expect(json.txNo).toMatch(/^TX\d{8,}$/);
    expect(json.reserve).toEqual({
      id: json.reserve.id,
      code: expect.stringMatching(/^GT[A-Z0-9]{6}$/),
      svcInvoiceId: "",
      status: "BOOKING",
      golf: {
        slotTime: slot.startMs,
        slotTimeString: expect.stringMatching(/\+0700$/),
        persons: 3,
        carts: 2,
        caddies: 3,
      },
    });
    expect(Date.parse(json.createdAt)).toBe(NOW);
    const after = await slotStatus(h, slot.id);
    expect(after).toMatchObject({ status: "BOOKED", persons: 3, actualMaxPerson: slot.maxPerson - 3 });
    expect(h.sandbox.balance()).toBe(10_000_000);
  });

  it("confirms: PAID/PAID, invoice and paidAt set, balance debited, reserve without id and code", async () => {
    const h = await start();
    const created = (await h.reserve({ persons: 2 })).json;
    h.setNow(NOW + 60_000);
    const { status, json } = await h.call("POST", `/order/${created.id}/confirm`);
    expect(status).toBe(200);
    expect(json.status).toBe("PAID");
    expect(json.reserve).not.toHaveProperty("id");
    expect(json.reserve).not.toHaveProperty("code");
    expect(json.reserve).not.toHaveProperty("price");
    expect(json.reserve).toMatchObject({
      status: "PAID",
      paidAt: NOW + 60_000,
      svcInvoiceId: expect.stringMatching(/^INV-/),
    });
    expect(Date.parse(json.updatedAt)).toBe(NOW + 60_000);
    expect(h.sandbox.balance()).toBe(10_000_000 - created.amount);
    expect((await h.call("GET", "/balance")).json).toEqual({ balance: 10_000_000 - created.amount });
    expect((await slotStatus(h, created.slotId)).status).toBe("BOOKED");
  });

  it("names the invoice id gdInvoiceId in the invoiceField variant, as the partner's published API does", async () => {
    const h = await start({ variants: { invoiceField: "gdInvoiceId" } });
    const created = (await h.reserve()).json;
    expect(created.reserve).toMatchObject({ gdInvoiceId: "" });
    expect(created.reserve).not.toHaveProperty("svcInvoiceId");
    const paid = (await h.call("POST", `/order/${created.id}/confirm`)).json;
    expect(paid.reserve).toMatchObject({ gdInvoiceId: expect.stringMatching(/^INV-\d{8}-\d{6}$/) });
    expect(paid.reserve).not.toHaveProperty("svcInvoiceId");
  });

  it("releases a PENDING reservation: CANCEL/CANCEL, no invoice, slot OPEN again, balance untouched", async () => {
    const h = await start();
    const created = (await h.reserve()).json;
    const { status, json } = await h.call("DELETE", `/order/${created.id}/cancel`);
    expect(status).toBe(200);
    expect(json.status).toBe("CANCEL");
    expect(json.reserve).toEqual({ svcInvoiceId: "", status: "CANCEL", golf: created.reserve.golf });
    expect(await slotStatus(h, created.slotId)).toMatchObject({ status: "OPEN", persons: 0 });
    expect(h.sandbox.balance()).toBe(10_000_000);
  });

  it.each([100, 50, 33, 12.345, 0])(
    "refunds a PAID reservation crediting floor(amount × %s%%)",
    async (refundPercent) => {
      const h = await start({ refundPercent });
      const created = (await h.reserve({ persons: 3 })).json;
      await h.call("POST", `/order/${created.id}/confirm`);
      const paidAt = NOW;
      h.setNow(NOW + HOUR);
      const { status, json } = await h.call("POST", `/order/${created.id}/refund`);
      const refunded = Math.floor((created.amount * refundPercent) / 100);
      expect(status).toBe(200);
      expect(json.status).toBe("REFUND");
      expect(json.reserve).toMatchObject({
        id: created.reserve.id,
        code: created.reserve.code,
        status: "CANCEL",
        price: refunded,
        paidAt,
        refundAt: NOW + HOUR,
        svcInvoiceId: expect.stringMatching(/^INV-/),
      });
      expect(h.sandbox.balance()).toBe(10_000_000 - created.amount + refunded);
      expect((await slotStatus(h, created.slotId)).status).toBe("OPEN");
    },
  );

  it("reads a reservation in every state with the fields that state has", async () => {
    const h = await start();
    const read = async (id: string): Promise<Json> => (await h.call("GET", `/order/${id}`)).json;
    const pending = await read(await inState(h, "PENDING"));
    expect(pending.reserve).toMatchObject({
      id: expect.any(String),
      code: expect.any(String),
      svcInvoiceId: "",
      status: "BOOKING",
    });
    expect(pending.reserve).not.toHaveProperty("paidAt");
    const paid = await read(await inState(h, "PAID"));
    expect(paid).toMatchObject({ status: "PAID", reserve: { status: "PAID", paidAt: NOW } });
    expect(paid.reserve).not.toHaveProperty("refundAt");
    const refunded = await read(await inState(h, "REFUND"));
    expect(refunded).toMatchObject({ status: "REFUND", reserve: { status: "CANCEL", paidAt: NOW, refundAt: NOW } });
    expect(refunded.reserve).not.toHaveProperty("price"); // refund answer only
    const cancelled = await read(await inState(h, "CANCEL"));
    expect(cancelled).toMatchObject({ status: "CANCEL", reserve: { status: "CANCEL", svcInvoiceId: "" } });
    expect(cancelled.reserve).not.toHaveProperty("paidAt");
    expect(Object.keys(cancelled)).toEqual(RESERVATION_FIELDS);
  });

  it("keeps a status history per stored record", async () => {
    const h = await start();
    const id = await inState(h, "REFUND");
    const [record] = h.sandbox.reservations();
    expect(record!.id).toBe(id);
    expect(record!.history.map((c) => `${c.status}/${c.reserveStatus}`)).toEqual([
      "PENDING/BOOKING",
      "PAID/PAID",
      "REFUND/CANCEL",
    ]);
    record!.status = "PENDING"; // a copy: the store is not affected
    expect(h.sandbox.reservations()[0]!.status).toBe("REFUND");
  });

  it("echoes the optional customerId and additionGolfer when sent", async () => {
    const h = await start();
    const { json } = await h.reserve({ persons: 2, customerId: "cust-42", additionGolfer: ["Niran", " Kanya "] });
    expect(json.additionGolfer).toEqual(["Niran", "Kanya"]);
    expect(json.customerId).toBe("cust-42");
    expect(Object.keys(json).indexOf("additionGolfer")).toBe(Object.keys(json).indexOf("reserve") - 1);
  });
});

describe("wrong-state transitions", () => {
  const cases: [string, string, State][] = [];
  for (const s of ["PAID", "CANCEL", "REFUND"] as State[]) cases.push(["POST", "confirm", s]);
  for (const s of ["PAID", "CANCEL", "REFUND"] as State[]) cases.push(["DELETE", "cancel", s]);
  for (const s of ["PENDING", "CANCEL", "REFUND"] as State[]) cases.push(["POST", "refund", s]);

  it.each(cases)("%s …/%s from %s answers 409 INVALID_STATE and changes nothing", async (method, action, state) => {
    const h = await start();
    const id = await inState(h, state);
    const balance = h.sandbox.balance();
    const before = h.sandbox.reservations();
    const reply = await h.call(method, `/order/${id}/${action}`);
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ statusCode: 409, error: "Conflict", code: "INVALID_STATE" });
    expect(reply.json.message).toContain(state);
    expect(h.sandbox.balance()).toBe(balance);
    expect(h.sandbox.reservations()).toEqual(before);
  });

  it.each([
    ["POST", "/confirm"],
    ["DELETE", "/cancel"],
    ["POST", "/refund"],
    ["GET", ""],
  ])("%s an unknown reservation%s answers 404", async (method, suffix) => {
    const h = await start();
    const reply = await h.call(method, `/order/0123456789abcdef01234567${suffix}`);
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe("NOT_FOUND");
  });
});

describe("credit", () => {
  it("answers 402 when the balance is short and leaves everything unchanged", async () => {
    const h = await start();
    const created = (await h.reserve()).json;
    h.sandbox.setBalance(created.amount - 1);
    const reply = await h.call("POST", `/order/${created.id}/confirm`);
    expect(reply.status).toBe(402);
    expect(reply.json).toEqual({
      statusCode: 402,
      error: "Payment Required",
      message: "Insufficient credit balance",
      code: "INSUFFICIENT_CREDIT",
    });
    expect(h.sandbox.balance()).toBe(created.amount - 1);
    const read = (await h.call("GET", `/order/${created.id}`)).json;
    expect(read).toMatchObject({ status: "PENDING", reserve: { status: "BOOKING", svcInvoiceId: "" } });
    h.sandbox.setBalance(created.amount);
    expect((await h.call("POST", `/order/${created.id}/confirm`)).status).toBe(200);
    expect(h.sandbox.balance()).toBe(0);
  });

  it("starts from initialBalance", async () => {
    const h = await start({ initialBalance: 123_456 });
    expect((await h.call("GET", "/balance")).json).toEqual({ balance: 123_456 });
  });
});

describe("reserve validation", () => {
  it("rejects persons outside the slot's range with PERSONS_OUT_OF_RANGE", async () => {
    const h = await start();
    const slot = h.sandbox.openSlot({ persons: 3 })!;
    const tries = [0, -1, slot.maxPerson + 1, ...(slot.minPerson > 1 ? [slot.minPerson - 1] : [])];
    for (const persons of tries) {
      const reply = await h.call("POST", "/order/reserve", { slotId: slot.id, persons, ...customer });
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe("PERSONS_OUT_OF_RANGE");
    }
    const threeToFour = h.sandbox
      .slots("65c15f5980f162433cb3788f", "2026-11-25")
      .find((s) => s.status === "OPEN" && s.minPerson === 3)!;
    const low = await h.call("POST", "/order/reserve", { slotId: threeToFour.id, persons: 2, ...customer });
    expect(low.json.code).toBe("PERSONS_OUT_OF_RANGE");
    expect(h.sandbox.reservations()).toEqual([]);
  });

  it("rejects slots that are not OPEN with 409 SLOT_NOT_AVAILABLE", async () => {
    const h = await start();
    const tomorrow = h.sandbox.slots("65a0c3e10a1aec32662c0684", TOMORROW);
    const closed = tomorrow.find((s) => s.status === "CLOSED")!;
    const booked = tomorrow.find((s) => s.status === "BOOKED")!;
    const started = h.sandbox.slots("65a0c3e10a1aec32662c0684", TODAY)[0]!;
    const closedCourse = h.sandbox.slots("65b5250cf422e4b9e59ce3ab", TOMORROW)[0]!;
    const beyond = h.sandbox.slots("65a0c3e10a1aec32662c0684", "2027-01-15")[0]!;
    const held = (await h.reserve()).json.slotId;
    for (const slotId of [closed.id, booked.id, started.id, closedCourse.id, beyond.id, held]) {
      const reply = await h.call("POST", "/order/reserve", { slotId, persons: 3, ...customer });
      expect(reply.status, slotId).toBe(409);
      expect(reply.json.code).toBe("SLOT_NOT_AVAILABLE");
    }
    expect(h.sandbox.reservations()).toHaveLength(1);
  });

  it("answers 404 for an unknown slot", async () => {
    const h = await start();
    const reply = await h.call("POST", "/order/reserve", { slotId: "00000000000000000000", persons: 2, ...customer });
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe("NOT_FOUND");
  });

  it.each([
    ["malformed JSON", "{not json"],
    ["an empty body", ""],
    ["an array", [1, 2]],
    ["no slotId", { persons: 2, ...customer, slotId: undefined }],
    ["an empty slotId", { persons: 2, ...customer, slotId: "" }],
    ["a numeric slotId", { persons: 2, ...customer, slotId: 42 }],
    ["no persons", { ...customer, persons: undefined }],
    ["persons as text", { ...customer, persons: "2" }],
    ["fractional persons", { ...customer, persons: 2.5 }],
    ["no customerName", { ...customer, persons: 2, customerName: undefined }],
    ["a blank customerName", { ...customer, persons: 2, customerName: "   " }],
    ["a customerName of 101 characters", { ...customer, persons: 2, customerName: "x".repeat(101) }],
    ["an e-mail without @", { ...customer, persons: 2, customerEmail: "somchai.example.com" }],
    ["no customerEmail", { ...customer, persons: 2, customerEmail: undefined }],
    ["a 5-character mobile", { ...customer, persons: 2, customerMobile: "08123" }],
    ["a 33-character mobile", { ...customer, persons: 2, customerMobile: "0".repeat(33) }],
    ["additionGolfer not a list", { ...customer, persons: 2, additionGolfer: "Niran" }],
  ])("rejects %s with 400 VALIDATION", async (_label, body) => {
    const h = await start();
    const slot = h.sandbox.openSlot({ persons: 2 })!;
    const payload =
      typeof body === "object" && body !== null && !Array.isArray(body) ? { slotId: slot.id, ...body } : body;
    const reply = await h.call("POST", "/order/reserve", payload);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "VALIDATION" });
    expect(reply.json.message.length).toBeGreaterThan(0);
    expect(h.sandbox.reservations()).toEqual([]);
  });

  it("trims text fields and accepts the boundary lengths", async () => {
    const h = await start();
    const name = "ก".repeat(100);
    const { status, json } = await h.reserve({
      customerName: `  ${name} `,
      customerEmail: " a@b ",
      customerMobile: "081234",
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ customerName: name, customerEmail: "a@b", customerMobile: "081234" });
  });
});

describe("hold expiry", () => {
  it("never expires PENDING holds by default", async () => {
    const h = await start();
    const { json } = await h.reserve();
    h.setNow(NOW + 30 * 24 * HOUR);
    expect((await h.call("GET", `/order/${json.id}`)).json.status).toBe("PENDING");
  });

  it("cancels PENDING holds older than holdExpiryMs, lazily, and reopens the slot", async () => {
    const ttl = 15 * 60_000;
    const h = await start({ holdExpiryMs: ttl });
    const pending = (await h.reserve()).json;
    const paid = (await h.reserve()).json;
    await h.call("POST", `/order/${paid.id}/confirm`);
    h.setNow(NOW + ttl - 1);
    expect((await h.call("GET", `/order/${pending.id}`)).json.status).toBe("PENDING");
    h.setNow(NOW + ttl + 5 * 60_000);
    const read = (await h.call("GET", `/order/${pending.id}`)).json;
    expect(read).toMatchObject({ status: "CANCEL", reserve: { status: "CANCEL", svcInvoiceId: "" } });
    expect(Date.parse(read.updatedAt)).toBe(NOW + ttl);
    expect((await h.call("GET", `/tee-time/${pending.slotId}`)).json.status).toBe("OPEN");
    expect((await h.call("POST", `/order/${pending.id}/confirm`)).json.code).toBe("INVALID_STATE");
    expect((await h.call("GET", `/order/${paid.id}`)).json.status).toBe("PAID");
    const history = h.sandbox.reservations()[0]!.history;
    expect(history.at(-1)).toEqual({ status: "CANCEL", reserveStatus: "CANCEL", at: NOW + ttl, reason: "expired" });
  });
});
