import { describe, expect, it } from "vitest";
import { HOUR, NOW, TODAY, TOMORROW, start, type Json } from "./helpers.js";

const COURSE_FIELDS = [
  "id",
  "name",
  "nameTH",
  "place",
  "status",
  "type",
  "timeZone",
  "lat",
  "lon",
  "images",
  "openingHours",
  "address",
  "website",
];
const SLOT_FIELDS = [
  "id",
  "status",
  "startDate",
  "startDateString",
  "price",
  "courseId",
  "priceType",
  "minPerson",
  "maxPerson",
];
const START_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0700$/;

/** Local hh:mm of a +0700 startDateString. */
const hhmm = (s: string): string => s.slice(11, 16);

describe("courses", () => {
  it("lists at least eight courses around Thailand's golf regions with the list fields", async () => {
    const { call } = await start();
    const { status, json } = await call("GET", "/course");
    expect(status).toBe(200);
    expect(json.length).toBeGreaterThanOrEqual(8);
    for (const c of json) {
      expect(Object.keys(c).sort()).toEqual([...COURSE_FIELDS, "minPriceWeekday", "minPriceWeekend"].sort());
      expect(c.id).toMatch(/^[0-9a-f]{24}$/);
      expect(c.nameTH).toMatch(/[\u0E00-\u0E7F]{3,}/);
      expect(c.type).toBe("NORMAL");
      expect(c.timeZone).toBe("Asia/Bangkok");
      expect(["OPEN", "CLOSED"]).toContain(c.status);
      expect(typeof c.lat).toBe("string");
      const [lat, lon] = [Number(c.lat), Number(c.lon)];
      expect(lat).toBeGreaterThan(5.5); // inside Thailand
      expect(lat).toBeLessThan(20.5);
      expect(lon).toBeGreaterThan(97.3);
      expect(lon).toBeLessThan(105.7);
      expect(c.website).toMatch(/^https:\/\/example-/);
      expect(Number.isInteger(c.minPriceWeekday)).toBe(true);
      expect(c.minPriceWeekend).toBeGreaterThanOrEqual(c.minPriceWeekday);
    }
    const places = json.map((c: { place: string }) => c.place).join(" | ");
    for (const region of ["Bangkok", "Pattaya", "Hua Hin", "Chiang Mai", "Phuket"]) expect(places).toContain(region);
    expect(json.some((c: { images: string[] }) => c.images.length > 0)).toBe(true);
    expect(json.some((c: { images: string[] }) => c.images.length === 0)).toBe(true);
    expect(new Set(json.map((c: { id: string }) => c.id)).size).toBe(json.length);
  });

  it("names the weekend minimum minWeekendPrice in that variant", async () => {
    const { call } = await start({ variants: { weekendPriceField: "minWeekendPrice" } });
    const [first] = (await call("GET", "/course")).json;
    expect(first).toHaveProperty("minWeekendPrice");
    expect(first).not.toHaveProperty("minPriceWeekend");
  });

  it("reads one course with the first thirteen fields only, 404 for an unknown id", async () => {
    const { call } = await start();
    const list = (await call("GET", "/course")).json;
    const one = await call("GET", `/course/${list[2].id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.json)).toEqual(COURSE_FIELDS);
    const { minPriceWeekday: _a, minPriceWeekend: _b, ...rest } = list[2];
    expect(one.json).toEqual(rest);
    const missing = await call("GET", "/course/ffffffffffffffffffffffff");
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("NOT_FOUND");
  });

  it("reports minimum prices that match the cheapest tee times", async () => {
    const { call } = await start();
    const course = (await call("GET", "/course")).json[0];
    const weekday = (await call("GET", `/tee-time?courseId=${course.id}&date=${TOMORROW}`)).json;
    const weekend = (await call("GET", `/tee-time?courseId=${course.id}&date=2026-11-28`)).json;
    expect(weekday[0].priceType).toBe("WEEKDAY");
    expect(weekend[0].priceType).toBe("WEEKEND");
    expect(Math.min(...weekday.map((s: { price: number }) => s.price))).toBe(course.minPriceWeekday);
    expect(Math.min(...weekend.map((s: { price: number }) => s.price))).toBe(course.minPriceWeekend);
  });
});

describe("tee-time list", () => {
  it("lists one course-local day sorted by start, with consistent fields", async () => {
    const { call, sandbox } = await start();
    for (const course of sandbox.courses()) {
      const { status, json } = await call("GET", `/tee-time?courseId=${course.id}&date=${TOMORROW}`);
      expect(status).toBe(200);
      expect(json.length).toBeGreaterThan(40);
      const gaps = new Set<number>();
      for (const [i, s] of json.entries()) {
        const keys = Object.keys(s);
        expect(keys.slice(0, SLOT_FIELDS.length)).toEqual(SLOT_FIELDS);
        expect(keys.length === SLOT_FIELDS.length || keys.length === SLOT_FIELDS.length + 2).toBe(true);
        expect(s.id.length).toBeLessThanOrEqual(24);
        expect(s.id).toMatch(/^[\x21-\x7e]+$/);
        expect(s.courseId).toBe(course.id);
        expect(s.startDateString).toMatch(START_TEXT);
        expect(s.startDateString.slice(0, 10)).toBe(TOMORROW);
        expect(Date.parse(s.startDateString.replace(/(\d\d)(\d\d)$/, "$1:$2"))).toBe(s.startDate);
        expect(hhmm(s.startDateString) >= "05:30" && hhmm(s.startDateString) <= "16:00").toBe(true);
        expect(s.price).toBeGreaterThanOrEqual(500_00);
        expect(s.price).toBeLessThanOrEqual(6_500_00);
        expect(s.minPerson).toBeGreaterThanOrEqual(1);
        expect(s.maxPerson).toBeGreaterThanOrEqual(s.minPerson);
        if (i > 0) gaps.add((s.startDate - json[i - 1].startDate) / 60_000);
      }
      expect(gaps.size).toBe(1); // a course-specific interval
      const [gap] = [...gaps];
      expect(gap).toBeGreaterThanOrEqual(6);
      expect(gap).toBeLessThanOrEqual(12);
      expect(gap).toBe(course.interval);
      expect(json[0].startDate).toBe(Date.parse(`${TOMORROW}T00:00:00+07:00`) + course.firstTee * 60_000);
      expect(json.at(-1).startDate).toBeLessThanOrEqual(
        Date.parse(`${TOMORROW}T00:00:00+07:00`) + course.lastTee * 60_000,
      );
    }
    // Tee intervals and first tees vary from course to course.
    const courses = sandbox.courses();
    expect(new Set(courses.map((c) => c.interval)).size).toBeGreaterThan(3);
    expect(new Set(courses.map((c) => c.firstTee)).size).toBeGreaterThan(3);
  });

  it("varies status, persons and caddy fields the way the seed says", async () => {
    const { call, sandbox } = await start();
    const counts = { OPEN: 0, CLOSED: 0, BOOKED: 0 } as Record<string, number>;
    const ranges = new Set<string>();
    const caddy = new Map<string, boolean>();
    // Courses at the default demand (test/local/sandbox/tee-times.test.ts covers the popular ones).
    const open = sandbox.courses().filter((c) => c.status === "OPEN" && c.demand === undefined);
    for (const course of open) {
      for (const date of ["2026-11-25", "2026-11-26", "2026-11-28", "2026-12-01"]) {
        for (const s of (await call("GET", `/tee-time?courseId=${course.id}&date=${date}`)).json) {
          counts[s.status] = (counts[s.status] ?? 0) + 1;
          ranges.add(`${s.minPerson}-${s.maxPerson}`);
          caddy.set(course.id, "caddyPrice" in s && typeof s.freeCaddy === "boolean");
        }
      }
    }
    const total = counts.OPEN! + counts.CLOSED! + counts.BOOKED!;
    expect(counts.CLOSED! / total).toBeGreaterThan(0.05);
    expect(counts.CLOSED! / total).toBeLessThan(0.15);
    expect(counts.BOOKED! / total).toBeGreaterThan(0.05);
    expect(counts.BOOKED! / total).toBeLessThan(0.15);
    expect([...ranges].sort()).toEqual(["1-4", "2-4", "3-4"]);
    expect([...caddy.values()]).toContain(true);
    expect([...caddy.values()]).toContain(false);
  });

  it("prices weekends and Thai public holidays differently from weekdays", async () => {
    const { call } = await start();
    const course = "65c15f5980f162433cb3788f"; // has a holiday rate
    const first = async (date: string): Promise<Json> =>
      (await call("GET", `/tee-time?courseId=${course}&date=${date}`)).json[0];
    const [weekday, weekend, holiday] = await Promise.all([
      first("2026-11-24"),
      first("2026-11-28"),
      first("2026-12-10"),
    ]);
    expect([weekday.priceType, weekend.priceType, holiday.priceType]).toEqual(["WEEKDAY", "WEEKEND", "HOLIDAY"]);
    expect(weekend.price).toBeGreaterThan(weekday.price);
    expect(holiday.price).toBeGreaterThan(weekend.price);
  });

  it("closes slots that have started, per the clock in +07:00", async () => {
    const { call, setNow } = await start();
    const path = `/tee-time?courseId=65a0c3e10a1aec32662c0684&date=${TODAY}`;
    const before = (await call("GET", path)).json;
    for (const s of before) if (s.startDate <= NOW) expect(s.status).toBe("CLOSED");
    const later = before.filter((s: { startDate: number }) => s.startDate > NOW);
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((s: { status: string }) => s.status === "OPEN")).toBe(true);
    setNow(NOW + 2 * HOUR);
    const after = (await call("GET", path)).json;
    const newlyStarted = after.filter((s: { startDate: number }) => s.startDate > NOW && s.startDate <= NOW + 2 * HOUR);
    expect(newlyStarted.length).toBeGreaterThan(0);
    for (const s of newlyStarted) expect(s.status).toBe("CLOSED");
  });

  it("answers past dates with every slot CLOSED and dates beyond +35 days with []", async () => {
    const { call } = await start();
    const base = "/tee-time?courseId=65a0c3e10a1aec32662c0684&date=";
    const past = (await call("GET", `${base}2026-11-20`)).json;
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((s: { status: string }) => s.status === "CLOSED")).toBe(true);
    expect((await call("GET", `${base}2026-12-28`)).json.length).toBeGreaterThan(0); // today + 35
    expect((await call("GET", `${base}2026-12-29`)).json).toEqual([]);
  });

  it("computes today in the course time zone, not UTC", async () => {
    // 17:30 UTC on the 23rd is 00:30 on the 24th in Bangkok: the window ends on 2026-12-29.
    const { call } = await start({ clock: () => Date.UTC(2026, 10, 23, 17, 30) });
    const base = "/tee-time?courseId=65a0c3e10a1aec32662c0684&date=";
    expect((await call("GET", `${base}2026-12-29`)).json.length).toBeGreaterThan(0);
    expect((await call("GET", `${base}2026-12-30`)).json).toEqual([]);
    const today = (await call("GET", `${base}2026-11-24`)).json;
    expect(today.some((s: { status: string }) => s.status === "OPEN")).toBe(true);
    expect((await call("GET", `${base}2026-11-23`)).json.every((s: { status: string }) => s.status === "CLOSED")).toBe(
      true,
    );
  });

  it("shows every slot of a CLOSED course as CLOSED", async () => {
    const { call, sandbox } = await start();
    const closed = sandbox.courses().find((c) => c.status === "CLOSED")!;
    const list = (await call("GET", `/tee-time?courseId=${closed.id}&date=${TOMORROW}`)).json;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s: { status: string }) => s.status === "CLOSED")).toBe(true);
  });

  it.each([
    ["no courseId", `date=${TOMORROW}`, 400, "VALIDATION"],
    ["no date", "courseId=65a0c3e10a1aec32662c0684", 400, "VALIDATION"],
    ["a date in another format", "courseId=65a0c3e10a1aec32662c0684&date=24-11-2026", 400, "VALIDATION"],
    ["an impossible date", "courseId=65a0c3e10a1aec32662c0684&date=2026-02-30", 400, "VALIDATION"],
    ["an unknown course", `courseId=ffffffffffffffffffffffff&date=${TOMORROW}`, 404, "NOT_FOUND"],
  ])("rejects %s", async (_label, query, status, code) => {
    const { call } = await start();
    const reply = await call("GET", `/tee-time?${query}`);
    expect(reply.status).toBe(status);
    expect(reply.json).toMatchObject({ statusCode: status, code });
    expect(typeof reply.json.message).toBe("string");
  });
});

describe("single tee-time read", () => {
  it("adds actualMaxPerson, persons, isParty and isPartyAble and omits the caddy fields", async () => {
    const { call } = await start();
    const list = (await call("GET", `/tee-time?courseId=65a0c3e10a1aec32662c0684&date=${TOMORROW}`)).json;
    const open = list.find((s: { status: string }) => s.status === "OPEN");
    const booked = list.find((s: { status: string }) => s.status === "BOOKED");
    expect(open.caddyPrice).toBeDefined();
    const one = (await call("GET", `/tee-time/${open.id}`)).json;
    expect(Object.keys(one)).toEqual([...SLOT_FIELDS, "actualMaxPerson", "persons", "isParty", "isPartyAble"]);
    const { freeCaddy: _f, caddyPrice: _c, ...base } = open;
    expect(one).toMatchObject(base);
    expect(one.persons).toBe(0);
    expect(one.actualMaxPerson).toBe(one.maxPerson);
    const taken = (await call("GET", `/tee-time/${booked.id}`)).json;
    expect(taken.persons).toBeGreaterThanOrEqual(taken.minPerson);
    expect(taken.actualMaxPerson).toBe(taken.maxPerson - taken.persons);
    expect(typeof taken.isParty).toBe("boolean");
  });

  it("resolves an id whose date was never listed, and 404s unknown or forged ids", async () => {
    const { call, sandbox } = await start();
    const slot = sandbox.slots("65b9387bd6d686f96deef6dd", "2026-12-20")[5]!;
    expect(sandbox.requests.length).toBe(0);
    const one = await call("GET", `/tee-time/${slot.id}`);
    expect(one.status).toBe(200);
    expect(one.json.startDateString).toBe("2026-12-20T07:15:00+0700");
    const forged = slot.id.slice(0, -1) + (slot.id.endsWith("0") ? "1" : "0");
    for (const id of [forged, "nope", "ffffffffffffffffffff"]) {
      const r = await call("GET", `/tee-time/${id}`);
      expect(r.status).toBe(404);
      expect(r.json.code).toBe("NOT_FOUND");
    }
  });
});

describe("determinism, money unit and variants", () => {
  const script = async (h: Awaited<ReturnType<typeof start>>) => {
    const out: string[] = [];
    out.push((await h.call("GET", "/course")).text);
    out.push((await h.call("GET", `/tee-time?courseId=65a8eabff4ad2ad91ab15be1&date=${TOMORROW}`)).text);
    const created = await h.reserve();
    out.push(created.text);
    out.push((await h.call("POST", `/order/${created.json.id}/confirm`)).text);
    out.push((await h.call("GET", "/balance")).text);
    return out;
  };

  it("gives byte-identical answers for the same seed and clock", async () => {
    const a = await script(await start({ seed: 7, variants: { timestamps: "mixed" } }));
    const b = await script(await start({ seed: 7, variants: { timestamps: "mixed" } }));
    expect(a).toEqual(b);
    const c = await script(await start({ seed: 8, variants: { timestamps: "mixed" } }));
    expect(c[0]).toBe(a[0]); // the courses do not depend on the seed
    expect(c[1]).not.toBe(a[1]);
    expect(c[2]).not.toBe(a[2]);
  });

  it("expresses money in baht when asked, and the balance always in satang", async () => {
    const satang = await start();
    const baht = await start({ moneyUnit: "baht" });
    const path = `/tee-time?courseId=65a0c3e10a1aec32662c0684&date=${TOMORROW}`;
    const [s, b] = [(await satang.call("GET", path)).json, (await baht.call("GET", path)).json];
    expect(b.map((x: { price: number }) => x.price * 100)).toEqual(s.map((x: { price: number }) => x.price));
    expect(b[0].caddyPrice * 100).toBe(s[0].caddyPrice);
    const [cs, cb] = [(await satang.call("GET", "/course")).json[0], (await baht.call("GET", "/course")).json[0]];
    expect(cb.minPriceWeekday * 100).toBe(cs.minPriceWeekday);
    const created = await baht.reserve({ persons: 2 });
    const price = b.find((x: { id: string }) => x.id === created.json.slotId).price;
    expect(created.json.amount).toBe(price * 2);
    await baht.call("POST", `/order/${created.json.id}/confirm`);
    expect((await baht.call("GET", "/balance")).json.balance).toBe(10_000_000 - price * 2 * 100);
  });

  it.each([
    ["Z", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/],
    ["+07:00", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+07:00$/],
    ["+0700", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0700$/],
  ] as const)("writes createdAt/updatedAt with offset %s", async (timestamps, pattern) => {
    const h = await start({ variants: { timestamps } });
    const { json } = await h.reserve();
    expect(json.createdAt).toMatch(pattern);
    expect(json.updatedAt).toMatch(pattern);
    expect(Date.parse(json.createdAt.replace(/\+0700$/, "+07:00"))).toBe(NOW);
  });

  it("mixes offset forms and precisions in the mixed variant, always the same instant", async () => {
    const h = await start({ variants: { timestamps: "mixed" } });
    const { json } = await h.reserve();
    const stamps: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = (await h.call("GET", `/order/${json.id}`)).json;
      stamps.push(r.createdAt, r.updatedAt);
    }
    const offsets = new Set(stamps.map((s) => /(Z|[+-]\d\d:?\d\d)$/.exec(s)![1]));
    const fractions = new Set(stamps.map((s) => /(?:\.(\d+))?(?:Z|[+-])/.exec(s.slice(19))?.[1]?.length ?? 0));
    expect(offsets).toEqual(new Set(["Z", "+07:00", "+0700"]));
    expect(fractions).toEqual(new Set([0, 2, 3, 6]));
    for (const s of stamps) {
      const iso = s.replace(/\+0700$/, "+07:00").replace(/\.(\d{3})\d{3}/, ".$1");
      expect(Date.parse(iso)).toBe(NOW);
    }
  });

  it("omits optional fields in the omitOptional variant", async () => {
    const h = await start({ variants: { omitOptional: true } });
    const list = (await h.call("GET", `/tee-time?courseId=65a0c3e10a1aec32662c0684&date=${TOMORROW}`)).json;
    expect(Object.keys(list[0])).toEqual(SLOT_FIELDS);
    expect(Object.keys((await h.call("GET", `/tee-time/${list[0].id}`)).json)).toEqual(SLOT_FIELDS);
    const { json } = await h.reserve();
    for (const key of ["agencyName", "courseName", "walletId", "priceAfterDiscount", "reserveId"]) {
      expect(json).not.toHaveProperty(key);
    }
    expect(json.reserve).not.toHaveProperty("golf");
    expect(json).toMatchObject({ status: "PENDING", reserve: { status: "BOOKING", svcInvoiceId: "" } });
  });

  it("adds unknown fields in the extraFields variant", async () => {
    const h = await start({ variants: { extraFields: true } });
    expect((await h.call("GET", "/course")).json[0]).toHaveProperty("holes", 18);
    expect((await h.call("GET", "/balance")).json).toMatchObject({ balance: 10_000_000, currency: "THB" });
    const { json } = await h.reserve();
    expect(json).toMatchObject({ currency: "THB", discountCode: null });
  });
});
