import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { formatTime } from "../src/bot/format/dates.js";
import { WORLD_START, worldClock } from "./helpers/clock.js";
import { takeWallClockReads } from "./helpers/wall-clock-guard.js";

/** The wall-clock guard (test/helpers/wall-clock-guard.ts) that keeps tests outside `*.clock.test.ts` off the wall clock's date. */
describe("the wall-clock guard", () => {
  it("catches the wall clock's day, hour or month read by a test, with the place that read it", () => {
    const now = Date.now();
    void new Date(now).getHours();
    void new Date(now).toISOString();
    void new Intl.DateTimeFormat("en", { timeZone: "Asia/Bangkok" }).format(now);
    void new Intl.DateTimeFormat("en", { timeZone: "Asia/Bangkok" }).formatToParts();
    const reads = takeWallClockReads();
    expect(reads.map((r) => r.split("\n")[0])).toEqual([
      "Date#getHours of the wall clock's now",
      "Date#toISOString of the wall clock's now",
      "Intl.DateTimeFormat#format of the wall clock's now",
      "Intl.DateTimeFormat#formatToParts of the wall clock's now",
    ]);
    expect(reads[0]).toContain("test/wall-clock-guard.test.ts");
  });

  it("leaves a test world's instants alone, even when its clock stands at the wall clock's now", () => {
    void new Date(WORLD_START).getHours();
    void formatTime(WORLD_START + 3_600_000, "Asia/Bangkok", "en");
    const clock = worldClock(Date.now());
    void new Date(clock()).getDate();
    expect(takeWallClockReads()).toEqual([]);
  });

  it("leaves a world's wall time in a course's zone alone when it stands at the wall clock's now", () => {
    // Course-time formatting shifts the world's now by the zone's offset (Bangkok: +7 h): a world seven
    // hours behind the machine has its Bangkok wall time at the machine's now.
    const clock = worldClock(Date.now() - 7 * 3_600_000);
    void new Date(clock() + 7 * 3_600_000).toISOString();
    expect(takeWallClockReads()).toEqual([]);
  });

  it("leaves Node's own reads alone (an HTTP answer's Date header)", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.headers.get("date")).not.toBeNull();
    } finally {
      server.close();
    }
    expect(takeWallClockReads()).toEqual([]);
  });
});
