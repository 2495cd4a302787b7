/**
 * The tee sheet's data: one date, every course in scope as a row, its tee times as cells. Open tee
 * times that fit the filters come from the same search as `/find` (`createTeeTimeSearch`: the
 * catalog's 60 s cache, the reads in flight bounded, the price the searcher is shown); the tee times
 * that are gone (booked, closed or started) are read from the same cached lists and shown greyed,
 * so the sheet costs no partner read the search did not already make. A course that does not answer
 * is named; the others are shown.
 */
import { AREAS } from "../search/areas.js";
import { PARTS_OF_DAY, type PartOfDay, type SearchCriteria } from "../search/criteria.js";
import { coursesInScope, type TeeTimeSearch } from "../search/search.js";
import type { PartnerCatalog } from "../partner/catalog.js";
import { wallClock } from "../bot/format/zoned.js";
import { addDaysToDateKey, courseToday } from "../bot/format/dates.js";
import type { SlotView } from "../bot/conversations/booking/draft.js";

/** Days the date strip offers, today first. */
export const SHEET_DAYS = 14;
/** Largest party the players filter offers (a tee time takes at most four or five; more is a group). */
export const SHEET_MAX_PLAYERS = 8;

const ZONE = "Asia/Bangkok";

/** What the page asks for (every field checked before use). */
export interface SheetRequest {
  /** YYYY-MM-DD within the strip; default tomorrow. */
  date?: string;
  part?: PartOfDay | "any";
  players?: number;
  /** An area id, or "any". */
  area?: string;
  /** Top price per player, baht. */
  maxBaht?: number;
}

export interface SheetCell {
  slotId: string;
  /** HH:MM at the course. */
  time: string;
  open: boolean;
  /** Per player, satang (open cells). */
  price?: number;
  /** How many players the tee time takes (open cells). */
  spots?: number;
  minPerson?: number;
}

export interface SheetRow {
  course: { id: string; name: string; nameTH: string; place: string };
  /** One of the user's recent courses (listed first). */
  recent: boolean;
  cells: SheetCell[];
}

export interface Sheet {
  today: string;
  dates: string[];
  date: string;
  part: PartOfDay | "any";
  players: number;
  area: string;
  maxBaht: number | null;
  areas: { id: string; name: string; nameTH: string }[];
  rows: SheetRow[];
  /** Courses whose tee times could not be read. */
  failed: { id: string; name: string; nameTH: string }[];
}

/** Who the sheet is for: the courses they may see, and their recent ones. */
export interface SheetScope {
  /** A customer's link's courses; undefined: every course. */
  courseIds?: readonly string[];
  /** Course ids listed first, in this order. */
  recent?: readonly string[];
}

/** The request made whole: unknown or out-of-range values fall back to the defaults. */
export function normalizeRequest(request: SheetRequest, today: string): Omit<Sheet, "rows" | "failed" | "areas"> {
  const dates = Array.from({ length: SHEET_DAYS }, (_, i) => addDaysToDateKey(today, i));
  const date = request.date && dates.includes(request.date) ? request.date : (dates[1] ?? today);
  const part = request.part && (request.part === "any" || request.part in PARTS_OF_DAY) ? request.part : "any";
  const players =
    Number.isInteger(request.players) && request.players! >= 1 && request.players! <= SHEET_MAX_PLAYERS
      ? request.players!
      : 4;
  const area = request.area && AREAS.some((a) => a.id === request.area) ? request.area : "any";
  const maxBaht =
    Number.isInteger(request.maxBaht) && request.maxBaht! > 0 && request.maxBaht! <= 1_000_000
      ? request.maxBaht!
      : null;
  return { today, dates, date, part, players, area, maxBaht };
}

const hhmm = (ms: number, zone: string) => {
  const { hour, minute } = wallClock(ms, zone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
};

export function createTeeSheet(deps: { search: TeeTimeSearch; catalog: PartnerCatalog; now: () => number }) {
  const { search, catalog } = deps;

  return {
    /** The criteria `/find` would search with for this request. */
    criteriaOf(request: ReturnType<typeof normalizeRequest>): SearchCriteria {
      return {
        dates: [request.date],
        players: request.players,
        ...(request.part !== "any" ? { window: { ...PARTS_OF_DAY[request.part] } } : {}),
        ...(request.area !== "any" ? { area: { kind: "area" as const, id: request.area } } : {}),
        ...(request.maxBaht !== null ? { maxPrice: request.maxBaht * 100 } : {}),
      };
    },

    /**
     * The tee time a tap picked, as the search gives it to this user now (open, fitting the party, at
     * their price), in the booking flow's shape; undefined when it is gone or was never theirs.
     */
    async slot(
      pick: { courseId: string; date: string; slotId: string; players: number },
      scope: SheetScope,
    ): Promise<SlotView | undefined> {
      const now = deps.now();
      const asked = normalizeRequest({ date: pick.date, players: pick.players }, courseToday(now, ZONE));
      if (asked.date !== pick.date || asked.players !== pick.players) return undefined;
      const courseIds = scope.courseIds ? scope.courseIds.filter((id) => id === pick.courseId) : [pick.courseId];
      const result = await search.run(this.criteriaOf(asked), { now, courseIds });
      const hit = result.hits.find((h) => h.course.id === pick.courseId && h.slotId === pick.slotId);
      if (!hit) return undefined;
      return {
        id: hit.slotId,
        startsAt: hit.startsAt,
        price: hit.price,
        priceType: hit.priceType,
        minPerson: hit.minPerson,
        maxPerson: hit.maxPerson,
        ...(hit.freeCaddy !== undefined ? { freeCaddy: hit.freeCaddy } : {}),
        ...(hit.caddyPrice !== undefined ? { caddyPrice: hit.caddyPrice } : {}),
      };
    },

    /** The sheet for a request and a scope. Throws only if the course list cannot be read. */
    async read(request: SheetRequest, scope: SheetScope): Promise<Sheet> {
      const now = deps.now();
      const asked = normalizeRequest(request, courseToday(now, ZONE));
      const criteria = this.criteriaOf(asked);
      const searchScope = { now, ...(scope.courseIds ? { courseIds: scope.courseIds } : {}) };
      const result = await search.run(criteria, searchScope);
      const failedIds = new Set(result.failed.map((f) => f.id));
      const courses = coursesInScope(await catalog.courses(), criteria, searchScope);
      const recent = scope.recent ?? [];
      const rows = await Promise.all(
        courses
          .filter((c) => !failedIds.has(c.id))
          .map(async (course): Promise<SheetRow> => {
            const zone = course.timeZone || ZONE;
            const cells = new Map<string, SheetCell & { at: number }>();
            for (const hit of result.hits) {
              if (hit.course.id !== course.id) continue;
              cells.set(hit.slotId, {
                at: hit.startsAt,
                slotId: hit.slotId,
                time: hhmm(hit.startsAt, zone),
                open: true,
                price: hit.price,
                spots: hit.maxPerson,
                minPerson: hit.minPerson,
              });
            }
            // The day's other tee times in the window that are gone: from the list the search just read (cached).
            const window = criteria.window;
            for (const t of await catalog.teeTimes(course.id, asked.date)) {
              if (cells.has(t.id)) continue;
              const gone = t.status.toUpperCase() !== "OPEN" || t.startsAt <= now;
              if (!gone) continue;
              const { hour, minute } = wallClock(t.startsAt, zone);
              const at = hour * 60 + minute;
              if (window && (at < window.from || at >= window.to)) continue;
              cells.set(t.id, { at: t.startsAt, slotId: t.id, time: hhmm(t.startsAt, zone), open: false });
            }
            const { id, name, nameTH, place } = course;
            return {
              course: { id, name, nameTH, place },
              recent: recent.includes(id),
              cells: [...cells.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...cell }) => cell),
            };
          }),
      );
      const rank = (r: SheetRow) => (r.recent ? recent.indexOf(r.course.id) : recent.length);
      rows.sort((a, b) => rank(a) - rank(b) || a.course.name.localeCompare(b.course.name));
      return {
        ...asked,
        areas: AREAS.map(({ id, name, nameTH }) => ({ id, name, nameTH })),
        rows,
        failed: result.failed.map(({ id, name, nameTH }) => ({ id, name, nameTH })),
      };
    },
  };
}

export type TeeSheet = ReturnType<typeof createTeeSheet>;
