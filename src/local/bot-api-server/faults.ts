/**
 * Fault injection: canned API errors (e.g. 429 with retry_after) and dropped
 * connections (a network error seen by the client).
 */
import * as E from "./errors.js";
import { ApiError } from "./errors.js";

/** An error to return instead of running a method. */
export interface FailureSpec {
  /** Method name (case-insensitive), or "*" for any method except getUpdates. */
  method: string;
  /** How many calls fail (default 1). */
  times?: number;
  error_code: number;
  /** Defaults to "Too Many Requests: retry after N" for 429. */
  description?: string;
  /** Seconds; sent as `parameters.retry_after`. */
  retry_after?: number;
}

/** A call whose answer is held: applied (the chat shows it), answered only once released. */
export interface HeldAnswer {
  /** Resolves with the call's parameters once a matching call has been applied. */
  arrived: Promise<Record<string, unknown>>;
  /** Sends the held answer (before or after it arrived). */
  release(): void;
}

interface Hold {
  method: string;
  match: (params: Record<string, unknown>) => boolean;
  arrive: (params: Record<string, unknown>) => void;
  gate: Promise<void>;
}

interface Armed<T> {
  spec: T;
  remaining: number;
}

const matches = (pattern: string, method: string): boolean =>
  pattern === "*" ? method.toLowerCase() !== "getupdates" : pattern.toLowerCase() === method.toLowerCase();

/** The armed faults, consumed by matching calls in order. */
export class Faults {
  private failures: Armed<FailureSpec>[] = [];
  private drops: Armed<string>[] = [];
  private holds: Armed<Hold>[] = [];
  private count = 0;

  /** How many faults have been injected so far (failures, dropped calls and dropped connections). */
  get injected(): number {
    return this.count;
  }

  /** Counts a fault injected outside this list (e.g. every open connection dropped at once). */
  note(): void {
    this.count += 1;
  }

  /** Arms a failure for the next `times` calls of `method`. */
  failNext(spec: FailureSpec): void {
    this.failures.push({ spec, remaining: spec.times ?? 1 });
  }

  /** Arms a dropped connection (socket destroyed, no response) for the next `times` calls of `method`. */
  dropNext(method: string, times = 1): void {
    this.drops.push({ spec: method, remaining: times });
  }

  /**
   * Holds the answer of the next call of `method` whose parameters `match`: the call is applied (an edit
   * shows in the chat) but its answer waits for `release()`, the moment between Telegram doing what a
   * bot asked and the bot hearing it (a slow network), in which a test can break something else.
   */
  holdAnswer(method: string, match: (params: Record<string, unknown>) => boolean = () => true): HeldAnswer {
    let arrive!: (params: Record<string, unknown>) => void;
    const arrived = new Promise<Record<string, unknown>>((resolve) => (arrive = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ spec: { method, match, arrive, gate }, remaining: 1 });
    return { arrived, release };
  }

  /** The hold armed for this applied call, if any: its answer waits for the returned promise. */
  takeHold(method: string, params: Record<string, unknown>): Promise<void> | undefined {
    const hold = take(this.holds, (h) => matches(h.method, method) && h.match(params));
    if (hold === undefined) return undefined;
    this.count += 1;
    hold.arrive(params);
    return hold.gate;
  }

  /** Disarms everything (a held answer already taken still waits for its release). */
  clear(): void {
    this.failures = [];
    this.drops = [];
    this.holds = [];
  }

  /** The ApiError to answer this call with, if one is armed. */
  takeFailure(method: string): ApiError | undefined {
    const armed = take(this.failures, (s) => matches(s.method, method));
    if (armed === undefined) return undefined;
    this.count += 1;
    const { error_code, retry_after } = armed;
    const description =
      armed.description ?? (error_code === 429 ? E.tooManyRequests(retry_after ?? 1) : `Error ${error_code}`);
    const retry = retry_after ?? (error_code === 429 ? 1 : undefined);
    return new ApiError(error_code, description, retry !== undefined ? { retry_after: retry } : undefined);
  }

  /** Whether this call's connection should be dropped. */
  takeDrop(method: string): boolean {
    const dropped = take(this.drops, (m) => matches(m, method)) !== undefined;
    if (dropped) this.count += 1;
    return dropped;
  }
}

function take<T>(list: Armed<T>[], test: (spec: T) => boolean): T | undefined {
  const index = list.findIndex((a) => test(a.spec));
  const armed = list[index];
  if (armed === undefined) return undefined;
  armed.remaining -= 1;
  if (armed.remaining <= 0) list.splice(index, 1);
  return armed.spec;
}
