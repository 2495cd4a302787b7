import { describe, expect, it } from "vitest";
import { AREAS, areaById, areaOfCourse, courseInArea, distanceKm, findAreaInText } from "../../src/search/areas.js";

const at = (lat: number, lon: number, place = "") => ({ lat, lon, place });
const placeOnly = (place: string) => ({ lat: null, lon: null, place });

describe("golf areas", () => {
  it.each([
    ["Siam Country Club Pattaya", 12.92, 100.99, "pattaya"],
    ["Black Mountain Hua Hin", 12.53, 99.86, "hua-hin"],
    ["Blue Canyon Phuket", 8.05, 98.31, "phuket"],
    ["Alpine Chiang Mai", 18.74, 99.13, "chiang-mai"],
    ["Kirimaya Khao Yai", 14.47, 101.37, "khao-yai"],
    // The sandbox's courses, one per area it covers
    ["Bangkok Riverside (Pathum Thani)", 14.0208, 100.5251, "bangkok"],
    ["Siam Lakeview (Samut Prakan)", 13.6405, 100.7012, "bangkok"],
    ["Bang Saray Seaside Links (Sattahip)", 12.7563, 100.9336, "pattaya"],
    ["Cha-am Sea Breeze", 12.7991, 99.9502, "hua-hin"],
    ["Lanna Valley (Doi Saket)", 18.8921, 99.1398, "chiang-mai"],
    ["Kata Hills (Karon)", 7.8262, 98.3054, "phuket"],
  ])("%s is in %s's area", (_name, lat, lon, id) => {
    expect(areaOfCourse(at(lat, lon))?.id).toBe(id);
  });

  it("a point in the Gulf of Thailand is in no area, whatever its place says", () => {
    expect(areaOfCourse(at(12.4, 100.4))).toBeUndefined();
    expect(areaOfCourse(at(12.4, 100.4, "Pattaya"))).toBeUndefined();
  });

  it("a course without coordinates is placed by its place text", () => {
    expect(areaOfCourse(placeOnly("Kathu, Phuket"))?.id).toBe("phuket");
    expect(areaOfCourse(placeOnly("Sattahip, Chon Buri"))?.id).toBe("pattaya");
    expect(areaOfCourse(placeOnly("Cha-am, Phetchaburi"))?.id).toBe("hua-hin");
    expect(areaOfCourse(placeOnly("Pathum Thani, Bangkok"))?.id).toBe("bangkok");
    expect(areaOfCourse(placeOnly("อ.ปากช่อง จ.นครราชสีมา"))?.id).toBe("khao-yai");
    expect(areaOfCourse(placeOnly("Udon Thani"))).toBeUndefined();
    expect(areaOfCourse({ lat: 12.92, lon: null, place: "Hua Hin" })?.id).toBe("hua-hin");
  });

  it("a course is in a named area as areaOfCourse places it", () => {
    const siam = at(12.92, 100.99, "Pattaya");
    expect(courseInArea(siam, { kind: "area", id: "pattaya" })).toBe(true);
    expect(courseInArea(siam, { kind: "area", id: "rayong" })).toBe(false);
    expect(courseInArea(siam, { kind: "area", id: "atlantis" })).toBe(false);
    expect(courseInArea(placeOnly("Hua Hin"), { kind: "area", id: "hua-hin" })).toBe(true);
  });

  it("near a point: within the radius, 50 km unless told", () => {
    const jomtien = { kind: "near", lat: 12.88, lon: 100.88 } as const;
    expect(courseInArea(at(12.92, 100.99), jomtien)).toBe(true); // Siam CC, ~13 km
    expect(courseInArea(at(12.7563, 100.9336), jomtien)).toBe(true); // Bang Saray, ~15 km
    expect(courseInArea(at(12.7563, 100.9336), jomtien, 10)).toBe(false);
    expect(courseInArea(at(13.6405, 100.7012), jomtien)).toBe(false); // Bang Na, ~87 km
    expect(courseInArea(at(13.6405, 100.7012), jomtien, 100)).toBe(true);
    expect(courseInArea(placeOnly("Pattaya"), jomtien)).toBe(false);
  });

  it("measures great-circle distances", () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(111.19, 1);
    expect(distanceKm({ lat: 13.75, lon: 100.5 }, { lat: 13.75, lon: 100.5 })).toBe(0);
    // Bangkok to Chiang Mai, about 580 km as the crow flies
    expect(distanceKm({ lat: 13.7563, lon: 100.5018 }, { lat: 18.7883, lon: 98.9853 })).toBeGreaterThan(570);
    expect(distanceKm({ lat: 13.7563, lon: 100.5018 }, { lat: 18.7883, lon: 98.9853 })).toBeLessThan(590);
  });

  it.each([
    ["pattaya", "pattaya"],
    ["พัทยา", "pattaya"],
    ["ชลบุรี", "pattaya"],
    ["Si Racha", "pattaya"],
    ["hua hin", "hua-hin"],
    ["HuaHin", "hua-hin"],
    ["hua-hin", "hua-hin"],
    ["หัวหิน", "hua-hin"],
    ["ชะอำ", "hua-hin"],
    ["chiangmai", "chiang-mai"],
    ["เชียงใหม่", "chiang-mai"],
    ["เชียงราย", "chiang-rai"],
    ["bkk", "bangkok"],
    ["กทม.", "bangkok"],
    ["samut prakan", "bangkok"],
    ["ปทุมธานี", "bangkok"],
    ["khao yai", "khao-yai"],
    ["เกาะสมุย", "koh-samui"],
    ["samui", "koh-samui"],
    ["krabi", "krabi"],
  ])("finds %s → %s", (text, id) => {
    expect(findAreaInText(text)?.area.id).toBe(id);
  });

  it("finds Thai names inside unspaced text, English ones only as whole words", () => {
    expect(findAreaInText("สนามกอล์ฟพัทยาเสาร์นี้")).toMatchObject({ area: { id: "pattaya" }, index: 9, text: "พัทยา" });
    expect(findAreaInText("tee time Hua  Hin sat")).toMatchObject({
      area: { id: "hua-hin" },
      index: 9,
      text: "hua  hin",
    });
    expect(findAreaInText("phuketian")).toBeUndefined();
    expect(findAreaInText("kraabi samuix")).toBeUndefined();
    expect(findAreaInText("riverside sat")).toBeUndefined();
  });

  it("the table is well-formed: unique ids, lower-case aliases, sane centres", () => {
    expect(new Set(AREAS.map((a) => a.id)).size).toBe(AREAS.length);
    for (const area of AREAS) {
      expect(areaById(area.id)).toBe(area);
      for (const alias of area.aliases) expect(alias).toBe(alias.normalize("NFC").toLowerCase());
      expect(area.lat).toBeGreaterThan(5);
      expect(area.lat).toBeLessThan(21);
      expect(area.lon).toBeGreaterThan(97);
      expect(area.lon).toBeLessThan(106);
      expect(areaOfCourse({ lat: area.lat, lon: area.lon, place: "" })?.id).toBe(area.id);
    }
    expect(areaById("atlantis")).toBeUndefined();
  });
});
