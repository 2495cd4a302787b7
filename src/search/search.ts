/**
 * Tee times across courses: every course that matches the criteria's area (and, for a customer, their
 * link's courses), every date asked, through the partner catalog's cache (one tee-time read per course
 * and date per minute, shared with the course flow and the inline mode; the catalog also bounds the
 * reads in flight). A course that fails or times out is named in the result and never fails the search.
 */
import type { PartnerCatalog } from "../partner/catalog.js";
import { isPartnerApiError } from "../partner/errors.js";
import type { Course, TeeTime } from "../partner/types.js";
import { wallClock } from "../time/zoned.js";
import { areaById, courseInArea, distanceKm } from "./areas.js";
import type { SearchCriteria } from "./criteria.js";
import { groupPlans, MAX_GROUP_PLAYERS } from "./groups.js";

/** What a result shows of its course. */
export interface HitCourse {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  timeZone: string;
  lat: number | null;
  lon: number | null;
}

/** One tee time found: plain JSON (kept between taps). */
export interface SearchHit {
  course: HitCourse;
  /** YYYY-MM-DD, the course's. */
  date: string;
  slotId: string;
  startsAt: number;
  /** Per player, satang: what the searcher is shown (and what a price limit compares). */
  price: number;
  /** Per player, satang: the partner's price (the agency's cost), what a booking of it is reserved at. */
  net?: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
  freeCaddy?: boolean;
  caddyPrice?: number;
  /** From the search's origin (a shared location, or the area's centre), when it has one. */
  distanceKm?: number;
  /**
   * A party larger than one tee time takes (`SearchScope.groups`): its flights, consecutive tee times
   * from this one on, and their total; `price` is then the total per player, rounded.
   */
  group?: { flights: HitFlight[]; total: number };
}

/** One tee time of a group hit, and the players on it. */
export interface HitFlight {
  slotId: string;
  startsAt: number;
  /** Per player, satang: the partner's price (the net), which the booking reserves at; the hit's total is the asker's. */
  price: number;
  priceType: string;
  minPerson: number;
  maxPerson: number;
  freeCaddy?: boolean;
  caddyPrice?: number;
  persons: number;
}

export type SortOrder = "earliest" | "cheapest" | "nearest";

export interface SearchResult {
  hits: SearchHit[];
  /** Courses whose tee times could not be read (a partner failure or a timeout). */
  failed: HitCourse[];
  /** How many courses matched the area (and the customer's courses). */
  courses: number;
}

export interface TeeTimeSearchOptions {
  catalog: PartnerCatalog;
  /** Per-player price the searcher sees for a tee time (the selling price for a customer). Default: the partner's. */
  priceOf?: (teeTime: TeeTime, course: Course) => number;
  /** Most minutes between a group's tee times (GROUP_MAX_GAP_MINUTES). Default 20. */
  groupGapMinutes?: number;
}

export interface SearchScope {
  /** Only these courses (a customer's link); undefined: every course. */
  courseIds?: readonly string[];
  /** Epoch ms: tee times that have started are not offered. */
  now: number;
  /** A party larger than one tee time takes is offered groups of consecutive tee times (/find). Default false. */
  groups?: boolean;
}

function hitCourse(c: Course): HitCourse {
  const { id, name, nameTH, place, lat, lon } = c;
  return { id, name, nameTH, place, timeZone: c.timeZone || "Asia/Bangkok", lat, lon };
}

/** Where "nearest" measures from: the shared location, else the area's centre. */
export function searchOrigin(criteria: Pick<SearchCriteria, "area">): { lat: number; lon: number } | undefined {
  const area = criteria.area;
  if (!area) return undefined;
  if (area.kind === "near") return { lat: area.lat, lon: area.lon };
  const known = areaById(area.id);
  return known ? { lat: known.lat, lon: known.lon } : undefined;
}

/** Courses the search reads: open, in the area, and among `courseIds` when given. */
export function coursesInScope(courses: readonly Course[], criteria: SearchCriteria, scope: SearchScope): Course[] {
  const allowed = scope.courseIds ? new Set(scope.courseIds) : undefined;
  return courses.filter(
    (c) =>
      c.status.toUpperCase() !== "CLOSED" &&
      (!allowed || allowed.has(c.id)) &&
      (!criteria.area || courseInArea(c, criteria.area)),
  );
}

export function createTeeTimeSearch(options: TeeTimeSearchOptions) {
  const { catalog } = options;
  const priceOf = options.priceOf ?? ((t: TeeTime) => t.price);
  const gap = { maxGapMinutes: options.groupGapMinutes ?? 20 };

  function matches(t: TeeTime, course: Course, criteria: SearchCriteria, now: number): boolean {
    if (t.status.toUpperCase() !== "OPEN" || t.startsAt <= now) return false;
    if (criteria.players > 0 && (criteria.players < t.minPerson || criteria.players > t.maxPerson)) return false;
    if (criteria.maxPrice !== undefined && priceOf(t, course) > criteria.maxPrice) return false;
    if (criteria.window) {
      const { hour, minute } = wallClock(t.startsAt, course.timeZone || "Asia/Bangkok");
      const at = hour * 60 + minute;
      if (at < criteria.window.from || at >= criteria.window.to) return false;
    }
    return true;
  }

  /** The hits of one course's list of `date` that match `criteria`, with the distance from `origin`. */
  function hitsOf(
    course: Course,
    date: string,
    list: readonly TeeTime[],
    criteria: SearchCriteria,
    now: number,
    origin = searchOrigin(criteria),
  ): SearchHit[] {
    const view = hitCourse(course);
    const distance =
      origin && course.lat !== null && course.lon !== null
        ? distanceKm(origin, { lat: course.lat, lon: course.lon })
        : undefined;
    return list
      .filter((t) => matches(t, course, criteria, now))
      .map((t) => ({
        course: view,
        date,
        slotId: t.id,
        startsAt: t.startsAt,
        price: priceOf(t, course),
        net: t.price,
        priceType: t.priceType,
        minPerson: t.minPerson,
        maxPerson: t.maxPerson,
        ...(t.freeCaddy !== undefined ? { freeCaddy: t.freeCaddy } : {}),
        ...(t.caddyPrice !== undefined ? { caddyPrice: t.caddyPrice } : {}),
        ...(distance !== undefined ? { distanceKm: Math.round(distance * 10) / 10 } : {}),
      }));
  }

  /** The groups a party larger than one tee time can book from one course's list of `date`: one per first tee time. */
  function groupHitsOf(
    course: Course,
    date: string,
    list: readonly TeeTime[],
    criteria: SearchCriteria,
    now: number,
    origin = searchOrigin(criteria),
  ): SearchHit[] {
    if (criteria.players > MAX_GROUP_PLAYERS) return [];
    const open = list
      .filter((t) => matches(t, course, { ...criteria, players: 0 }, now))
      // Planned and totalled at the price the asker pays; each flight keeps the net the booking reserves at.
      .map((t) => ({ ...t, price: priceOf(t, course), net: t.price }));
    const distance =
      origin && course.lat !== null && course.lon !== null
        ? distanceKm(origin, { lat: course.lat, lon: course.lon })
        : undefined;
    return groupPlans(open, criteria.players, gap).map((plan) => {
      const first = plan.flights[0]!.slot;
      return {
        course: hitCourse(course),
        date,
        slotId: first.id,
        startsAt: first.startsAt,
        price: Math.round(plan.total / plan.persons),
        // The first tee time's net: what the booking is reserved at if the party changes to one tee time.
        net: first.net,
        priceType: first.priceType,
        minPerson: first.minPerson,
        maxPerson: first.maxPerson,
        ...(distance !== undefined ? { distanceKm: Math.round(distance * 10) / 10 } : {}),
        group: {
          total: plan.total,
          flights: plan.flights.map(({ slot: t, persons }) => ({
            slotId: t.id,
            startsAt: t.startsAt,
            price: t.net,
            priceType: t.priceType,
            minPerson: t.minPerson,
            maxPerson: t.maxPerson,
            ...(t.freeCaddy !== undefined ? { freeCaddy: t.freeCaddy } : {}),
            ...(t.caddyPrice !== undefined ? { caddyPrice: t.caddyPrice } : {}),
            persons,
          })),
        },
      };
    });
  }

  return {
    hitsOf,
    /** Every matching tee time, earliest first. Throws only if the course list cannot be read. */
    async run(criteria: SearchCriteria, scope: SearchScope): Promise<SearchResult> {
      const courses = coursesInScope(await catalog.courses(), criteria, scope);
      const origin = searchOrigin(criteria);
      const failed: HitCourse[] = [];
      const hits: SearchHit[] = [];
      await Promise.all(
        courses.map(async (course) => {
          const lists = await Promise.allSettled(criteria.dates.map((date) => catalog.teeTimes(course.id, date)));
          lists.forEach((list, i) => {
            if (list.status === "rejected") {
              if (!isPartnerApiError(list.reason)) throw list.reason;
              if (!failed.some((f) => f.id === course.id)) failed.push(hitCourse(course));
              return;
            }
            const date = criteria.dates[i] ?? "";
            hits.push(...hitsOf(course, date, list.value, criteria, scope.now, origin));
            if (scope.groups) hits.push(...groupHitsOf(course, date, list.value, criteria, scope.now, origin));
          });
        }),
      );
      failed.sort((a, b) => a.name.localeCompare(b.name));
      return { hits: rankHits(hits, "earliest"), failed, courses: courses.length };
    },
  };
}

export type TeeTimeSearch = ReturnType<typeof createTeeTimeSearch>;

/**
 * Orders hits: earliest (then cheapest), cheapest (then earliest), nearest (then earliest; hits
 * without a distance last). Ties end on the course name and tee-time id so the order is stable.
 */
export function rankHits(hits: readonly SearchHit[], sort: SortOrder): SearchHit[] {
  const tie = (a: SearchHit, b: SearchHit) =>
    a.course.name.localeCompare(b.course.name) || a.slotId.localeCompare(b.slotId);
  const byTime = (a: SearchHit, b: SearchHit) => a.startsAt - b.startsAt;
  const byPrice = (a: SearchHit, b: SearchHit) => a.price - b.price;
  const byDistance = (a: SearchHit, b: SearchHit) =>
    (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY);
  const orders: Record<SortOrder, ((a: SearchHit, b: SearchHit) => number)[]> = {
    earliest: [byTime, byPrice],
    cheapest: [byPrice, byTime],
    nearest: [byDistance, byTime],
  };
  const keys = orders[sort];
  return [...hits].sort((a, b) => {
    for (const key of keys) {
      const d = key(a, b);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return tie(a, b);
  });
}
