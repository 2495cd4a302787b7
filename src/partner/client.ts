/** The partner API client: ten endpoints, typed, parsed and normalised. No grammY here. */
import * as v from "valibot";
import { PartnerUnavailableError } from "./errors.js";
import { createPartnerHttp, type PartnerAttemptInfo, type PartnerTimeoutStarter } from "./http.js";
import type { PartnerLogger } from "./logger.js";
import { MONEY_UNITS, type MoneyUnit } from "./money.js";
import { reconcileWrite, type WriteKind } from "./reconcile.js";
import { schemasFor } from "./schemas/index.js";
import { neverConnected } from "./secrets.js";
import { isPartnerDate } from "./time.js";
import type { Balance, Course, Reservation, ReserveInput, TeeTime } from "./types.js";

export interface PartnerClientOptions {
  /** The partner's base URL without `/api/v1/ext` (a trailing slash, or that suffix, is tolerated). */
  baseURL: string;
  /** The partner API key; sent as `Authorization: Basic <base64 of the key>`, never logged. */
  apiKey: string;
  /** Per-attempt limit for connecting, sending and reading the whole answer. Default 8000 ms. */
  timeoutMs?: number;
  /** Unit of the partner's prices and amounts (not of the balance). Default `"satang"`. */
  moneyUnit?: MoneyUnit;
  /** Extra attempts for reads after a network failure, a timeout, 429 or 5xx. Default 2. Writes: never. */
  retries?: number;
  /** Base of the exponential backoff with full jitter. Default 300 ms. */
  retryDelayMs?: number;
  /** Cap of one backoff wait. Default 5000 ms. */
  maxRetryDelayMs?: number;
  /** Longest `Retry-After` a read waits for before retrying; longer ones fail at once. Default 5000 ms. */
  maxRetryAfterMs?: number;
  /** A pino logger (or child): one debug line per attempt, warn on retries and reconciliation. */
  logger?: PartnerLogger;
  /** A fetch implementation for ofetch. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /**
   * Told of every HTTP attempt (retries each count) with its route template, status (or `"timeout"`,
   * `"network"`) and duration: metrics. Called synchronously; whatever it throws is ignored.
   */
  onRequest?: (info: PartnerAttemptInfo) => void;
  /** Told of every balance read, in satang: metrics. Whatever it throws is ignored. */
  onBalance?: (satang: number) => void;
  /** Starts each attempt's `timeoutMs` wait. Default: a timer (tests end a hung request's wait at once). */
  startTimeout?: PartnerTimeoutStarter;
}

const Millis = v.pipe(v.number(), v.integer(), v.minValue(0));

const OptionsSchema = v.object({
  baseURL: v.pipe(v.string(), v.url("baseURL must be an absolute URL")),
  apiKey: v.pipe(v.string(), v.nonEmpty("apiKey must not be empty")),
  timeoutMs: v.optional(v.pipe(Millis, v.minValue(1)), 8000),
  moneyUnit: v.optional(v.picklist(MONEY_UNITS), "satang"),
  retries: v.optional(v.pipe(Millis, v.maxValue(10)), 2),
  retryDelayMs: v.optional(Millis, 300),
  maxRetryDelayMs: v.optional(Millis, 5000),
  maxRetryAfterMs: v.optional(Millis, 5000),
});

/**
 * Creates the partner API client. Every answer is validated and normalised (money in integer satang,
 * instants in epoch ms); every failure is a `PartnerApiError` subclass. Reads are retried by the
 * policy; `reserve`, `confirm`, `release` and `refund` never are, and the last three read the
 * reservation back after an ambiguous failure (see docs/partner-api-choices.md).
 */
export function createPartnerClient(options: PartnerClientOptions) {
  const parsed = v.safeParse(OptionsSchema, options);
  if (!parsed.success) throw new TypeError(`createPartnerClient: ${v.summarize(parsed.issues)}`);
  const config = parsed.output;
  const http = createPartnerHttp({
    ...config,
    logger: options.logger,
    fetch: options.fetch,
    onRequest: options.onRequest,
    startTimeout: options.startTimeout,
  });
  const schemas = schemasFor(config.moneyUnit);
  const log = options.logger;

  const getReservation = async (id: string): Promise<Reservation> =>
    await http.request({
      method: "GET",
      path: "/order/{id}",
      params: { id: requireId(id, "id") },
      schema: schemas.reservation,
      retry: true,
    });

  const write = async (kind: WriteKind, method: "POST" | "DELETE", path: string, id: string): Promise<Reservation> => {
    const params = { id: requireId(id, "id") };
    return await reconcileWrite({
      kind,
      id: params.id,
      write: () => http.request({ method, path, params, schema: schemas.reservation, retry: false }),
      read: () => getReservation(params.id),
      logger: log,
    });
  };

  return {
    /** `GET /course`: every course, with `minPriceWeekday`/`minPriceWeekend` in satang. */
    listCourses: async (): Promise<Course[]> =>
      await http.request({ method: "GET", path: "/course", schema: schemas.courseList, retry: true }),

    /** `GET /course/{id}`: one course (without minimum prices). */
    getCourse: async (id: string): Promise<Course> =>
      await http.request({
        method: "GET",
        path: "/course/{id}",
        params: { id: requireId(id, "id") },
        schema: schemas.course,
        retry: true,
      }),

    /** `GET /tee-time?courseId&date`: the tee times of a course on a date (`YYYY-MM-DD`, course's zone). */
    listTeeTimes: async (courseId: string, date: string): Promise<TeeTime[]> => {
      if (!isPartnerDate(date))
        throw new TypeError(`date must be a calendar date YYYY-MM-DD, got ${JSON.stringify(date)}`);
      return await http.request({
        method: "GET",
        path: "/tee-time",
        query: { courseId: requireId(courseId, "courseId"), date },
        schema: schemas.teeTimeList,
        retry: true,
      });
    },

    /** `GET /tee-time/{id}`: one tee time, with `persons`, `actualMaxPerson` and the party flags. */
    getTeeTime: async (id: string): Promise<TeeTime> =>
      await http.request({
        method: "GET",
        path: "/tee-time/{id}",
        params: { id: requireId(id, "id") },
        schema: schemas.teeTime,
        retry: true,
      }),

    /**
     * `POST /order/reserve`: holds a slot (PENDING). Never retried. When the answer is lost, throws
     * `PartnerUnavailableError` with `outcome: "unknown"` (a hold may exist whose id nobody knows),
     * or `"not-applied"` when the connection was never made.
     */
    reserve: async (input: ReserveInput): Promise<Reservation> => {
      const body = {
        slotId: requireId(input.slotId, "slotId"),
        persons: input.persons,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerMobile: input.customerMobile,
        ...(input.additionGolfer && input.additionGolfer.length > 0 ? { additionGolfer: input.additionGolfer } : {}),
      };
      try {
        return await http.request({
          method: "POST",
          path: "/order/reserve",
          body,
          schema: schemas.reservation,
          retry: false,
        });
      } catch (error) {
        if (!(error instanceof PartnerUnavailableError)) throw error;
        const outcome = neverConnected(error.networkCode) ? "not-applied" : "unknown";
        log?.warn(
          { endpoint: error.endpoint, slotId: body.slotId, persons: body.persons, status: error.status, outcome },
          "partner reserve failed ambiguously",
        );
        throw error.withOutcome(outcome);
      }
    },

    /** `POST /order/{id}/confirm`: pays a PENDING reservation (debits the credit balance). Reconciled. */
    confirm: async (id: string): Promise<Reservation> => await write("confirm", "POST", "/order/{id}/confirm", id),

    /** `DELETE /order/{id}/cancel`: releases an unpaid reservation (CANCEL). Reconciled. */
    release: async (id: string): Promise<Reservation> => await write("release", "DELETE", "/order/{id}/cancel", id),

    /** `POST /order/{id}/refund`: cancels and refunds a paid reservation (REFUND). Reconciled. */
    refund: async (id: string): Promise<Reservation> => await write("refund", "POST", "/order/{id}/refund", id),

    /** `GET /order/{id}`: one reservation. */
    getReservation,

    /** `GET /balance`: the credit balance in satang. */
    getBalance: async (): Promise<Balance> => {
      const balance = await http.request({ method: "GET", path: "/balance", schema: schemas.balance, retry: true });
      try {
        options.onBalance?.(balance.balance);
      } catch {
        // Observation never changes the answer.
      }
      return balance;
    },
  };
}

/** The client's type, derived from its factory. */
export type PartnerClient = ReturnType<typeof createPartnerClient>;

function requireId(value: string, name: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
}
