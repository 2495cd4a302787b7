/**
 * The search across courses against the sandbox over real HTTP: what it finds (every hit open, in
 * the future, for the party, in the window and under the price), by area and for a customer's course,
 * ranked three ways; and what it costs the partner: one tee-time read per course and date per minute,
 * shared with the course flow's reads, a bounded number in flight, and a course that fails named
 * without failing the search.
 */
import { afterEach, describe, expect, it } from "vitest";
import { wallClock } from "../../src/time/zoned.js";
import { createPartnerCatalog, type PartnerClient } from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { areaOfCourse, distanceKm } from "../../src/search/areas.js";
import type { SearchCriteria } from "../../src/search/criteria.js";
import { createTeeTimeSearch, rankHits } from "../../src/search/search.js";
import { FIXED_NOW, clientFor, startSandbox } from "../partner/helpers.js";

const TEE_TIMES = /\/tee-time$/;
/** The Saturday after FIXED_NOW (a Friday). */
const SATURDAY = "2026-11-21";

describe("searching tee times across courses", () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.close());

  async function setUp(options: { readsInFlight?: number; wrap?: (p: PartnerClient) => PartnerClient } = {}) {
    sandbox = await startSandbox();
    let now = FIXED_NOW;
    const client = clientFor(sandbox, { retries: 0 });
    const catalog = createPartnerCatalog({
      partner: options.wrap ? options.wrap(client) : client,
      now: () => now,
      ...(options.readsInFlight ? { maxReadsInFlight: options.readsInFlight } : {}),
    });
    const search = createTeeTimeSearch({ catalog });
    const run = (criteria: Partial<SearchCriteria>, courseIds?: string[]) =>
      search.run({ dates: [SATURDAY], players: 2, ...criteria }, { now, ...(courseIds ? { courseIds } : {}) });
    return { catalog, search, run, advance: (ms: number) => (now += ms) };
  }

  it("finds open tee times for the party at every open course, one tee-time read per course and date", async () => {
    const { run } = await setUp();
    const result = await run({ players: 4 });
    const open = sandbox.courses().filter((c) => c.status === "OPEN");
    expect(result.courses).toBe(open.length);
    expect(result.failed).toEqual([]);
    expect(new Set(result.hits.map((h) => h.course.id)).size).toBeGreaterThan(1);
    for (const hit of result.hits) {
      expect(hit.startsAt).toBeGreaterThan(FIXED_NOW);
      expect(hit.minPerson).toBeLessThanOrEqual(4);
      expect(hit.maxPerson).toBeGreaterThanOrEqual(4);
      expect(hit.date).toBe(SATURDAY);
    }
    expect(sandbox.count("GET", TEE_TIMES)).toBe(open.length);
    // Earliest first.
    const times = result.hits.map((h) => h.startsAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("within a minute, a second search and the course flow's read of the same day cost the partner nothing", async () => {
    const { run, catalog, advance } = await setUp();
    await run({});
    const reads = sandbox.count("GET", TEE_TIMES);
    advance(30_000);
    await run({ window: { from: 0, to: 600 } });
    await catalog.teeTimes(sandbox.courses()[0]!.id, SATURDAY);
    expect(sandbox.count("GET", TEE_TIMES)).toBe(reads);
    advance(31_000);
    await run({});
    expect(sandbox.count("GET", TEE_TIMES)).toBe(reads * 2);
  });

  it("two dates (this weekend) read each course once per date", async () => {
    const { run } = await setUp();
    const result = await run({ dates: [SATURDAY, "2026-11-22"] });
    expect(new Set(result.hits.map((h) => h.date))).toEqual(new Set([SATURDAY, "2026-11-22"]));
    expect(sandbox.count("GET", TEE_TIMES)).toBe(result.courses * 2);
  });

  it("keeps to the area, the time window (in the course's zone) and the top price", async () => {
    const { run } = await setUp();
    const all = await run({});
    const pattaya = await run({
      area: { kind: "area", id: "pattaya" },
      window: { from: 0, to: 600 },
      maxPrice: 250_000,
    });
    const inPattaya = sandbox
      .courses()
      .filter((c) => areaOfCourse({ ...c, lat: Number(c.lat), lon: Number(c.lon) })?.id === "pattaya");
    expect(inPattaya.length).toBeGreaterThan(0);
    expect(pattaya.courses).toBe(inPattaya.length);
    expect(pattaya.hits.length).toBeGreaterThan(0);
    for (const hit of pattaya.hits) {
      expect(inPattaya.map((c) => c.id)).toContain(hit.course.id);
      expect(wallClock(hit.startsAt, hit.course.timeZone).hour).toBeLessThan(10);
      expect(hit.price).toBeLessThanOrEqual(250_000);
    }
    // The filters did leave something out.
    expect(all.hits.some((h) => h.price > 250_000 || wallClock(h.startsAt, h.course.timeZone).hour >= 10)).toBe(true);
  });

  it("near a shared location: courses within 50 km, with their distance", async () => {
    const { run } = await setUp();
    const huaHin = { lat: 12.57, lon: 99.96 };
    const result = await run({ area: { kind: "near", ...huaHin } });
    expect(result.courses).toBeGreaterThan(0);
    for (const hit of result.hits) {
      expect(hit.distanceKm).toBeLessThanOrEqual(50);
      expect(hit.distanceKm).toBeCloseTo(distanceKm(huaHin, { lat: hit.course.lat!, lon: hit.course.lon! }), 0);
    }
  });

  it("a party larger than one tee time (/find's groups): consecutive open tee times at one course, split within their bounds, with the total", async () => {
    const { search } = await setUp();
    const criteria = { dates: [SATURDAY], players: 12 };
    const singles = await search.run(criteria, { now: FIXED_NOW });
    expect(singles.hits).toEqual([]);
    const result = await search.run(criteria, { now: FIXED_NOW, groups: true });
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      const flights = hit.group!.flights;
      expect(flights.map((f) => f.persons)).toEqual([4, 4, 4]);
      expect(hit.slotId).toBe(flights[0]!.slotId);
      expect(hit.group!.total).toBe(flights.reduce((sum, f) => sum + f.price * f.persons, 0));
      const open = sandbox.slots(hit.course.id, SATURDAY).filter((t) => t.status === "OPEN");
      for (const [i, f] of flights.entries()) {
        expect(open.map((t) => t.id)).toContain(f.slotId);
        if (i > 0) expect(f.startsAt - flights[i - 1]!.startsAt).toBeLessThanOrEqual(20 * 60_000);
      }
    }
    // Ten players: 4+3+3.
    const ten = await search.run({ dates: [SATURDAY], players: 10 }, { now: FIXED_NOW, groups: true });
    expect(ten.hits.every((h) => h.group!.flights.map((f) => f.persons).join("+") === "4+3+3")).toBe(true);
    // A party one tee time takes gets tee times, not groups.
    const four = await search.run({ dates: [SATURDAY], players: 4 }, { now: FIXED_NOW, groups: true });
    expect(four.hits.every((h) => h.group === undefined)).toBe(true);
  });

  it("a customer's search reads only their link's course", async () => {
    const { run } = await setUp();
    const course = sandbox.courses()[2]!;
    const result = await run({}, [course.id]);
    expect(result.courses).toBe(1);
    expect(new Set(result.hits.map((h) => h.course.id))).toEqual(new Set([course.id]));
    expect(sandbox.count("GET", TEE_TIMES)).toBe(1);
  });

  it("a course whose read fails is named, and the other courses' tee times are still found", async () => {
    const { run } = await setUp({ readsInFlight: 1 });
    sandbox.faults.add({ method: "GET", path: TEE_TIMES, kind: "status", status: 503, times: 1 });
    const result = await run({});
    expect(result.failed).toHaveLength(1);
    const failed = result.failed[0]!;
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.some((h) => h.course.id === failed.id)).toBe(false);
    expect(new Set(result.hits.map((h) => h.course.id)).size).toBe(result.courses - 1);
  });

  it("keeps at most the configured number of tee-time reads at the partner at once", async () => {
    let inFlight = 0;
    let most = 0;
    const { run } = await setUp({
      readsInFlight: 3,
      wrap: (client) => ({
        ...client,
        listTeeTimes: async (...args: Parameters<PartnerClient["listTeeTimes"]>) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            return await client.listTeeTimes(...args);
          } finally {
            inFlight -= 1;
          }
        },
      }),
    });
    sandbox.faults.set({ latencyMs: 20 });
    const result = await run({ dates: [SATURDAY, "2026-11-22"] });
    expect(result.failed).toEqual([]);
    expect(most).toBe(3);
  });

  it("ranks by time, by price, and by distance from the search's origin", async () => {
    const { run } = await setUp();
    const { hits } = await run({ area: { kind: "near", lat: 13.75, lon: 100.5 } });
    const cheapest = rankHits(hits, "cheapest");
    expect(cheapest.map((h) => h.price)).toEqual([...hits.map((h) => h.price)].sort((a, b) => a - b));
    const nearest = rankHits(hits, "nearest");
    const distances = nearest.map((h) => h.distanceKm ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Within one distance (one course), earliest first.
    const first = nearest.filter((h) => h.course.id === nearest[0]!.course.id).map((h) => h.startsAt);
    expect(first).toEqual([...first].sort((a, b) => a - b));
  });
});
