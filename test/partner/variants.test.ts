import { afterEach, describe, expect, it } from "vitest";
import type { PartnerClientOptions, Reservation } from "../../src/partner/index.js";
import type { Sandbox, SandboxOptions } from "../../src/local/sandbox/index.js";
import { FIXED_NOW, clientFor, customer, openSlot, startSandbox } from "./helpers.js";

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** Runs every endpoint against a sandbox with the given options and returns the normalised answers. */
async function tour(options: SandboxOptions, clientOptions: Partial<PartnerClientOptions> = {}) {
  const sandbox = await startSandbox(options);
  open.push(sandbox);
  const client = clientFor(sandbox, clientOptions);
  const courses = await client.listCourses();
  const course = await client.getCourse(courses[0]!.id);
  const { slot, date } = openSlot(sandbox, 2);
  const teeTimes = await client.listTeeTimes(slot.course.id, date);
  const teeTime = await client.getTeeTime(slot.id);
  const writes: Reservation[] = [];
  const a = await client.reserve({ slotId: slot.id, persons: 2, ...customer });
  writes.push(a, await client.confirm(a.id), await client.refund(a.id), await client.getReservation(a.id));
  const b = await client.reserve({ slotId: openSlot(sandbox, 2).slot.id, persons: 2, ...customer });
  writes.push(b, await client.release(b.id));
  const balance = await client.getBalance();
  return { courses, course, teeTimes, teeTime, writes, balance, slot };
}

describe("payload variants all normalise to the same values", () => {
  it("the weekend minimum under either name", async () => {
    const a = await tour({ variants: { weekendPriceField: "minPriceWeekend" } });
    const b = await tour({ variants: { weekendPriceField: "minWeekendPrice" } });
    expect(b.courses).toEqual(a.courses);
    expect(b.courses.every((c) => Number.isSafeInteger(c.minPriceWeekend))).toBe(true);
  });

  it.each(["Z", "+07:00", "+0700", "mixed"] as const)("timestamps written %s", async (timestamps) => {
    const t = await tour({ variants: { timestamps } });
    for (const r of t.writes) {
      expect(r.createdAt).toBe(FIXED_NOW);
      expect(r.updatedAt).toBe(FIXED_NOW);
    }
  });

  it("the invoice id under either name: empty after create and release, filled by the confirm", async () => {
    const spec = await tour({ variants: { invoiceField: "svcInvoiceId" } });
    const published = await tour({ variants: { invoiceField: "gdInvoiceId" } });
    const ids = (t: typeof spec) => t.writes.map((r) => r.reserve?.invoiceId);
    // create, confirm, refund, read; create, release
    expect(ids(published)).toEqual(ids(spec));
    expect(ids(published)).toEqual(["", expect.stringMatching(/^INV-/), ids(spec)[1], ids(spec)[1], "", ""]);
  });

  it("extra fields are ignored", async () => {
    const plain = await tour({});
    const extra = await tour({ variants: { extraFields: true } });
    expect(extra).toEqual(plain);
  });

  it("omitted optional fields are tolerated and left out", async () => {
    const t = await tour({ variants: { omitOptional: true } });
    expect(t.teeTime).not.toHaveProperty("persons");
    expect(t.teeTime).not.toHaveProperty("isPartyAble");
    expect(t.teeTimes.every((tt) => !("caddyPrice" in tt))).toBe(true);
    const [created] = t.writes;
    expect(created).not.toHaveProperty("courseName");
    expect(created).not.toHaveProperty("priceAfterDiscount");
    expect(created?.reserve).not.toHaveProperty("golf");
    expect(created).toMatchObject({ status: "PENDING", amount: t.slot.price * 2 });
  });

  it("money in baht reads as the same satang", async () => {
    const satang = await tour({ moneyUnit: "satang" });
    const baht = await tour({ moneyUnit: "baht" }, { moneyUnit: "baht" });
    expect(baht).toEqual(satang);
    expect(baht.teeTimes.some((t) => t.caddyPrice !== undefined)).toBe(true);
    expect(baht.writes[2]?.reserve?.price).toBe(baht.writes[0]?.amount);
  });

  it("a partial refund is reported in satang", async () => {
    const t = await tour({ moneyUnit: "baht", refundPercent: 33 }, { moneyUnit: "baht" });
    const amount = t.writes[0]!.amount;
    expect(t.writes[2]?.reserve?.price).toBe(Math.floor((amount * 33) / 100));
  });
});
