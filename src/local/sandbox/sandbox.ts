/**
 * `createSandbox`: a deterministic, in-process implementation of the partner API, reachable over
 * real HTTP (`listen`) or mounted in another server (`handler`).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger, type Logger } from "../../logger.js";
import { createApi } from "./api.js";
import { createCourseSide } from "./course-side.js";
import { createFaults, type FaultControl } from "./faults.js";
import { createOrderStore, type CourseEnd, type ReservationRecord } from "./orders.js";
import { COURSES, courseIndex, type CourseSeed } from "./seed.js";
import { createHandler, type RequestLogEntry } from "./server.js";
import { WINDOW_DAYS, courseSlots, parseSlotId, viewSlot, type SlotSeed, type SlotView } from "./tee-times.js";
import { dateToDay, dayToDate, formatInstant, localDay } from "./time.js";
import { createWire, type MoneyUnit, type Variants } from "./wire.js";

export interface SandboxOptions {
  /** Drives every pseudo-random choice. Default 1. */
  seed?: number;
  /** Epoch ms. Default `Date.now`. "Today" and "started" follow it in the course time zone (+07:00). */
  clock?: () => number;
  /** The client sends `Authorization: Basic base64(apiKey)`. Default `sandbox-key`. */
  apiKey?: string;
  /** Satang. Default 10_000_000 (100,000 THB). */
  initialBalance?: number;
  /** Unit of amount, price, caddyPrice, minPrice* and priceAfterDiscount on the wire. Default `satang`. The balance is always satang. */
  moneyUnit?: MoneyUnit;
  /** Share of the amount a refund credits back, 0–100. Default 100. */
  refundPercent?: number;
  /** When set, a PENDING reservation older than this becomes CANCEL (lazily). Default null: never. */
  holdExpiryMs?: number | null;
  /** Answer-shape variants. */
  variants?: Variants;
  /** Where request and failure lines go. Default: silent. */
  logger?: Logger;
  /**
   * Told when a `hang` or `apply-then-hang` fault leaves a request unanswered. A test harness uses it to
   * end the client's wait at once (its timeout fires on the test's word, not on a machine's speed).
   */
  onHang?: (request: RequestLogEntry) => void;
}

/** What GET /__sandbox/state answers (for the playground's side panel). */
export interface SandboxState {
  now: string;
  today: string;
  seed: number;
  moneyUnit: MoneyUnit;
  /** Satang. */
  balance: number;
  reservations: ReservationRecord[];
  requests: { total: number; byRoute: Record<string, number> };
  faults: { settings: FaultControl["settings"]; rules: { kind: string; method?: string; path?: string }[] };
}

/** Finds an OPEN slot for tests: first match from tomorrow on. */
export interface OpenSlotQuery {
  courseId?: string;
  /** YYYY-MM-DD; default: from tomorrow through the end of the sales window. */
  date?: string;
  /** The slot must accept this many golfers. */
  persons?: number;
}

export type Sandbox = ReturnType<typeof createSandbox>;

const routeKey = (e: RequestLogEntry): string => `${e.method} ${e.path.replace(/\/[0-9a-f]{20,24}(?=\/|$)/g, "/:id")}`;

/** Creates a sandbox; call `listen()` to serve it over HTTP. */
export function createSandbox(options: SandboxOptions = {}) {
  const seed = options.seed ?? 1;
  const clock = options.clock ?? Date.now;
  const apiKey = options.apiKey ?? "sandbox-key";
  const moneyUnit = options.moneyUnit ?? "satang";
  const refundPercent = options.refundPercent ?? 100;
  const initialBalance = options.initialBalance ?? 10_000_000;
  const holdExpiryMs = options.holdExpiryMs ?? null;
  if (!Number.isSafeInteger(seed)) throw new RangeError("seed must be an integer");
  if (!(refundPercent >= 0 && refundPercent <= 100)) throw new RangeError("refundPercent must be within 0..100");
  if (!Number.isSafeInteger(initialBalance)) throw new RangeError("initialBalance must be an integer number of satang");
  if (holdExpiryMs !== null && !(holdExpiryMs >= 0)) throw new RangeError("holdExpiryMs must be >= 0 or null");
  if (apiKey === "") throw new RangeError("apiKey must not be empty");
  const logger = options.logger ?? createLogger({ level: "silent" });

  const wire = createWire(moneyUnit, {
    weekendPriceField: options.variants?.weekendPriceField ?? "minPriceWeekend",
    timestamps: options.variants?.timestamps ?? "Z",
    omitOptional: options.variants?.omitOptional ?? false,
    extraFields: options.variants?.extraFields ?? false,
    invoiceField: options.variants?.invoiceField ?? "svcInvoiceId",
  });
  const view = (slot: SlotSeed): SlotView =>
    viewSlot(slot, {
      now: clock(),
      heldPersons: (id) => store.heldPersons(id),
      closedDay: (courseId, day) => store.closedDay(courseId, day),
    });
  const lookupSlot = (id: string): SlotView | null => {
    const slot = parseSlotId(seed, id);
    return slot ? view(slot) : null;
  };
  const store = createOrderStore({ seed, clock, initialBalance, refundPercent, holdExpiryMs, lookupSlot });
  const api = createApi({ apiKey, seed, clock, store, wire, view, lookupSlot });
  const faults = createFaults(seed);
  const courseSide = createCourseSide({
    store,
    slots: (courseId, day) => {
      const idx = courseIndex(courseId);
      return idx < 0 ? [] : courseSlots(seed, idx, day).map(view);
    },
  });
  const requests: RequestLogEntry[] = [];

  const state = (): SandboxState => {
    const byRoute: Record<string, number> = {};
    for (const e of requests) {
      const key = routeKey(e);
      byRoute[key] = (byRoute[key] ?? 0) + 1;
    }
    return {
      now: formatInstant(clock(), "+07:00", 3),
      today: dayToDate(localDay(clock())),
      seed,
      moneyUnit,
      balance: store.balance(),
      reservations: structuredClone(store.list()),
      requests: { total: requests.length, byRoute },
      faults: {
        settings: { ...faults.control.settings },
        rules: faults.control.rules().map((r) => ({ kind: r.kind, method: r.method, path: r.path?.source })),
      },
    };
  };

  const http = createHandler({
    clock,
    logger,
    faults,
    log: requests,
    api: (req) => api.handle(req),
    state,
    courseSide: (path, body) => courseSide.handle(path, body),
    ...(options.onHang ? { onHang: options.onHang } : {}),
  });
  let server: Server | undefined;
  let baseUrl: string | undefined;

  return {
    apiKey,
    /** The node request listener, to mount the sandbox in another server. */
    handler: http.handler,
    /** Base URL (e.g. `http://127.0.0.1:40123`); throws before `listen`. */
    get url(): string {
      if (baseUrl === undefined) throw new Error("sandbox is not listening");
      return baseUrl;
    },
    /** Starts serving; resolves to the base URL. Port 0 picks a free port. */
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      if (server) throw new Error("sandbox is already listening");
      const s = createServer(http.handler);
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, host, () => resolve());
      });
      const address = s.address() as AddressInfo;
      baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
      return baseUrl;
    },
    /** Stops serving; hanging answers and open connections are closed. */
    async close(): Promise<void> {
      http.shutdown();
      const s = server;
      server = undefined;
      baseUrl = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    /** Credit balance, satang. */
    balance: (): number => store.balance(),
    setBalance: (satang: number): void => store.setBalance(satang),
    /** Copies of the stored reservations, with their status history, in creation order. */
    reservations: (): ReservationRecord[] => structuredClone(store.list()),
    /** Every request received (live, oldest first). */
    requests: requests as readonly RequestLogEntry[],
    /** How many requests had this method and a path matching `path`. */
    count(method: string, path: RegExp): number {
      return requests.filter((e) => e.method === method.toUpperCase() && path.test(e.path)).length;
    },
    faults: faults.control,
    /** The seeded courses (raw). */
    courses: (): readonly CourseSeed[] => COURSES,
    /** The tee times of a course on a YYYY-MM-DD date as they stand now (raw, not the wire form). */
    slots(courseId: string, date: string): SlotView[] {
      const idx = courseIndex(courseId);
      const day = dateToDay(date);
      if (idx < 0 || day === null) return [];
      return courseSlots(seed, idx, day).map(view);
    },
    /** The first OPEN slot matching the query, from tomorrow on (tests), or undefined. */
    openSlot(query: OpenSlotQuery = {}): SlotView | undefined {
      const today = localDay(clock());
      const days = query.date !== undefined ? [dateToDay(query.date) ?? -1] : range(today + 1, today + WINDOW_DAYS);
      for (const day of days) {
        for (const [idx, course] of COURSES.entries()) {
          if (query.courseId !== undefined && course.id !== query.courseId) continue;
          const hit = courseSlots(seed, idx, day)
            .map(view)
            .find(
              (s) =>
                s.status === "OPEN" &&
                (query.persons === undefined || (s.minPerson <= query.persons && query.persons <= s.maxPerson)),
            );
          if (hit) return hit;
        }
      }
      return undefined;
    },
    /** The course's own changes, as `POST /__sandbox/course/*` makes them (`course-side.ts`). */
    course: {
      /** The course ends a paid reservation (CANCEL or REFUND), the refund's credit back. */
      end: (reservationId: string, status: CourseEnd = "REFUND"): ReservationRecord =>
        structuredClone(store.endByCourse(reservationId, status)),
      /** The course closes a YYYY-MM-DD day: every active reservation that day ended, its slots CLOSED. */
      closeDay(courseId: string, date: string): ReservationRecord[] {
        const day = dateToDay(date);
        if (day === null) throw new RangeError("date must be YYYY-MM-DD");
        return structuredClone(store.closeDay(courseId, day));
      },
      /** The course moves a reservation to another OPEN slot of its course. */
      changeTeeTime: (reservationId: string, slotId: string): ReservationRecord =>
        structuredClone(store.changeTeeTime(reservationId, slotId)),
    },
    /** The playground's view (also served at GET /__sandbox/state). */
    state,
    /** Forgets reservations, requests and faults; restores the balance and every seeded stream. */
    reset(): void {
      store.reset();
      wire.reset();
      faults.reset();
      requests.length = 0;
    },
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
