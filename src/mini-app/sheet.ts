/**
 * The tee sheet's data: one date, every course in scope as a row, its tee times as cells. Open tee
 * times that fit the filters come from the same search as `/find` (`createTeeTimeSearch`: the
 * catalog's 60 s cache, the reads in flight bounded, the price the searcher is shown); the tee times
 * that are gone (booked, closed or started) are read from the same cached lists and shown greyed,
 * so the sheet costs no partner read the search did not already make. A course that does not answer
 * is named; the others are shown.
 *
 * A party larger than one tee time takes (for those who may book groups: the scope says) gets the
 * same proposal as `/find`'s groups (search/groups.ts): every open cell says whether a group starts
 * there and which tee times it takes, or that none fits from it. Prices are the searcher's
 * (`SheetScope.priceOf`: the selling price); the net never leaves the server for a customer, and
 * reaches staff beside the price (`SheetScope.showNet`) when a markup makes them differ.
 */
import { AREAS } from "../search/areas.js";
import { PARTS_OF_DAY, type PartOfDay, type SearchCriteria } from "../search/criteria.js";
import { MAX_GROUP_PLAYERS } from "../search/groups.js";
import { coursesInScope, createTeeTimeSearch, type SearchHit, type TeeTimeSearch } from "../search/search.js";
import type { PartnerCatalog } from "../partner/catalog.js";
import type { Course, TeeTime } from "../partner/types.js";
import { wallClock } from "../time/zoned.js";
import { addDaysToDateKey } from "../time/date-key.js";
import { courseToday } from "../time/today.js";
import type { FlightDraft, SlotView } from "../bot/conversations/booking/entry.js";

/** Days the date strip offers, today first. */
export const SHEET_DAYS = 14;
/** Largest party the players filter offers to those who book one tee time (a tee time takes at most four or five). */
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

/** The group a party larger than one tee time would book from a cell: that tee time and the next ones. */
export interface SheetGroup {
  /** The flights' tee times, earliest (the cell's) first. */
  slotIds: string[];
  /** Their HH:MM at the course. */
  times: string[];
  /** Players on each flight (`4+4+4`). */
  split: number[];
  /** Satang: what the party pays in all, at the prices shown. */
  total: number;
  /** Satang: the flights' net in all (staff, when it differs from `total`). */
  net?: number;
}

export interface SheetCell {
  slotId: string;
  /** HH:MM at the course. */
  time: string;
  open: boolean;
  /** Per player, satang (open cells): what the customer pays. */
  price?: number;
  /** Per player, satang: the partner's price, the agency's cost (staff only, when it differs from `price`). */
  net?: number;
  /** How many players the tee time takes (open cells). */
  spots?: number;
  minPerson?: number;
  /**
   * A party larger than this tee time takes: the group that would start here (null: none fits from
   * here). Absent when the party fits one tee time.
   */
  group?: SheetGroup | null;
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
  /** Whether a party larger than one tee time is offered groups (the players filter then goes to `maxPlayers`). */
  groups: boolean;
  /** The largest party the players filter offers. */
  maxPlayers: number;
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
  /** Per-player price the user is shown (a customer's selling price). Default: the partner's. */
  priceOf?: (teeTime: TeeTime, course: Course) => number;
  /** A party larger than one tee time is offered groups of consecutive tee times. Default false. */
  groups?: boolean;
  /** Agents and admins: each open cell (and group) carries its net beside the price, when they differ. Default false. */
  showNet?: boolean;
}

/** A tapped cell, as the page sends it back with the filters the sheet was read with. */
export interface SheetPick extends SheetRequest {
  courseId: string;
  date: string;
  slotId: string;
  players: number;
  /** The group's tee times the page showed (a party beyond one tee time): they must still be the proposal. */
  flights?: readonly string[];
}

/** What a pick hands over to the booking flow: its tee time (at the net price) and, for a group, the flights. */
export type PickedTeeTime =
  { ok: true; slot: SlotView; group?: { flights: FlightDraft[] } } | { ok: false; reason: "gone" | "no-group" };

/** The largest party the players filter offers to this scope. */
export function maxPlayersOf(scope: Pick<SheetScope, "groups">): number {
  return scope.groups ? MAX_GROUP_PLAYERS : SHEET_MAX_PLAYERS;
}

/** The request made whole: unknown or out-of-range values fall back to the defaults. */
export function normalizeRequest(
  request: SheetRequest,
  today: string,
  maxPlayers = SHEET_MAX_PLAYERS,
): Omit<Sheet, "rows" | "failed" | "areas" | "groups" | "maxPlayers"> {
  const dates = Array.from({ length: SHEET_DAYS }, (_, i) => addDaysToDateKey(today, i));
  const date = request.date && dates.includes(request.date) ? request.date : (dates[1] ?? today);
  const part = request.part && (request.part === "any" || request.part in PARTS_OF_DAY) ? request.part : "any";
  const players =
    Number.isInteger(request.players) && request.players! >= 1 && request.players! <= maxPlayers ? request.players! : 4;
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

/** The booking flow's view of a tee time, at the partner's (net) price: the flow applies the seller's price itself. */
function slotView(
  hit: Pick<SearchHit, "slotId" | "startsAt" | "priceType" | "minPerson" | "maxPerson" | "freeCaddy" | "caddyPrice">,
  net: number,
): SlotView {
  return {
    id: hit.slotId,
    startsAt: hit.startsAt,
    price: net,
    priceType: hit.priceType,
    minPerson: hit.minPerson,
    maxPerson: hit.maxPerson,
    ...(hit.freeCaddy !== undefined ? { freeCaddy: hit.freeCaddy } : {}),
    ...(hit.caddyPrice !== undefined ? { caddyPrice: hit.caddyPrice } : {}),
  };
}

export function createTeeSheet(deps: {
  search: TeeTimeSearch;
  catalog: PartnerCatalog;
  now: () => number;
  /** Most minutes between a group's tee times (GROUP_MAX_GAP_MINUTES), as `/find`'s search. Default 20. */
  groupGapMinutes?: number;
}) {
  const { catalog } = deps;

  /** The search at this user's prices: the shared one, or one that prices as `scope.priceOf` (same catalog, same cache). */
  function searchOf(scope: SheetScope): TeeTimeSearch {
    if (!scope.priceOf) return deps.search;
    return createTeeTimeSearch({
      catalog,
      priceOf: scope.priceOf,
      ...(deps.groupGapMinutes !== undefined ? { groupGapMinutes: deps.groupGapMinutes } : {}),
    });
  }

  /** The request made whole for this scope, at the courses' today. */
  function askedOf(request: SheetRequest, scope: SheetScope, now: number) {
    return normalizeRequest(request, courseToday(now, ZONE), maxPlayersOf(scope));
  }

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
     * The tee time a tap picked, as the search gives it to this user now (open, fitting the party or
     * starting the party's group, within the sheet's filters, at their price), in the booking flow's
     * shape at the net price; gone when it is not (or was never theirs, or its course is one the
     * catalog does not know), no-group when it is open but no group for the party starts there.
     */
    async pick(pick: SheetPick, scope: SheetScope): Promise<PickedTeeTime> {
      const now = deps.now();
      const asked = askedOf(pick, scope, now);
      if (asked.date !== pick.date || asked.players !== pick.players) return { ok: false, reason: "gone" };
      // A course this user cannot book (unknown to the catalog's cached list, closed, or not their link's)
      // is refused before any tee-time read: a made-up id costs the partner nothing.
      const course = await catalog.course(pick.courseId);
      const mine = !scope.courseIds || scope.courseIds.includes(pick.courseId);
      if (!course || !mine || course.status.toUpperCase() === "CLOSED") return { ok: false, reason: "gone" };
      const criteria = this.criteriaOf(asked);
      const searchScope = { now, courseIds: [pick.courseId], groups: scope.groups === true };
      const result = await searchOf(scope).run(criteria, searchScope);
      const hit = result.hits.find((h) => h.course.id === pick.courseId && h.slotId === pick.slotId);
      if (!hit) {
        // Open, but the party is larger than it takes and no group starts there: said, not "gone".
        const t = await this.openTeeTime(pick, now);
        const noGroup = scope.groups === true && t !== undefined && pick.players > t.maxPerson;
        return { ok: false, reason: noGroup ? "no-group" : "gone" };
      }
      if (!hit.group)
        return hit.net === undefined ? { ok: false, reason: "gone" } : { ok: true, slot: slotView(hit, hit.net) };
      const ids = hit.group.flights.map((f) => f.slotId);
      if (pick.flights && pick.flights.join(",") !== ids.join(",")) return { ok: false, reason: "gone" };
      // The nets the flow reserves at (a group's flights carry the prices shown): from the list the search just read (cached).
      const netOf = new Map((await catalog.teeTimes(pick.courseId, pick.date)).map((t) => [t.id, t.price]));
      if (ids.some((id) => !netOf.has(id))) return { ok: false, reason: "gone" };
      const flights = hit.group.flights.map((f) => ({ slot: slotView(f, netOf.get(f.slotId)!), persons: f.persons }));
      return { ok: true, slot: flights[0]!.slot, group: { flights } };
    },

    /** The tee time, when it is open now (the cached list). */
    async openTeeTime(
      pick: Pick<SheetPick, "courseId" | "date" | "slotId">,
      now: number,
    ): Promise<TeeTime | undefined> {
      const t = (await catalog.teeTimes(pick.courseId, pick.date)).find((x) => x.id === pick.slotId);
      return t !== undefined && t.status.toUpperCase() === "OPEN" && t.startsAt > now ? t : undefined;
    },

    /** The sheet for a request and a scope. Throws only if the course list cannot be read. */
    async read(request: SheetRequest, scope: SheetScope): Promise<Sheet> {
      const now = deps.now();
      const asked = askedOf(request, scope, now);
      const criteria = this.criteriaOf(asked);
      const search = searchOf(scope);
      const groups = scope.groups === true;
      const searchScope = { now, groups, ...(scope.courseIds ? { courseIds: scope.courseIds } : {}) };
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
            const list = await catalog.teeTimes(course.id, asked.date);
            const netOf = new Map(list.map((t) => [t.id, t.price]));
            const openCell = (hit: SearchHit): SheetCell & { at: number } => ({
              at: hit.startsAt,
              slotId: hit.slotId,
              time: hhmm(hit.startsAt, zone),
              open: true,
              price: hit.price,
              ...(scope.showNet && hit.net !== undefined && hit.net !== hit.price ? { net: hit.net } : {}),
              spots: hit.maxPerson,
              minPerson: hit.minPerson,
            });
            for (const hit of result.hits) {
              if (hit.course.id !== course.id || hit.group) continue;
              cells.set(hit.slotId, openCell(hit));
            }
            // A party no tee time here takes: every open tee time in the filters, with the group that starts there.
            const open = search.hitsOf(course, asked.date, list, { ...criteria, players: 0 }, now);
            if (
              groups &&
              cells.size === 0 &&
              open.length > 0 &&
              asked.players > Math.max(...open.map((h) => h.maxPerson))
            ) {
              const starts = new Map(
                result.hits.filter((h) => h.course.id === course.id && h.group).map((h) => [h.slotId, h.group!]),
              );
              for (const hit of open) {
                const group = starts.get(hit.slotId);
                const groupNet = group?.flights.reduce((sum, f) => sum + (netOf.get(f.slotId) ?? 0) * f.persons, 0);
                cells.set(hit.slotId, {
                  ...openCell(hit),
                  group: group
                    ? {
                        slotIds: group.flights.map((f) => f.slotId),
                        times: group.flights.map((f) => hhmm(f.startsAt, zone)),
                        split: group.flights.map((f) => f.persons),
                        total: group.total,
                        ...(scope.showNet && groupNet !== group.total ? { net: groupNet } : {}),
                      }
                    : null,
                });
              }
            }
            // The day's other tee times in the window that are gone: from the list the search just read (cached).
            const window = criteria.window;
            for (const t of list) {
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
        groups,
        maxPlayers: maxPlayersOf(scope),
        areas: AREAS.map(({ id, name, nameTH }) => ({ id, name, nameTH })),
        rows,
        failed: result.failed.map(({ id, name, nameTH }) => ({ id, name, nameTH })),
      };
    },
  };
}

export type TeeSheet = ReturnType<typeof createTeeSheet>;
