/**
 * The golf areas an agent can name (`pattaya`, `หัวหิน`, `near bkk`…): data, not code. A course
 * belongs to the area whose centre is nearest, if it lies within that area's radius; a course
 * without coordinates belongs to the area its `place` text names.
 *
 * To add an area, add a row: aliases are lower-case, English ones match whole words (spaces and
 * hyphens optional: `hua hin` also reads `huahin`, `hua-hin`), Thai ones anywhere in the text (Thai
 * has no spaces). An area's own names are aliases too. Centres and radii are rough on purpose: they
 * cover the courses of the town and its surroundings, and no two centres are so close that a
 * course is in doubt.
 */
import type { AreaChoice } from "./criteria.js";

export interface LatLon {
  lat: number;
  lon: number;
}

export interface Area extends LatLon {
  id: string;
  name: string;
  nameTH: string;
  aliases: readonly string[];
  /** How far from the centre a course still belongs to the area. */
  radiusKm: number;
}

export const AREAS: readonly Area[] = [
  {
    id: "bangkok",
    name: "Bangkok",
    nameTH: "กรุงเทพฯ",
    // The city and the provinces around it whose courses agents sell as "Bangkok".
    aliases: [
      "bkk",
      "krung thep",
      "nonthaburi",
      "pathum thani",
      "samut prakan",
      "samut prakarn",
      "bang na",
      "กรุงเทพ",
      "กรุงเทพมหานคร",
      "กทม",
      "บางกอก",
      "นนทบุรี",
      "ปทุมธานี",
      "สมุทรปราการ",
      "บางนา",
    ],
    lat: 13.75,
    lon: 100.55,
    radiusKm: 45,
  },
  {
    id: "pattaya",
    name: "Pattaya",
    nameTH: "พัทยา",
    // Chon Buri province: Pattaya, Jomtien, Sattahip, Si Racha, Bang Saen, Chon Buri town.
    aliases: [
      "chon buri",
      "jomtien",
      "sattahip",
      "sriracha",
      "si racha",
      "bang saen",
      "ชลบุรี",
      "จอมเทียน",
      "สัตหีบ",
      "ศรีราชา",
      "บางแสน",
    ],
    lat: 12.93,
    lon: 100.9,
    radiusKm: 55,
  },
  {
    id: "rayong",
    name: "Rayong",
    nameTH: "ระยอง",
    aliases: [],
    lat: 12.68,
    lon: 101.28,
    radiusKm: 40,
  },
  {
    id: "hua-hin",
    name: "Hua Hin",
    nameTH: "หัวหิน",
    // Hua Hin, Cha-am and Pran Buri: one stretch of coast, one trip.
    aliases: ["cha-am", "pran buri", "ชะอำ", "ปราณบุรี"],
    lat: 12.65,
    lon: 99.93,
    radiusKm: 40,
  },
  {
    id: "kanchanaburi",
    name: "Kanchanaburi",
    nameTH: "กาญจนบุรี",
    aliases: ["kanchana buri", "กาญจน์"],
    lat: 14.02,
    lon: 99.53,
    radiusKm: 40,
  },
  {
    id: "khao-yai",
    name: "Khao Yai",
    nameTH: "เขาใหญ่",
    aliases: ["pak chong", "ปากช่อง"],
    lat: 14.55,
    lon: 101.4,
    radiusKm: 40,
  },
  {
    id: "chiang-mai",
    name: "Chiang Mai",
    nameTH: "เชียงใหม่",
    aliases: ["cnx"],
    lat: 18.79,
    lon: 98.98,
    radiusKm: 45,
  },
  {
    id: "chiang-rai",
    name: "Chiang Rai",
    nameTH: "เชียงราย",
    aliases: [],
    lat: 19.91,
    lon: 99.83,
    radiusKm: 40,
  },
  {
    id: "phuket",
    name: "Phuket",
    nameTH: "ภูเก็ต",
    aliases: ["hkt"],
    lat: 7.95,
    lon: 98.34,
    radiusKm: 35,
  },
  {
    id: "krabi",
    name: "Krabi",
    nameTH: "กระบี่",
    aliases: ["ao nang", "อ่าวนาง"],
    lat: 8.08,
    lon: 98.9,
    radiusKm: 35,
  },
  {
    id: "koh-samui",
    name: "Koh Samui",
    nameTH: "เกาะสมุย",
    aliases: ["ko samui", "samui", "สมุย"],
    lat: 9.5,
    lon: 100.0,
    radiusKm: 25,
  },
];

const BY_ID = new Map(AREAS.map((a) => [a.id, a]));

/** The area with this id, if there is one. */
export function areaById(id: string): Area | undefined {
  return BY_ID.get(id);
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance between two points (haversine), in km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a course tells about where it is (the partner's course fields). */
export interface CourseLocation {
  lat: number | null;
  lon: number | null;
  place: string;
}

function coordinatesOf(course: CourseLocation): LatLon | undefined {
  const { lat, lon } = course;
  return lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : undefined;
}

/**
 * The area a course is in: the nearest centre within its radius; for a course without coordinates,
 * the area its `place` names (`"Kathu, Phuket"`). Undefined when it is in none.
 */
export function areaOfCourse(course: CourseLocation): Area | undefined {
  const point = coordinatesOf(course);
  if (!point) return findAreaInText(course.place)?.area;
  let best: { area: Area; km: number } | undefined;
  for (const area of AREAS) {
    const km = distanceKm(point, area);
    if (km <= area.radiusKm && (!best || km < best.km)) best = { area, km };
  }
  return best?.area;
}

/**
 * Whether a course matches the customer's choice: in the named area (as `areaOfCourse` places it),
 * or within `nearRadiusKm` of the shared point (a course without coordinates is near nothing).
 */
export function courseInArea(course: CourseLocation, choice: AreaChoice, nearRadiusKm = 50): boolean {
  if (choice.kind === "area") return areaOfCourse(course)?.id === choice.id;
  const point = coordinatesOf(course);
  return point !== undefined && distanceKm(point, choice) <= nearRadiusKm;
}

/** An area named in a text. */
export interface AreaMention {
  area: Area;
  /** Where the name starts in the text, NFC-normalised and lower-cased (same length as the input for Latin and Thai). */
  index: number;
  /** The name as it stands there. */
  text: string;
}

const THAI = /[\u0E00-\u0E7F]/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every name and alias with its pattern, longest first: `pathum thani` is tried before `pathum`. */
const ALIAS_PATTERNS: readonly { area: Area; pattern: RegExp }[] = AREAS.flatMap((area) =>
  [area.name, area.nameTH, ...area.aliases].map((alias) => ({ area, alias: alias.normalize("NFC").toLowerCase() })),
)
  .sort((a, b) => b.alias.length - a.alias.length)
  .map(({ area, alias }) => {
    if (THAI.test(alias)) return { area, pattern: new RegExp(escapeRegExp(alias)) };
    const words = alias
      .split(/[\s-]+/)
      .map(escapeRegExp)
      .join("[\\s-]*");
    return { area, pattern: new RegExp(`(?<![a-z0-9])${words}(?![a-z0-9])`) };
  });

/** The area a text names, by its longest name or alias found (English as whole words, Thai anywhere). */
export function findAreaInText(text: string): AreaMention | undefined {
  const haystack = text.normalize("NFC").toLowerCase();
  for (const { area, pattern } of ALIAS_PATTERNS) {
    const m = pattern.exec(haystack);
    if (m) return { area, index: m.index, text: m[0] };
  }
  return undefined;
}
