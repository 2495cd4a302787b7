import { expect } from "vitest";
import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import type { Sandbox } from "../../../../src/local/sandbox/index.js";
import { wallClock } from "../../../../src/time/zoned.js";
import { courseInArea } from "../../../../src/search/areas.js";
import { panel, tapData } from "../../../helpers/flow.js";

/** Saturday after the world's start (Wednesday 25 November 2026): `sat` in a search. */
export const SATURDAY = "2026-11-28";

/** A partner call as another agency makes it (Basic auth, JSON). */
export async function partnerCall(sandbox: Sandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}/api/v1/ext${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(sandbox.apiKey).toString("base64")}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The sandbox's courses in an area, as the search places them. */
export function coursesIn(sandbox: Sandbox, area: string) {
  return sandbox.courses().filter((c) => c.status !== "CLOSED" && inArea(c, area));
}

/** Whether a sandbox course (raw: its coordinates are text) lies in an area. */
function inArea(course: ReturnType<Sandbox["courses"]>[number], area: string): boolean {
  const located = { lat: Number(course.lat), lon: Number(course.lon), place: course.place };
  return courseInArea(located, { kind: "area", id: area });
}

export interface SoldOut {
  /** Another agency's holds, one per tee time that was open: release one to open it again. */
  holds: { reservationId: string; slotId: string; courseId: string; startsAt: number }[];
}

/**
 * Another agency holds every open tee time of `date` between `from` and `to` (Bangkok minutes) that
 * takes `persons` (any, without it), at the courses of area `area` (or the one course `courseId`): a search for them then
 * finds nothing.
 */
export async function sellOut(
  sandbox: Sandbox,
  q: { date: string; from: number; to: number; persons?: number; area?: string; courseId?: string },
): Promise<SoldOut> {
  const holds: SoldOut["holds"] = [];
  const courses = sandbox.courses().filter((c) => (q.courseId ? c.id === q.courseId : inArea(c, q.area ?? "")));
  for (const course of courses) {
    for (const slot of sandbox.slots(course.id, q.date)) {
      const { hour, minute } = wallClock(slot.startMs, "Asia/Bangkok");
      const at = hour * 60 + minute;
      if (slot.status !== "OPEN" || at < q.from || at >= q.to) continue;
      if (q.persons !== undefined && (q.persons < slot.minPerson || q.persons > slot.maxPerson)) continue;
      const res = await partnerCall(sandbox, "POST", "/order/reserve", {
        slotId: slot.id,
        persons: slot.minPerson,
        customerName: "Other Agency Golfer",
        customerEmail: "other@example.com",
        customerMobile: "+66899999999",
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      holds.push({ reservationId: String(res.json.id), slotId: slot.id, courseId: course.id, startsAt: slot.startMs });
    }
  }
  return { holds };
}

/** Another agency releases its hold: the tee time is open again. */
export async function release(sandbox: Sandbox, reservationId: string): Promise<void> {
  const res = await partnerCall(sandbox, "DELETE", `/order/${reservationId}/cancel`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** The messages a user got whose text matches. */
export function messagesMatching(user: SimulatedUser, pattern: RegExp) {
  return user.messages().filter((m) => pattern.test(m.text ?? ""));
}

/** Taps "Tell me when one opens" under the user's latest search. */
export function tapWatch(user: SimulatedUser): void {
  expect(
    panel(user).data.some((d) => /^wt:f:/.test(d)),
    panel(user).text,
  ).toBe(true);
  tapData(user, /^wt:f:/);
}
