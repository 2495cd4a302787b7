/**
 * The side panel's data: the partner sandbox's `GET /__sandbox/state` (no auth),
 * read on demand and, while someone watches, polled so changes can be pushed.
 */

/** What the page gets: the sandbox's state, or why there is none. */
export type SandboxStateView =
  { available: true; state: Record<string, unknown> } | { available: false; reason: string };

/** Reads the sandbox's state; a partner that is not the sandbox answers `available: false`. */
export async function readSandboxState(partnerUrl: string, timeoutMs = 2_000): Promise<SandboxStateView> {
  try {
    const res = await fetch(`${partnerUrl}/__sandbox/state`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok)
      return { available: false, reason: `the partner at ${partnerUrl} has no sandbox state (HTTP ${res.status})` };
    const state: unknown = await res.json();
    if (typeof state !== "object" || state === null)
      return { available: false, reason: "the sandbox state is not a JSON object" };
    return { available: true, state: state as Record<string, unknown> };
  } catch (error) {
    return {
      available: false,
      reason: `could not read the sandbox state: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * Makes the partner's next `operation` (reserve, confirm, refund, cancel) fail once, when the partner is
 * the sandbox (`POST /__sandbox/faults`): the side panel's buttons, to see fairway's answer to a refusal.
 */
export function failNext(
  partnerUrl: string,
  body: unknown,
  timeoutMs = 2_000,
): Promise<{ status: number; body: unknown }> {
  return postToSandbox(partnerUrl, "/__sandbox/faults", body, timeoutMs);
}

/** The course's own changes the side panel can make (`POST /__sandbox/course/<knob>`). */
export const COURSE_KNOBS = ["end", "close-day", "tee-time"] as const;
export type CourseKnob = (typeof COURSE_KNOBS)[number];

/**
 * Makes a change at the course's initiative on the sandbox (`POST /__sandbox/course/<knob>`): end a paid
 * reservation, close a course-day, change a tee time — the side panel's buttons, to see fairway find it.
 */
export function courseChange(
  partnerUrl: string,
  knob: CourseKnob,
  body: unknown,
  timeoutMs = 2_000,
): Promise<{ status: number; body: unknown }> {
  return postToSandbox(partnerUrl, `/__sandbox/course/${knob}`, body, timeoutMs);
}

async function postToSandbox(
  partnerUrl: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(`${partnerUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer: unknown = await res.json().catch(() => ({}));
    return res.ok ? { status: 200, body: { ok: true } } : { status: res.status, body: { error: errorOf(answer) } };
  } catch (error) {
    return {
      status: 502,
      body: { error: `the sandbox did not answer: ${error instanceof Error ? error.message : String(error)}` },
    };
  }
}

function errorOf(answer: unknown): string {
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "the partner is not the sandbox";
}

/** The part of the state that means "something changed" (not the clock). */
function fingerprint(view: SandboxStateView): string {
  if (!view.available) return `unavailable:${view.reason}`;
  const { balance, reservations, faults } = view.state;
  return JSON.stringify({ balance, reservations, faults });
}

/** Polls the state every `intervalMs` while started; calls `onChange` when it changed. */
export class SandboxStateWatcher {
  private timer: NodeJS.Timeout | undefined;
  private last: string | undefined;
  private running = false;

  constructor(
    private readonly partnerUrl: string,
    private readonly onChange: (view: SandboxStateView) => void,
    private readonly intervalMs = 1_000,
  ) {}

  /** Starts polling (no-op when already polling). */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops polling; the next start reports the state again only if it changed. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads now and reports a change (also used right after a user action). */
  async poll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const view = await readSandboxState(this.partnerUrl);
      const print = fingerprint(view);
      if (print !== this.last) {
        this.last = print;
        this.onChange(view);
      }
    } finally {
      this.running = false;
    }
  }
}
