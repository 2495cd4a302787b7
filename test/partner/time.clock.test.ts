import { describe, expect, it } from "vitest";
import {
  formatPartnerInstant,
  isPartnerDate,
  parsePartnerInstant,
  parsePartnerInstantDetailed,
} from "../../src/partner/time.js";

const T = Date.UTC(2026, 10, 22, 23, 8, 0); // 2026-11-23 06:08 in Bangkok

describe("parsePartnerInstant", () => {
  it.each([
    "2026-11-22T23:08:00Z",
    "2026-11-22T23:08:00z",
    "2026-11-22T23:08:00.000Z",
    "2026-11-23T06:08:00+07:00",
    "2026-11-23T06:08:00+0700",
    "2026-11-23T06:08:00+07",
    "2026-11-23T06:08:00.000000+0700",
    "2026-11-23 06:08:00+07:00",
    "2026-11-23T06:08+07:00",
    "2026-11-22T18:08:00-05:00",
    " 2026-11-22T23:08:00Z ",
  ])("reads %s", (text) => {
    expect(parsePartnerInstant(text)).toBe(T);
  });

  it("keeps milliseconds of any fractional precision, truncating below a millisecond", () => {
    expect(parsePartnerInstant("2026-11-22T23:08:00.1Z")).toBe(T + 100);
    expect(parsePartnerInstant("2026-11-22T23:08:00.12Z")).toBe(T + 120);
    expect(parsePartnerInstant("2026-11-22T23:08:00.123Z")).toBe(T + 123);
    expect(parsePartnerInstant("2026-11-22T23:08:00.123999999+0000")).toBe(T + 123);
    expect(parsePartnerInstant("2026-11-22T23:08:00,5Z")).toBe(T + 500);
    // The partner's published samples carry hundredths.
    expect(parsePartnerInstant("2024-05-01T03:04:06.86Z")).toBe(Date.UTC(2024, 4, 1, 3, 4, 6, 860));
  });

  it("reports the offset", () => {
    expect(parsePartnerInstantDetailed("2026-11-23T06:08:00+0700")?.offsetMinutes).toBe(420);
    expect(parsePartnerInstantDetailed("2026-11-23T06:08:00Z")?.offsetMinutes).toBe(0);
    expect(parsePartnerInstantDetailed("2026-11-23T06:08:00-03:30")?.offsetMinutes).toBe(-210);
  });

  it.each([
    "",
    "2026-11-23",
    "2026-11-23T06:08:00", // no offset: names no instant
    "2026-02-30T06:08:00Z",
    "2026-13-01T06:08:00Z",
    "2026-11-23T24:00:00Z",
    "2026-11-23T06:60:00Z",
    "2026-11-23T06:08:00+2500",
    "23/11/2026 06:08",
    "1790000000000",
    "2026-11-23T06:08:00+07:00 extra",
  ])("rejects %j", (text) => {
    expect(parsePartnerInstant(text)).toBeNull();
  });

  it("knows leap years", () => {
    expect(parsePartnerInstant("2028-02-29T00:00:00Z")).toBe(Date.UTC(2028, 1, 29));
    expect(parsePartnerInstant("2027-02-29T00:00:00Z")).toBeNull();
    expect(parsePartnerInstant("2000-02-29T00:00:00Z")).toBe(Date.UTC(2000, 1, 29));
    expect(parsePartnerInstant("2100-02-29T00:00:00Z")).toBeNull();
  });
});

describe("formatPartnerInstant and isPartnerDate", () => {
  it("writes the partner's start text", () => {
    expect(formatPartnerInstant(T)).toBe("2026-11-23T06:08:00+0700");
    expect(formatPartnerInstant(T, 0)).toBe("2026-11-22T23:08:00+0000");
    expect(parsePartnerInstant(formatPartnerInstant(T, -90))).toBe(T);
  });

  it("checks tee-time dates", () => {
    expect(isPartnerDate("2026-11-23")).toBe(true);
    expect(isPartnerDate("2026-02-29")).toBe(false);
    expect(isPartnerDate("2026-11-23T00:00")).toBe(false);
    expect(isPartnerDate("23-11-2026")).toBe(false);
  });
});
