import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/partner/http.js";
import { schemasFor } from "../../src/partner/schemas/index.js";

const satang = schemasFor("satang");
const baht = schemasFor("baht");

const course = {
  id: "65a0c3e10a1aec32662c0684",
  name: "Bangkok Riverside Golf Club",
  nameTH: "สนามกอล์ฟบางกอก ริเวอร์ไซด์",
  place: "Pathum Thani",
  status: "OPEN",
  type: "NORMAL",
  timeZone: "Asia/Bangkok",
  lat: "14.0208",
  lon: "100.5251",
  images: ["https://x/1.jpg"],
  openingHours: "Daily",
  address: "99 Moo 3",
  website: "https://x",
};

const teeTime = {
  id: "t1",
  status: "OPEN",
  startDate: 1795388880000,
  startDateString: "2026-11-23T06:08:00+0700",
  price: 250000,
  courseId: "c1",
  priceType: "WEEKDAY",
  minPerson: 1,
  maxPerson: 4,
};

const reservation = {
  id: "r1",
  status: "PENDING",
  txNo: "TX20261122000001",
  agencyId: "a1",
  agencyName: "Agency",
  slotId: "t1",
  courseId: "c1",
  courseName: "Course",
  walletId: "w1",
  customerName: "Somchai",
  customerEmail: "s@example.com",
  customerMobile: "0812345678",
  amount: 500000,
  priceAfterDiscount: 500000,
  reserveId: "rs1",
  reserve: {
    id: "rs1",
    code: "GTABC123",
    svcInvoiceId: "",
    status: "BOOKING",
    golf: { slotTime: 1795388880000, slotTimeString: "2026-11-23T06:08:00+0700", persons: 2, carts: 1, caddies: 2 },
  },
  createdAt: "2026-11-22T10:00:00.123Z",
  updatedAt: "2026-11-22T17:00:00.123+07:00",
};

const failPath = (schema: v.GenericSchema, input: unknown): string => {
  const result = v.safeParse(schema, input);
  expect(result.success).toBe(false);
  return result.success ? "" : formatPath(result.issues[0].path);
};

describe("course schemas", () => {
  it("normalises a single course", () => {
    expect(v.parse(satang.course, course)).toEqual({ ...course, lat: 14.0208, lon: 100.5251 });
  });

  it("reads the weekend minimum under either name, converting money", () => {
    const [a, b] = v.parse(baht.courseList, [
      { ...course, minPriceWeekday: 2000, minPriceWeekend: 2800.5 },
      { ...course, minPriceWeekday: "2000", minWeekendPrice: 2800 },
    ]);
    expect(a).toMatchObject({ minPriceWeekday: 200_000, minPriceWeekend: 280_050 });
    expect(b).toMatchObject({ minPriceWeekday: 200_000, minPriceWeekend: 280_000 });
    expect(b).not.toHaveProperty("minWeekendPrice");
  });

  it("fills declared-but-absent fields and ignores unknown ones", () => {
    const out = v.parse(satang.course, { id: "c1", name: "N", holes: 18, __v: 0 });
    expect(out).toEqual({
      id: "c1",
      name: "N",
      nameTH: "",
      place: "",
      status: "",
      type: "",
      timeZone: "Asia/Bangkok",
      lat: null,
      lon: null,
      images: [],
      openingHours: "",
      address: "",
      website: "",
    });
  });

  it("turns unparsable coordinates into null", () => {
    const out = v.parse(satang.course, { ...course, lat: "north", lon: "" });
    expect([out.lat, out.lon]).toEqual([null, null]);
    expect(v.parse(satang.course, { ...course, lat: 13.7, lon: null })).toMatchObject({ lat: 13.7, lon: null });
    expect(v.parse(satang.course, { ...course, lat: "95" }).lat).toBeNull();
  });

  it("names the failing path", () => {
    expect(failPath(satang.courseList, [course, { ...course, name: 5 }])).toBe("$[1].name");
    expect(failPath(satang.courseList, [{ ...course, minPriceWeekday: "cheap" }])).toBe("$[0].minPriceWeekday");
    expect(failPath(satang.courseList, { data: [] })).toBe("$");
  });
});

describe("tee-time schemas", () => {
  it("normalises the list form", () => {
    expect(v.parse(satang.teeTimeList, [teeTime])).toEqual([
      {
        id: "t1",
        status: "OPEN",
        courseId: "c1",
        startsAt: 1795388880000,
        startDateString: "2026-11-23T06:08:00+0700",
        offsetMinutes: 420,
        price: 250000,
        priceType: "WEEKDAY",
        minPerson: 1,
        maxPerson: 4,
      },
    ]);
  });

  it("keeps the single form's extra fields and optional caddy fields", () => {
    const out = v.parse(baht.teeTime, {
      ...teeTime,
      price: 2500,
      caddyPrice: 400,
      freeCaddy: false,
      actualMaxPerson: 2,
      persons: 2,
      isParty: false,
      isPartyAble: "true",
    });
    expect(out).toMatchObject({
      price: 250_000,
      caddyPrice: 40_000,
      freeCaddy: false,
      actualMaxPerson: 2,
      persons: 2,
      isParty: false,
      isPartyAble: true,
    });
  });

  it("coerces numeric strings where harmless", () => {
    const out = v.parse(satang.teeTime, {
      ...teeTime,
      startDate: "1795388880000",
      price: "250000",
      minPerson: "2",
      maxPerson: "4",
    });
    expect(out).toMatchObject({ startsAt: 1795388880000, price: 250000, minPerson: 2, maxPerson: 4 });
  });

  it("derives the start from either field", () => {
    const noMs = v.parse(satang.teeTime, { ...teeTime, startDate: undefined });
    expect(noMs.startsAt).toBe(1795388880000);
    const noText = v.parse(satang.teeTime, { ...teeTime, startDateString: null });
    expect(noText).toMatchObject({ startDateString: "2026-11-23T06:08:00+0700", offsetMinutes: 420 });
    expect(failPath(satang.teeTime, { ...teeTime, startDate: undefined, startDateString: undefined })).toBe(
      "$.startDate",
    );
    expect(failPath(satang.teeTimeList, [{ ...teeTime, startDateString: "tomorrow" }])).toBe("$[0].startDateString");
  });

  it("rejects impossible money and counts", () => {
    expect(failPath(satang.teeTime, { ...teeTime, price: -1 })).toBe("$.price");
    expect(failPath(satang.teeTime, { ...teeTime, price: "NaN" })).toBe("$.price");
    expect(failPath(satang.teeTime, { ...teeTime, price: 2 ** 53 })).toBe("$.price");
    expect(failPath(satang.teeTime, { ...teeTime, minPerson: 1.5 })).toBe("$.minPerson");
    expect(failPath(satang.teeTime, { ...teeTime, status: 0 })).toBe("$.status");
  });
});

describe("reservation schema", () => {
  it("normalises a create answer", () => {
    const out = v.parse(satang.reservation, reservation);
    expect(out).toMatchObject({
      id: "r1",
      status: "PENDING",
      amount: 500000,
      createdAt: Date.UTC(2026, 10, 22, 10, 0, 0, 123),
      updatedAt: Date.UTC(2026, 10, 22, 10, 0, 0, 123),
      reserve: { id: "rs1", code: "GTABC123", invoiceId: "", status: "BOOKING", golf: { persons: 2 } },
    });
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it("accepts the confirm answer without reserve.id and code", () => {
    const { id: _id, code: _code, ...inner } = reservation.reserve;
    const out = v.parse(baht.reservation, {
      ...reservation,
      status: "PAID",
      amount: 5000,
      reserve: { ...inner, status: "PAID", svcInvoiceId: "INV1", paidAt: 1795300000000 },
    });
    expect(out.amount).toBe(500_000);
    expect(out.reserve).toEqual({
      invoiceId: "INV1",
      status: "PAID",
      paidAt: 1795300000000,
      golf: reservation.reserve.golf,
    });
  });

  it("reads the partner's published shape: the invoice id as gdInvoiceId, timestamps in hundredths", () => {
    // A confirm answer as the partner's published API writes it (its brand prefix on the invoice id,
    // two fraction digits); our copy of the spec writes svcInvoiceId.
    const { id: _id, code: _code, svcInvoiceId: _svc, ...inner } = reservation.reserve;
    const published = {
      ...reservation,
      status: "PAID",
      reserve: { ...inner, status: "PAID", gdInvoiceId: "IV2405010001", paidAt: 1714532646860 },
      createdAt: "2024-05-01T03:04:06.86Z",
      updatedAt: "2024-05-01T03:04:07.1Z",
    };
    const out = v.parse(satang.reservation, published);
    expect(out.reserve?.invoiceId).toBe("IV2405010001");
    expect(out.createdAt).toBe(Date.UTC(2024, 4, 1, 3, 4, 6, 860));
    expect(out.updatedAt).toBe(Date.UTC(2024, 4, 1, 3, 4, 7, 100));
    expect(out.reserve).not.toHaveProperty("gdInvoiceId");
  });

  it.each([
    [{ svcInvoiceId: "INV1" }, "INV1"],
    [{ gdInvoiceId: "INV2" }, "INV2"],
    [{ gdInvoiceId: "", svcInvoiceId: "INV3" }, "INV3"],
    [{ gdInvoiceId: "INV4", svcInvoiceId: "" }, "INV4"],
    [{ gdInvoiceId: "INV5", svcInvoiceId: "OTHER" }, "INV5"],
    [{ gdInvoiceId: null, svcInvoiceId: " " }, ""],
    [{}, ""],
  ])("takes the invoice id from whichever name is not empty: %o", (fields, invoiceId) => {
    const { svcInvoiceId: _svc, ...inner } = reservation.reserve;
    const out = v.parse(satang.reservation, { ...reservation, reserve: { ...inner, ...fields } });
    expect(out.reserve?.invoiceId).toBe(invoiceId);
  });

  it("accepts every timestamp form", () => {
    for (const stamp of [
      "2026-11-22T10:00:00Z",
      "2026-11-22T17:00:00+07:00",
      "2026-11-22T17:00:00+0700",
      "2026-11-22T17:00:00.000000+0700",
    ]) {
      expect(v.parse(satang.reservation, { ...reservation, createdAt: stamp }).createdAt).toBe(
        Date.UTC(2026, 10, 22, 10),
      );
    }
    expect(failPath(satang.reservation, { ...reservation, updatedAt: "yesterday" })).toBe("$.updatedAt");
  });

  it("leaves out absent optional fields", () => {
    const {
      agencyName: _a,
      courseName: _c,
      walletId: _w,
      priceAfterDiscount: _p,
      reserveId: _r,
      reserve: _rs,
      ...minimal
    } = reservation;
    const out = v.parse(satang.reservation, { ...minimal, customerId: null, additionGolfer: null });
    expect(Object.keys(out).sort()).toEqual(
      [
        "id",
        "status",
        "txNo",
        "agencyId",
        "slotId",
        "courseId",
        "customerName",
        "customerEmail",
        "customerMobile",
        "amount",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
  });

  it("names nested failing paths", () => {
    expect(
      failPath(satang.reservation, { ...reservation, reserve: { ...reservation.reserve, golf: { persons: "two" } } }),
    ).toBe("$.reserve.golf.persons");
    expect(failPath(satang.reservation, { ...reservation, amount: undefined })).toBe("$.amount");
    expect(failPath(satang.reservation, "oops")).toBe("$");
  });
});

describe("balance schema", () => {
  it("is satang whatever the money unit", () => {
    expect(v.parse(baht.balance, { balance: 10_000_000, currency: "THB" })).toEqual({ balance: 10_000_000 });
    expect(v.parse(satang.balance, { balance: "-500" })).toEqual({ balance: -500 });
    expect(failPath(satang.balance, { balance: 1.5e300 })).toBe("$.balance");
    expect(failPath(satang.balance, {})).toBe("$.balance");
  });
});
