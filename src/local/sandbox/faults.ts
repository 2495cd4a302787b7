/**
 * Fault injection: random failures (seeded) and targeted one-shot rules, settable at runtime.
 * Rules are matched, in the order added, against the request method and URL path (without the
 * query string); a matching rule is consumed once per request until its `times` run out.
 */
import { STATUS_CODES } from "node:http";
import { createRng, type Rng } from "./random.js";

/**
 * What a rule does. Before the operation (nothing changes): `status`, `html`, `text`,
 * `rate-limit`, `hang`, `reset`. After the operation (state changes, the answer is broken or lost):
 * `malformed-json`, `drift`, `apply-then-status`, `apply-then-reset`, `apply-then-hang`.
 */
export type FaultKind =
  | "status"
  | "html"
  | "text"
  | "rate-limit"
  | "hang"
  | "reset"
  | "malformed-json"
  | "drift"
  | "apply-then-status"
  | "apply-then-reset"
  | "apply-then-hang";

export const FAULT_KINDS: readonly FaultKind[] = [
  "status",
  "html",
  "text",
  "rate-limit",
  "hang",
  "reset",
  "malformed-json",
  "drift",
  "apply-then-status",
  "apply-then-reset",
  "apply-then-hang",
];

/** Kinds that perform the operation before breaking the answer. */
export const AFTER_APPLY: ReadonlySet<FaultKind> = new Set([
  "malformed-json",
  "drift",
  "apply-then-status",
  "apply-then-reset",
  "apply-then-hang",
]);

export interface FaultRule {
  kind: FaultKind;
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Tested against the URL path without the query (any when omitted). */
  path?: RegExp;
  /** How many matching requests it affects. Default 1; `Infinity` for all. */
  times?: number;
  /** How many matching requests it lets through first (e.g. 1: the second reserve fails). Default 0. */
  skip?: number;
  /** status / apply-then-status: default 500; html: 502; text: 500. */
  status?: number;
  /** status / apply-then-status: replaces the JSON error body; text: the text. */
  body?: string;
  /** Content-Type of `body`. Default application/json (status) or text/plain (text). */
  contentType?: string;
  /** rate-limit: the Retry-After header in seconds. Default 1. */
  retryAfterSeconds?: number;
  /** drift: the field whose type is changed. Default the first of amount, balance, price, startDate, status, id. */
  field?: string;
}

export interface FaultSettings {
  /** Delay before every API answer, ms. Default 0. */
  latencyMs: number;
  /** Fraction (0–1) of API requests answered 503 (or 502 with htmlErrors), seeded. Default 0. */
  errorRate: number;
  /** Injected 5xx answers without an explicit body are an nginx-style HTML page. Default false. */
  htmlErrors: boolean;
  /** Fraction (0–1) of API requests answered 429 with Retry-After: 1, seeded. Default 0. */
  rateLimitRate: number;
}

/** The runtime fault controls a test or the playground uses. */
export interface FaultControl {
  /** Merges settings into the current ones. */
  set(settings: Partial<FaultSettings>): void;
  /** Adds a targeted rule. */
  add(rule: FaultRule): void;
  /** Removes every rule and restores the default settings. */
  clear(): void;
  /** The current settings. */
  readonly settings: Readonly<FaultSettings>;
  /** Rules that still have uses left. */
  rules(): readonly Readonly<FaultRule>[];
}

const DEFAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, htmlErrors: false, rateLimitRate: 0 };

interface LiveRule {
  rule: FaultRule;
  left: number;
  /** Matching requests still to let through before it applies. */
  skip: number;
}

export type Faults = ReturnType<typeof createFaults>;

/** Creates the fault controller; its random draws come from the sandbox seed. */
export function createFaults(seed: number) {
  let settings: FaultSettings = { ...DEFAULTS };
  let live: LiveRule[] = [];
  let rng: Rng = createRng(seed ^ 0x0fa17);

  const control: FaultControl = {
    set(next) {
      for (const rate of [next.errorRate, next.rateLimitRate]) {
        if (rate !== undefined && !(rate >= 0 && rate <= 1)) throw new RangeError("rates are fractions in 0..1");
      }
      settings = { ...settings, ...next };
    },
    add(rule) {
      if (!FAULT_KINDS.includes(rule.kind)) throw new RangeError(`unknown fault kind ${String(rule.kind)}`);
      live.push({ rule: { ...rule }, left: rule.times ?? 1, skip: rule.skip ?? 0 });
    },
    clear() {
      settings = { ...DEFAULTS };
      live = [];
    },
    get settings() {
      return settings;
    },
    rules() {
      return live.filter((l) => l.left > 0).map((l) => l.rule);
    },
  };

  return {
    control,
    /** Consumes and returns the first rule matching the request, if any. */
    take(method: string, path: string): FaultRule | undefined {
      const hit = live.find(
        (l) =>
          l.left > 0 &&
          (l.rule.method === undefined || l.rule.method.toUpperCase() === method) &&
          (l.rule.path === undefined || l.rule.path.test(path)),
      );
      if (!hit) return undefined;
      if (hit.skip > 0) {
        hit.skip -= 1;
        return undefined;
      }
      hit.left -= 1;
      live = live.filter((l) => l.left > 0);
      return hit.rule;
    },
    /** A seeded draw against the rates: a random 5xx, a random 429, or nothing. */
    roll(): "error" | "rate-limit" | undefined {
      if (settings.rateLimitRate > 0 && rng.next() < settings.rateLimitRate) return "rate-limit";
      if (settings.errorRate > 0 && rng.next() < settings.errorRate) return "error";
      return undefined;
    },
    /** Clears everything and restarts the seeded stream. */
    reset(): void {
      control.clear();
      rng = createRng(seed ^ 0x0fa17);
    },
  };
}

/** An nginx-style HTML error page. */
export function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n`
  );
}

/** A strict prefix of a JSON text: never valid JSON. */
export function truncateJson(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

const DRIFT_FIELDS = ["amount", "balance", "price", "startDate", "status", "id"];

const wrongType = (value: unknown): unknown => {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return Number.isFinite(Number(value)) && value !== "" ? Number(value) : 0;
  if (typeof value === "boolean") return String(value);
  if (value === null || value === undefined) return 0;
  return "[object]";
};

/**
 * The same answer with one field of the wrong type (number ↔ string, boolean → string,
 * object → string). For a list, its first item drifts; an empty list becomes `null`.
 */
export function drift(body: unknown, field?: string): unknown {
  if (Array.isArray(body)) {
    const list = body as unknown[];
    if (list.length === 0) return null;
    return [drift(list[0], field), ...list.slice(1)];
  }
  if (typeof body !== "object" || body === null) return wrongType(body);
  const obj = { ...(body as Record<string, unknown>) };
  const key = field ?? DRIFT_FIELDS.find((k) => k in obj) ?? Object.keys(obj)[0];
  if (key !== undefined) obj[key] = wrongType(obj[key]);
  return obj;
}
