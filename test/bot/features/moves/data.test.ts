/** The move picker's callback data: every step, on another course too, within Telegram's 64 bytes and read back as made. */
import { describe, expect, it } from "vitest";
import {
  courseCode,
  moveData,
  parseMoveData,
  parsePickData,
  pickData,
  type PickStep,
} from "../../../../src/bot/features/moves/data.js";

const B = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the move picker's data", () => {
  const code = courseCode("a-partner-course-id-of-any-length-0123456789-abcdefghijklmnopqrstuvwxyz");
  const steps: PickStep[] = [
    { step: "start", bookingId: B },
    { step: "courses", bookingId: B, page: 12 },
    { step: "month", bookingId: B, month: "2026-12" },
    { step: "month", bookingId: B, month: "2026-12", course: code },
    { step: "day", bookingId: B, date: "2026-12-31", course: code },
    { step: "time", bookingId: B, date: "2026-12-31", hour: 17, minute: 45, persons: 4, course: code },
    { step: "hold", bookingId: B, date: "2026-12-31", hour: 6, minute: 0, persons: 8, course: code },
    { step: "hold", bookingId: B, date: "2026-12-31", hour: 6, minute: 0, persons: 8 },
  ];

  it.each(steps)("$step on course $course fits 64 bytes and reads back as made", (step) => {
    const data = pickData(step);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(parsePickData(data)).toEqual(step);
  });

  it("a course's code is six URL-safe characters, the same for one id and different for another", () => {
    expect(code).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(courseCode("C001")).toBe(courseCode("C001"));
    expect(courseCode("C001")).not.toBe(courseCode("C002"));
  });

  it("data fairway never made is not a step", () => {
    for (const data of [
      `mv:d:${B}:20261231:${code}x`,
      `mv:d:${B}:20261231:abc`,
      `mv:c:${B}:100`,
      `mv:c:${B}:`,
      `mv:h:${B}:202612310600:0:${code}`,
      `mv:h:${B}:202612310600:4:${code}:${code}`,
    ])
      expect(parsePickData(data), data).toBeUndefined();
  });

  it("a move's buttons (approve, abandon, the difference's receipt) read back as made; another letter is not one", () => {
    for (const action of ["approve", "abandon", "receipt"] as const)
      expect(parseMoveData(moveData(action, B))).toEqual({ action, moveId: B });
    expect(moveData("receipt", B)).toBe(`mv:r:${B}`);
    expect(parseMoveData(`mv:q:${B}`)).toBeUndefined();
  });
});
