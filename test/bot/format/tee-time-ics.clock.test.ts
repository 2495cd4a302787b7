import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildTeeTimeIcs,
  escapeIcsText,
  foldIcsLine,
  type TeeTimeIcsOptions,
} from "../../../src/bot/format/tee-time-ics.js";

const octets = (s: string) => Buffer.byteLength(s, "utf8");
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
/** Physical lines of an iCalendar text (it must end with CRLF). */
const physicalLines = (ics: string) => ics.slice(0, -2).split("\r\n");
/** Undoes folding (RFC 5545 §3.1): a CRLF followed by one space or tab is removed. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
/** The value of the first property named `name` in the unfolded text (after `component`'s BEGIN, if given). */
const property = (ics: string, name: string, component?: string) => {
  const lines = physicalLines(unfold(ics));
  const from = component ? lines.indexOf(`BEGIN:${component}`) : 0;
  const line = lines.slice(from).find((l) => l.startsWith(`${name}:`));
  return line?.slice(name.length + 1);
};

const teeTime = Date.UTC(2026, 10, 22, 23, 8); // 06:08 on 23 Nov 2026 in Bangkok
const base: TeeTimeIcsOptions = {
  uid: "booking-123@fairway",
  startsAt: teeTime,
  timeZone: "Asia/Bangkok",
  summary: "Tee time: Alpine Golf Club, 2 players",
  location: "Alpine Golf Club, Pathum Thani",
  description: "Booking ABC123",
  createdAt: Date.UTC(2026, 10, 1, 4, 5, 6, 789),
};

describe("buildTeeTimeIcs", () => {
  it("builds a calendar with one event and its alarm, every line ending in CRLF", () => {
    const ics = buildTeeTimeIcs(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = physicalLines(ics);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.indexOf("BEGIN:VALARM")).toBeGreaterThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines.indexOf("END:VALARM")).toBeLessThan(lines.indexOf("END:VEVENT"));
    expect(property(ics, "PRODID")).toBeDefined();
    expect(property(ics, "UID")).toBe("booking-123@fairway");
  });

  it("writes times in UTC, DTSTAMP from createdAt and a 4½-hour default length", () => {
    const ics = buildTeeTimeIcs(base);
    expect(property(ics, "DTSTART")).toBe("20261122T230800Z");
    expect(property(ics, "DTEND")).toBe("20261123T033800Z");
    expect(property(ics, "DTSTAMP")).toBe("20261101T040506Z");
  });

  it("uses the given duration", () => {
    expect(property(buildTeeTimeIcs({ ...base, durationMinutes: 135 }), "DTEND")).toBe("20261123T012300Z");
  });

  it("reminds two hours before", () => {
    const ics = buildTeeTimeIcs(base);
    expect(property(ics, "TRIGGER", "VALARM")).toBe("-PT2H");
    expect(property(ics, "ACTION", "VALARM")).toBe("DISPLAY");
    expect(property(ics, "DESCRIPTION", "VALARM")).toBe(escapeIcsText(base.summary));
  });

  it("writes GEO only when both coordinates are given", () => {
    expect(property(buildTeeTimeIcs({ ...base, lat: 14.0865, lon: 100.6089 }), "GEO")).toBe("14.0865;100.6089");
    expect(property(buildTeeTimeIcs({ ...base, lat: 13.1234567, lon: -0.5 }), "GEO")).toBe("13.123457;-0.5");
    expect(property(buildTeeTimeIcs(base), "GEO")).toBeUndefined();
    expect(property(buildTeeTimeIcs({ ...base, lat: 14 }), "GEO")).toBeUndefined();
    expect(() => buildTeeTimeIcs({ ...base, lat: 91, lon: 100 })).toThrow(RangeError);
  });

  it("writes URL when given", () => {
    const url = "https://example.com/b?id=1,2;x";
    expect(property(buildTeeTimeIcs({ ...base, url }), "URL")).toBe(url);
    expect(property(buildTeeTimeIcs(base), "URL")).toBeUndefined();
  });

  it("escapes TEXT so user text cannot inject properties", () => {
    const ics = buildTeeTimeIcs({
      ...base,
      summary: "Golf; fun, \\o/",
      description: "Line 1\nLine 2\r\nEND:VEVENT\rX",
    });
    expect(property(ics, "SUMMARY")).toBe("Golf\\; fun\\, \\\\o/");
    expect(property(ics, "DESCRIPTION")).toBe("Line 1\\nLine 2\\nEND:VEVENT\\nX");
    expect(physicalLines(ics).filter((l) => l === "END:VEVENT")).toHaveLength(1);
  });

  it("folds a long Thai summary at 75 octets without breaking UTF-8", () => {
    const summary = "ออกรอบกอล์ฟ สนามกอล์ฟอัลไพน์ กอล์ฟคลับ ปทุมธานี ผู้เล่น 4 ท่าน พร้อมแคดดี้และรถกอล์ฟ 🏌️‍♂️⛳";
    const ics = buildTeeTimeIcs({ ...base, summary, location: "สนามกอล์ฟอัลไพน์, ถนนพหลโยธิน; ปทุมธานี".repeat(3) });
    const bytes = Buffer.from(ics, "utf8");
    expect(() => strictUtf8.decode(bytes)).not.toThrow();
    for (const line of physicalLines(ics)) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 by itself: no character was cut between two lines.
      expect(() => strictUtf8.decode(Buffer.from(line, "utf8"))).not.toThrow();
      expect(line).not.toContain("\uFFFD");
    }
    const lines = physicalLines(ics);
    expect(lines[lines.findIndex((l) => l.startsWith("SUMMARY:")) + 1]).toMatch(/^ /);
    expect(property(ics, "SUMMARY")).toBe(summary);
    expect(property(ics, "LOCATION")).toBe(escapeIcsText("สนามกอล์ฟอัลไพน์, ถนนพหลโยธิน; ปทุมธานี".repeat(3)));
  });

  it("is deterministic", () => {
    expect(buildTeeTimeIcs(base)).toBe(buildTeeTimeIcs({ ...base }));
  });

  it("refuses invalid instants and durations", () => {
    expect(() => buildTeeTimeIcs({ ...base, startsAt: Number.NaN })).toThrow(RangeError);
    expect(() => buildTeeTimeIcs({ ...base, createdAt: 8.64e15 + 1 })).toThrow(RangeError);
    expect(() => buildTeeTimeIcs({ ...base, durationMinutes: 0 })).toThrow(RangeError);
    expect(() => buildTeeTimeIcs({ ...base, durationMinutes: 1.5 })).toThrow(RangeError);
  });
});

describe("foldIcsLine", () => {
  it("leaves a line of exactly 75 octets alone and folds the 76th", () => {
    expect(foldIcsLine("A".repeat(75))).toBe("A".repeat(75));
    expect(foldIcsLine("A".repeat(76))).toBe(`${"A".repeat(75)}\r\n A`);
  });

  it("moves a 3-octet Thai character whole to the next line", () => {
    // 73 + 3 = 76 octets: ก cannot fit on the first line.
    expect(foldIcsLine(`${"A".repeat(73)}ก`)).toBe(`${"A".repeat(73)}\r\n ก`);
  });

  it("keeps any text intact, within 75 octets a line, on character boundaries", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const folded = foldIcsLine(text);
        expect(unfold(folded)).toBe(text);
        for (const line of folded.split("\r\n")) {
          expect(octets(line)).toBeLessThanOrEqual(75);
          expect(() => strictUtf8.decode(Buffer.from(line, "utf8"))).not.toThrow();
          expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        }
      }),
    );
  });
});
