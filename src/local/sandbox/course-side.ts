/**
 * The course's own changes, as knobs of the sandbox (`POST /__sandbox/course/*`, no auth, like the state):
 * what a real course does to fairway's reservations without fairway asking. The partner API itself has no
 * such endpoint (the spec shows no events): fairway sees these changes only by reading a reservation again.
 *
 *   POST /__sandbox/course/end        { reservationId, status?: "CANCEL" | "REFUND" }  (default REFUND)
 *   POST /__sandbox/course/close-day  { courseId, date: "YYYY-MM-DD" }
 *   POST /__sandbox/course/tee-time   { reservationId, slotId? }  (default: the nearest OPEN slot of its course-day)
 *
 * Each answers 200 `{ ok: true, reservations: [...] }` (the records changed), or the partner's error body.
 */
import * as v from "valibot";
import type { Answer } from "./api.js";
import { SandboxError, errorBody } from "./errors.js";
import type { OrderStore, ReservationRecord } from "./orders.js";
import type { SlotView } from "./tee-times.js";
import { dateToDay, localDay } from "./time.js";

const EndBody = v.object({
  reservationId: v.pipe(v.string(), v.minLength(1)),
  status: v.optional(v.picklist(["CANCEL", "REFUND"]), "REFUND"),
});
const CloseDayBody = v.object({
  courseId: v.pipe(v.string(), v.minLength(1)),
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
});
const TeeTimeBody = v.object({
  reservationId: v.pipe(v.string(), v.minLength(1)),
  slotId: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export interface CourseSideDeps {
  store: OrderStore;
  /** The slots of a course on a course-local day, as the API shows them now. */
  slots(courseId: string, day: number): SlotView[];
}

/** The knobs' HTTP answers: `handle` returns undefined for a path that is not one of them. */
export function createCourseSide(deps: CourseSideDeps) {
  const { store } = deps;
  const ok = (reservations: ReservationRecord[]): Answer => ({
    status: 200,
    body: { ok: true, reservations: structuredClone(reservations) },
  });

  /** The nearest OPEN slot of the reservation's course-day (after it first), for a tee time changed by the course. */
  const nearestSlot = (r: ReservationRecord): string => {
    const open = deps
      .slots(r.courseId, localDay(r.slotTime))
      .filter((s) => s.status === "OPEN" && s.id !== r.slotId && s.minPerson <= r.persons && r.persons <= s.maxPerson)
      .sort((a, b) => Math.abs(a.startMs - r.slotTime) - Math.abs(b.startMs - r.slotTime));
    const slot = open[0];
    if (!slot) throw new SandboxError(409, "SLOT_NOT_AVAILABLE", "No open tee time that day to move it to");
    return slot.id;
  };

  const route = (path: string, json: unknown): Answer | undefined => {
    switch (path) {
      case "/__sandbox/course/end": {
        const body = v.parse(EndBody, json);
        return ok([store.endByCourse(body.reservationId, body.status)]);
      }
      case "/__sandbox/course/close-day": {
        const body = v.parse(CloseDayBody, json);
        const day = dateToDay(body.date);
        if (day === null) throw new SandboxError(400, "VALIDATION", "date must be a YYYY-MM-DD date");
        if (deps.slots(body.courseId, day).length === 0 && !store.closedDay(body.courseId, day)) {
          throw new SandboxError(404, "NOT_FOUND", "Course not found");
        }
        return ok(store.closeDay(body.courseId, day));
      }
      case "/__sandbox/course/tee-time": {
        const body = v.parse(TeeTimeBody, json);
        const r = store.get(body.reservationId);
        return ok([store.changeTeeTime(r.id, body.slotId ?? nearestSlot(r))]);
      }
      default:
        return undefined;
    }
  };

  return {
    /** Answers `POST path` with a JSON `body` text, or undefined when the path is not a course knob. */
    handle(path: string, body: string): Answer | undefined {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      try {
        return route(path, json);
      } catch (error) {
        if (error instanceof SandboxError) {
          return { status: error.status, body: errorBody(error.status, error.message, error.code) };
        }
        if (error instanceof v.ValiError) {
          const message = v.summarize((error as v.ValiError<v.GenericSchema>).issues);
          return { status: 400, body: errorBody(400, message, "VALIDATION") };
        }
        throw error;
      }
    },
  };
}
