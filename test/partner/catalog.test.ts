import { afterEach, describe, expect, it } from "vitest";
import { createPartnerCatalog, PartnerNotFoundError, PartnerUnavailableError } from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { FIXED_NOW, clientFor, rejectionOf, startSandbox } from "./helpers.js";

const COURSES = /\/course$/;
const TEE_TIMES = /\/tee-time$/;

describe("the partner catalog (cached courses and tee times)", () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.close());

  async function setUp() {
    sandbox = await startSandbox();
    let now = FIXED_NOW;
    const catalog = createPartnerCatalog({
      partner: clientFor(sandbox, { retries: 0 }),
      now: () => now,
      courseTtlMs: 600_000,
      teeTimeTtlMs: 60_000,
    });
    const course = sandbox.courses()[0]!;
    return { catalog, course, date: "2026-11-21", advance: (ms: number) => (now += ms) };
  }

  it("reads the course list once per TTL, and a tee-time list once per TTL unless asked fresh", async () => {
    const { catalog, course, date, advance } = await setUp();
    expect((await catalog.courses()).map((c) => c.id)).toEqual(sandbox.courses().map((c) => c.id));
    expect(await catalog.course(course.id)).toMatchObject({ id: course.id, nameTH: course.nameTH });
    advance(599_000);
    await catalog.courses();
    expect(sandbox.count("GET", COURSES)).toBe(1);
    advance(2_000);
    await catalog.courses();
    expect(sandbox.count("GET", COURSES)).toBe(2);

    const first = await catalog.teeTimes(course.id, date);
    expect(first.length).toBeGreaterThan(0);
    await catalog.teeTimes(course.id, date);
    expect(sandbox.count("GET", TEE_TIMES)).toBe(1);
    await catalog.teeTimes(course.id, date, { fresh: true });
    expect(sandbox.count("GET", TEE_TIMES)).toBe(2);
    await catalog.teeTimes(course.id, "2026-11-22");
    expect(sandbox.count("GET", TEE_TIMES)).toBe(3);
    advance(60_000);
    await catalog.teeTimes(course.id, date);
    expect(sandbox.count("GET", TEE_TIMES)).toBe(4);
  });

  it("shares one partner call among concurrent readers, and keeps no failure", async () => {
    const { catalog, course, date } = await setUp();
    const lists = await Promise.all([
      catalog.teeTimes(course.id, date),
      catalog.teeTimes(course.id, date),
      catalog.teeTimes(course.id, date),
    ]);
    expect(new Set(lists).size).toBe(1);
    expect(sandbox.count("GET", TEE_TIMES)).toBe(1);

    sandbox.faults.add({ method: "GET", path: COURSES, kind: "status", status: 503, times: 1 });
    expect(await rejectionOf(catalog.courses())).toBeInstanceOf(PartnerUnavailableError);
    expect((await catalog.courses()).length).toBeGreaterThan(0);
    expect(sandbox.count("GET", COURSES)).toBe(2);
  });

  it("a course the list names that the partner no longer knows (404 on its tee times) makes the course list be read again", async () => {
    const { catalog, course, date } = await setUp();
    await catalog.courses();
    sandbox.faults.add({ method: "GET", path: TEE_TIMES, kind: "status", status: 404, times: 1 });
    expect(await rejectionOf(catalog.teeTimes(course.id, date))).toBeInstanceOf(PartnerNotFoundError);
    await catalog.courses();
    expect(sandbox.count("GET", COURSES)).toBe(2);
  });

  it("an id the list does not name (made up) keeps the course list: a stream of them costs no course-list read", async () => {
    const { catalog, date } = await setUp();
    await catalog.courses();
    for (const id of ["ffffffffffffffffffffffff", "made-up", "0"])
      expect(await rejectionOf(catalog.teeTimes(id, date))).toBeInstanceOf(PartnerNotFoundError);
    await catalog.courses();
    expect(sandbox.count("GET", COURSES)).toBe(1);
  });
});
