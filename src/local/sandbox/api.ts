/**
 * The ten partner endpoints under /api/v1/ext: Basic auth, routing, validation, and rendering
 * through `wire`. Pure request → answer; the HTTP plumbing and faults live in server.ts.
 */
import { timingSafeEqual } from "node:crypto";
import { SandboxError, errorBody, invalid, notFound } from "./errors.js";
import type { OrderStore, ReserveInput } from "./orders.js";
import { COURSES, courseIndex } from "./seed.js";
import { WINDOW_DAYS, courseSlots, type SlotView, type SlotSeed } from "./tee-times.js";
import { dateToDay, localDay } from "./time.js";
import type { Wire } from "./wire.js";

export const API_PREFIX = "/api/v1/ext";

export interface ApiRequest {
  method: string;
  /** URL path without the query. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  /** Raw request body ("" when none). */
  body: string;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ApiDeps {
  apiKey: string;
  seed: number;
  clock: () => number;
  store: OrderStore;
  wire: Wire;
  view(slot: SlotSeed): SlotView;
  lookupSlot(id: string): SlotView | null;
}

const unauthorized = (message: string): SandboxError => new SandboxError(401, "UNAUTHORIZED", message);

/** Checks `Authorization: Basic base64(apiKey)`; throws 401 otherwise. */
export function checkAuth(header: string | undefined, apiKey: string): void {
  if (header === undefined || header.trim() === "") throw unauthorized("Missing Authorization header");
  const match = /^Basic[ ]+(\S+)\s*$/i.exec(header.trim());
  if (!match?.[1]) throw unauthorized("Authorization must use the Basic scheme");
  const encoded = match[1];
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) throw unauthorized("Invalid API key");
  const given = Buffer.from(encoded, "base64");
  const expected = Buffer.from(apiKey, "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized("Invalid API key");
}

const text = (body: Record<string, unknown>, field: string, min: number, max: number): string => {
  const value = body[field];
  if (value === undefined || value === null) throw invalid(`${field} is required`);
  if (typeof value !== "string") throw invalid(`${field} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length < min) throw invalid(`${field} must not be empty`);
  if (trimmed.length > max) throw invalid(`${field} must be at most ${max} characters`);
  return trimmed;
};

/** Validates the body of POST /order/reserve (docs/partner-api-choices.md). */
export function parseReserveBody(raw: string): ReserveInput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid("Body must be valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalid("Body must be a JSON object");
  }
  const body = parsed as Record<string, unknown>;
  const slotId = text(body, "slotId", 1, 64);
  if (body.persons === undefined || body.persons === null) throw invalid("persons is required");
  if (typeof body.persons !== "number" || !Number.isInteger(body.persons)) throw invalid("persons must be an integer");
  const input: ReserveInput = {
    slotId,
    persons: body.persons,
    customerName: text(body, "customerName", 1, 100),
    customerEmail: text(body, "customerEmail", 3, 254),
    customerMobile: text(body, "customerMobile", 6, 32),
  };
  if (!input.customerEmail.includes("@")) throw invalid("customerEmail must be an e-mail address");
  if (body.customerId !== undefined) input.customerId = text(body, "customerId", 1, 100);
  if (body.additionGolfer !== undefined) {
    const list = body.additionGolfer;
    if (!Array.isArray(list) || list.length > 10 || !list.every((g) => typeof g === "string" && g.trim() !== "")) {
      throw invalid("additionGolfer must be a list of at most 10 names");
    }
    input.additionGolfer = (list as string[]).map((g) => g.trim().slice(0, 100));
  }
  return input;
}

const segment = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** Creates the endpoint dispatcher. */
export function createApi(deps: ApiDeps) {
  const { store, wire } = deps;
  const ok = (body: unknown): Answer => ({ status: 200, body });

  const findCourse = (id: string) => {
    const course = COURSES[courseIndex(id)];
    if (!course) throw notFound("Course");
    return course;
  };

  const listTeeTimes = (query: URLSearchParams): Answer => {
    const courseId = query.get("courseId");
    if (!courseId) throw invalid("courseId is required");
    const date = query.get("date");
    if (!date) throw invalid("date is required");
    const day = dateToDay(date);
    if (day === null) throw invalid("date must be a calendar date YYYY-MM-DD");
    const idx = courseIndex(courseId);
    if (idx < 0) throw notFound("Course");
    if (day > localDay(deps.clock()) + WINDOW_DAYS) return ok([]);
    return ok(courseSlots(deps.seed, idx, day).map((s) => wire.teeTimeListItem(deps.view(s))));
  };

  const route = (req: ApiRequest): Answer => {
    const parts = req.path.slice(API_PREFIX.length).split("/").filter(Boolean).map(segment);
    const [a, b, c, extra] = parts;
    const m = req.method;
    if (extra === undefined) {
      if (m === "GET" && a === "course" && b === undefined) return ok(COURSES.map(wire.courseListItem));
      if (m === "GET" && a === "course" && b !== undefined && c === undefined) return ok(wire.course(findCourse(b)));
      if (m === "GET" && a === "tee-time" && b === undefined) return listTeeTimes(req.query);
      if (m === "GET" && a === "tee-time" && b !== undefined && c === undefined) {
        const slot = deps.lookupSlot(b);
        if (!slot) throw notFound("Tee time");
        return ok(wire.teeTime(slot));
      }
      if (m === "GET" && a === "balance" && b === undefined) return ok(wire.balance(store.balance()));
      if (a === "order" && b !== undefined) {
        if (m === "POST" && b === "reserve" && c === undefined) {
          return ok(wire.reservation(store.reserve(parseReserveBody(req.body)), "create"));
        }
        if (m === "POST" && c === "confirm") return ok(wire.reservation(store.confirm(b), "confirm"));
        if (m === "DELETE" && c === "cancel") return ok(wire.reservation(store.release(b), "release"));
        if (m === "POST" && c === "refund") return ok(wire.reservation(store.refund(b), "refund"));
        if (m === "GET" && c === undefined) return ok(wire.reservation(store.get(b), "read"));
      }
    }
    throw notFound(`Route ${m} ${req.path}`);
  };

  return {
    /** Answers one API request (auth first, then the route). Errors become JSON error answers. */
    handle(req: ApiRequest): Answer {
      try {
        if (!req.path.startsWith(`${API_PREFIX}/`)) throw notFound(`Route ${req.method} ${req.path}`);
        checkAuth(req.authorization, deps.apiKey);
        return route(req);
      } catch (error) {
        if (error instanceof SandboxError) {
          return { status: error.status, body: errorBody(error.status, error.message, error.code) };
        }
        throw error;
      }
    },
  };
}
