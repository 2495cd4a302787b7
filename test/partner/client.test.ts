import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPartnerClient, type PartnerClient } from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { FIXED_NOW, clientFor, customer, openSlot, startSandbox, urlOf } from "./helpers.js";

let sandbox: Sandbox;
let client: PartnerClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

describe("courses", () => {
  it("lists every course with its minimum prices in satang", async () => {
    const courses = await client.listCourses();
    expect(courses.map((c) => c.id)).toEqual(sandbox.courses().map((c) => c.id));
    for (const c of courses) {
      expect(Number.isSafeInteger(c.minPriceWeekday)).toBe(true);
      expect(Number.isSafeInteger(c.minPriceWeekend)).toBe(true);
      expect(c.timeZone).toBe("Asia/Bangkok");
      expect(typeof c.lat).toBe("number");
      expect(typeof c.lon).toBe("number");
    }
    const seed = sandbox.courses()[0]!;
    expect(courses[0]).toMatchObject({
      name: seed.name,
      nameTH: seed.nameTH,
      lat: Number(seed.lat),
      lon: Number(seed.lon),
      images: seed.images,
    });
  });

  it("reads one course, without minimum prices", async () => {
    const [first] = await client.listCourses();
    const course = await client.getCourse(first!.id);
    const { minPriceWeekday: _d, minPriceWeekend: _e, ...rest } = first!;
    expect(course).toEqual(rest);
    expect(sandbox.count("GET", /\/api\/v1\/ext\/course\/[0-9a-f]+$/)).toBe(1);
  });
});

describe("tee times", () => {
  it("lists the tee times of a course on a date", async () => {
    const { slot, date } = openSlot(sandbox);
    const list = await client.listTeeTimes(slot.course.id, date);
    const expected = sandbox.slots(slot.course.id, date);
    expect(list.map((t) => t.id)).toEqual(expected.map((s) => s.id));
    const mine = list.find((t) => t.id === slot.id)!;
    expect(mine).toMatchObject({
      status: "OPEN",
      courseId: slot.course.id,
      startsAt: slot.startMs,
      offsetMinutes: 420,
      price: slot.price,
      priceType: slot.priceType,
      minPerson: slot.minPerson,
      maxPerson: slot.maxPerson,
    });
    expect(mine.startDateString).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0700$/);
    expect(sandbox.requests.at(-1)?.query).toBe(`?courseId=${slot.course.id}&date=${date}`);
  });

  it("reads one tee time with its occupancy", async () => {
    const { slot } = openSlot(sandbox);
    const t = await client.getTeeTime(slot.id);
    expect(t).toMatchObject({
      id: slot.id,
      status: "OPEN",
      persons: 0,
      actualMaxPerson: slot.maxPerson,
      price: slot.price,
    });
    expect(typeof t.isPartyAble).toBe("boolean");
  });

  it("refuses a malformed date before calling", async () => {
    const before = sandbox.requests.length;
    await expect(client.listTeeTimes("c1", "2026-11-31")).rejects.toThrow(TypeError);
    await expect(client.listTeeTimes("", "2026-11-30")).rejects.toThrow(TypeError);
    expect(sandbox.requests.length).toBe(before);
  });
});

describe("reservations: every transition", () => {
  it("reserve → confirm → refund, with the balance debited and credited", async () => {
    const { slot } = openSlot(sandbox, 2);
    const start = sandbox.balance();

    const held = await client.reserve({ slotId: slot.id, persons: 2, ...customer });
    expect(held).toMatchObject({
      status: "PENDING",
      slotId: slot.id,
      courseId: slot.course.id,
      amount: slot.price * 2,
      ...customer,
    });
    expect(held.reserve).toMatchObject({ status: "BOOKING", invoiceId: "" });
    expect(held.reserve?.id).toEqual(expect.any(String));
    expect(held.reserve?.code).toEqual(expect.any(String));
    expect(held.createdAt).toBe(FIXED_NOW);
    expect(held).not.toHaveProperty("reconciled");
    expect((await client.getTeeTime(slot.id)).status).toBe("BOOKED");

    const paid = await client.confirm(held.id);
    expect(paid.status).toBe("PAID");
    expect(paid.reserve).toMatchObject({ status: "PAID", paidAt: FIXED_NOW });
    expect(paid.reserve?.invoiceId).not.toBe("");
    expect(paid.reserve).not.toHaveProperty("id");
    expect(paid.reserve).not.toHaveProperty("code");
    expect(sandbox.balance()).toBe(start - held.amount);
    expect(await client.getBalance()).toEqual({ balance: start - held.amount });

    const refunded = await client.refund(held.id);
    expect(refunded.status).toBe("REFUND");
    expect(refunded.reserve).toMatchObject({ status: "CANCEL", price: held.amount, refundAt: FIXED_NOW });
    expect(sandbox.balance()).toBe(start);
    expect((await client.getTeeTime(slot.id)).status).toBe("OPEN");

    const read = await client.getReservation(held.id);
    expect(read).toMatchObject({
      id: held.id,
      status: "REFUND",
      reserve: { id: held.reserve!.id, code: held.reserve!.code },
    });
  });

  it("reserve → release frees the slot and spends nothing", async () => {
    const { slot } = openSlot(sandbox, 2);
    const start = sandbox.balance();
    const held = await client.reserve({ slotId: slot.id, persons: 2, ...customer });
    const released = await client.release(held.id);
    expect(released.status).toBe("CANCEL");
    expect(released.reserve).toMatchObject({ status: "CANCEL", invoiceId: "" });
    expect(sandbox.balance()).toBe(start);
    expect((await client.getTeeTime(slot.id)).status).toBe("OPEN");
    expect(sandbox.count("DELETE", /\/order\/[^/]+\/cancel$/)).toBe(1);
  });

  it("reads the balance in satang", async () => {
    sandbox.setBalance(123_456);
    expect(await client.getBalance()).toEqual({ balance: 123_456 });
  });
});

describe("requests", () => {
  it("sends Basic auth with the base64 of the key, and JSON bodies", async () => {
    const seen: { url: string; headers: Headers; body: unknown }[] = [];
    const spy = createPartnerClient({
      baseURL: `${sandbox.url}/`,
      apiKey: sandbox.apiKey,
      fetch: async (input, init) => {
        seen.push({ url: urlOf(input), headers: new Headers(init?.headers), body: init?.body });
        return fetch(input, init);
      },
    });
    const { slot } = openSlot(sandbox, 2);
    await spy.getBalance();
    await spy.reserve({ slotId: slot.id, persons: 2, ...customer });
    expect(seen[0]!.url).toBe(`${sandbox.url}/api/v1/ext/balance`);
    expect(seen[0]!.headers.get("authorization")).toBe(`Basic ${Buffer.from(sandbox.apiKey).toString("base64")}`);
    expect(seen[1]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[1]!.body as string)).toEqual({ slotId: slot.id, persons: 2, ...customer });
  });

  it("tolerates a trailing slash or the API prefix in baseURL", async () => {
    for (const baseURL of [
      `${sandbox.url}/`,
      `${sandbox.url}//`,
      `${sandbox.url}/api/v1/ext`,
      `${sandbox.url}/api/v1/ext/`,
    ]) {
      const c = createPartnerClient({ baseURL, apiKey: sandbox.apiKey });
      expect(await c.getBalance()).toEqual({ balance: sandbox.balance() });
    }
  });

  it("URL-encodes path segments", async () => {
    await expect(client.getReservation("a/b?c#d")).rejects.toMatchObject({ name: "PartnerNotFoundError" });
    expect(sandbox.requests.at(-1)?.path).toBe("/api/v1/ext/order/a%2Fb%3Fc%23d");
    expect(sandbox.requests.at(-1)?.query).toBe("");
  });

  it("validates its options", () => {
    expect(() => createPartnerClient({ baseURL: "not a url", apiKey: "k" })).toThrow(/baseURL/);
    expect(() => createPartnerClient({ baseURL: "http://x", apiKey: "" })).toThrow(/apiKey/);
    expect(() => createPartnerClient({ baseURL: "http://user:pw@x", apiKey: "k" })).toThrow(/credentials/);
    expect(() => createPartnerClient({ baseURL: "http://x", apiKey: "k", moneyUnit: "THB" as "baht" })).toThrow(
      TypeError,
    );
  });
});
