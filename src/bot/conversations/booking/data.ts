import type { Conversation } from "@grammyjs/conversations";
import { isPartnerApiError, type PartnerErrorJSON } from "../../../partner/errors.js";
import type { Course, TeeTime } from "../../../partner/types.js";
import { addDaysToDateKey } from "../../format/dates.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { partOfDay } from "../../format/dates.js";
import { COURSES_PER_PAGE } from "../../keyboards/course-pager.js";
import { SLOTS_PER_PAGE, slotPageCount } from "../../keyboards/slot-pager.js";
import type { CourseSummary, CourseView, PartOfDay } from "./draft.js";
import type { SlotView } from "./entry.js";

/** A page of tee times, read for one view and never kept in the draft. */
export interface SlotPage {
  /** The page's tee times under the part-of-day filter, each with its index in the day's open list. */
  items: { index: number; slot: SlotView }[];
  /** Tee times under the filter, every page. */
  visible: number;
  /** Open tee times that day, any part of day. */
  total: number;
  /** The price types among the visible ones. */
  types: string[];
  /** Later dates with tee times, when the day has none. */
  suggestions: string[];
  /** The page shown (the asked one, within bounds). */
  page: number;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: PartnerErrorJSON };

type Flow = Conversation<BotContext, FlowContext>;

/**
 * Runs a partner read inside `conversation.external` and returns plain JSON: the value, or the
 * partner error as data (a thrown error would be stored and re-thrown on every replay).
 */
export async function load<T>(conversation: Flow, task: () => Promise<T>): Promise<Loaded<T>> {
  return conversation.external(async () => {
    try {
      return { ok: true as const, value: await task() };
    } catch (error) {
      if (isPartnerApiError(error)) return { ok: false as const, error: error.toJSON() };
      throw error;
    }
  });
}

export function toCourseView(c: Course): CourseView {
  return {
    id: c.id,
    name: c.name,
    nameTH: c.nameTH,
    place: c.place,
    timeZone: c.timeZone || "Asia/Bangkok",
    ...(c.minPriceWeekday !== undefined ? { minWeekday: c.minPriceWeekday } : {}),
    ...(c.minPriceWeekend !== undefined ? { minWeekend: c.minPriceWeekend } : {}),
    lat: c.lat,
    lon: c.lon,
    ...(c.images[0] ? { image: c.images[0] } : {}),
    openingHours: c.openingHours,
    address: c.address,
    website: c.website,
  };
}

export function toSlotView(t: TeeTime): SlotView {
  return {
    id: t.id,
    startsAt: t.startsAt,
    price: t.price,
    priceType: t.priceType,
    minPerson: t.minPerson,
    maxPerson: t.maxPerson,
    ...(t.freeCaddy !== undefined ? { freeCaddy: t.freeCaddy } : {}),
    ...(t.caddyPrice !== undefined ? { caddyPrice: t.caddyPrice } : {}),
  };
}

/**
 * One page of the open courses, in the partner's order: what the course list shows of each. Only the
 * page is read into the replay log (a catalog of 30 courses is 8 KB; a page of six, under 2 KB).
 */
export interface CoursePage {
  /** Open courses, every page. */
  total: number;
  /** The index of the page's first course in the whole list. */
  start: number;
  items: CourseSummary[];
}

/** The page `page` (clamped) of the open courses. */
export function loadCourses(conversation: Flow, deps: BotDeps, page: number) {
  return load(conversation, async (): Promise<CoursePage> => {
    const open = (await deps.catalog.courses()).filter((c) => c.status.toUpperCase() !== "CLOSED");
    const pages = Math.max(1, Math.ceil(open.length / COURSES_PER_PAGE));
    const start = Math.min(Math.max(page, 0), pages - 1) * COURSES_PER_PAGE;
    const items = open.slice(start, start + COURSES_PER_PAGE).map((c): CourseSummary => {
      const { id, name, nameTH, place, minWeekday, minWeekend } = toCourseView(c);
      return {
        id,
        name,
        nameTH,
        place,
        ...(minWeekday !== undefined ? { minWeekday } : {}),
        ...(minWeekend !== undefined ? { minWeekend } : {}),
      };
    });
    return { total: open.length, start, items };
  });
}

/** One course with everything its details page shows (from the cached list). */
export function loadCourse(conversation: Flow, deps: BotDeps, id: string) {
  return load(conversation, async () => {
    const course = await deps.catalog.course(id);
    return course ? toCourseView(course) : null;
  });
}

export function openSlots(list: TeeTime[], now: number): SlotView[] {
  return list
    .filter((t) => t.status.toUpperCase() === "OPEN" && t.startsAt > now)
    .sort((a, b) => a.startsAt - b.startsAt)
    .map(toSlotView);
}

/** The page of tee times a view shows (see `SlotPage`). */
export interface SlotPageQuery {
  courseId: string;
  timeZone: string;
  date: string;
  part: PartOfDay;
  page: number;
  /** Read from the partner rather than the catalog's cache. */
  fresh: boolean;
  /** Epoch ms: tee times that have started are not offered. */
  now: number;
  /** The last date the calendar offers (suggestions stop there). */
  lastDate: string;
}

/**
 * The chosen date's open tee times, as one page under the part-of-day filter; when the day has none,
 * up to three later dates that have some (at most seven more days read, through the catalog's cache).
 */
export function loadSlotPage(conversation: Flow, deps: BotDeps, q: SlotPageQuery) {
  return load(conversation, async (): Promise<SlotPage> => {
    const all = openSlots(await deps.catalog.teeTimes(q.courseId, q.date, { fresh: q.fresh }), q.now);
    const visible = all
      .map((slot, index) => ({ index, slot }))
      .filter(({ slot }) => q.part === "all" || partOfDay(slot.startsAt, q.timeZone) === q.part);
    const page = Math.min(Math.max(q.page, 0), slotPageCount(visible.length) - 1);
    const suggestions: string[] = [];
    for (let i = 0, day = q.date; all.length === 0 && i < 7 && suggestions.length < 3; i += 1) {
      day = addDaysToDateKey(day, 1);
      if (day > q.lastDate) break;
      if (openSlots(await deps.catalog.teeTimes(q.courseId, day), q.now).length > 0) suggestions.push(day);
    }
    return {
      items: visible.slice(page * SLOTS_PER_PAGE, (page + 1) * SLOTS_PER_PAGE),
      visible: visible.length,
      total: all.length,
      types: [...new Set(visible.map(({ slot }) => slot.priceType))],
      suggestions,
      page,
    };
  });
}

/** The open tee times of a course on a date that have not started, earliest first (a group's proposal reads these). */
export function loadDaySlots(
  conversation: Flow,
  deps: BotDeps,
  q: { courseId: string; date: string; now: number; fresh?: boolean },
) {
  return load(conversation, async () =>
    openSlots(await deps.catalog.teeTimes(q.courseId, q.date, { fresh: q.fresh === true }), q.now),
  );
}
