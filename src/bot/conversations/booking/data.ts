import type { Conversation } from "@grammyjs/conversations";
import { isPartnerApiError, type PartnerErrorJSON } from "../../../partner/errors.js";
import type { Course, TeeTime } from "../../../partner/types.js";
import { addDaysToDateKey } from "../../format/dates.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import type { CourseView, SlotView } from "./draft.js";

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

/** Open courses, in the partner's order. */
export function loadCourses(conversation: Flow, deps: BotDeps) {
  return load(conversation, async () => (await deps.partner.listCourses()).filter((c) => c.status.toUpperCase() !== "CLOSED").map(toCourseView));
}

/** Tee times of `date` that are OPEN and start after `now`, by start time. */
export function loadSlots(conversation: Flow, deps: BotDeps, courseId: string, date: string, now: number) {
  return load(conversation, async () => openSlots(await deps.partner.listTeeTimes(courseId, date), now));
}

export function openSlots(list: TeeTime[], now: number): SlotView[] {
  return list
    .filter((t) => t.status.toUpperCase() === "OPEN" && t.startsAt > now)
    .sort((a, b) => a.startsAt - b.startsAt)
    .map(toSlotView);
}

/** Up to `want` dates after `date` (within `lastDate`) that have open tee times; one call per date, at most 7. */
export function loadSuggestions(conversation: Flow, deps: BotDeps, courseId: string, date: string, lastDate: string, now: number, want = 3) {
  return load(conversation, async () => {
    const found: string[] = [];
    let day = date;
    for (let i = 0; i < 7 && found.length < want; i += 1) {
      day = addDaysToDateKey(day, 1);
      if (day > lastDate) break;
      const list = await deps.partner.listTeeTimes(courseId, day);
      if (openSlots(list, now).length > 0) found.push(day);
    }
    return found;
  });
}
