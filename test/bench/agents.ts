/**
 * Simulated sales agents: whole bookings, /book to paid, driven by what the bot shows. An agent reads
 * the panel (its buttons' callback data and its title), acts, and waits for the bot's next panel of an
 * expected kind (`router.ts`), so the same script drives fairway and the baseline.
 */
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { sleep } from "./measure.js";
import { classify, has, type ChatRouter, type Kind, type Panel } from "./router.js";
import { flowTexts } from "./texts.js";

/** What a group of agents achieved. */
export interface AgentStats {
  /** Bookings that reached the confirmation. */
  paid: number;
  /** Bookings started (/book sent). */
  started: number;
  /** A hold was asked for and the tee-time list came back (the slot was taken meanwhile). */
  slotTaken: number;
  /** Waits that timed out or taps that failed (the agent then sent /cancel and started again). */
  stalls: number;
  /** Announced follow-ups (the .ics, the share-number prompt) that did not come within 5 s. */
  trailingMissed: number;
  /** The first few stall messages. */
  stallNotes: string[];
}

/** A new, empty {@link AgentStats}. */
export function newStats(): AgentStats {
  return { paid: 0, started: 0, slotTaken: 0, stalls: 0, trailingMissed: 0, stallNotes: [] };
}

/** How a group of agents behaves. */
export interface AgentPlan {
  /** Pause before each action, ms (0: act as soon as the answer arrived). */
  thinkMs: number;
  /** The pause varies by ± this share of `thinkMs` (0.5: 50 %–150 %). */
  jitter: number;
  /** How long an answer may take before the agent gives up on it (a stall). */
  answerTimeoutMs: number;
  /** Resolves when the agents must start no new booking (each finishes the one in progress). */
  stop: Promise<void>;
  /** Resolves when the agents must stop at once (after the wait in progress). */
  abort: Promise<void>;
  /** Called once per agent per booking when its hold is shown, before it taps Confirm. */
  onHeld?: (agent: Agent) => Promise<void> | void;
}

/** How long an agent waits for what follows an answer (the .ics after the receipt, the share-number keyboard). */
const TRAILING_MS = 5000;

/** A seeded pseudo-random generator (mulberry32): the same run makes the same choices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Letters only (names take no digits): 1234 → "Bcde". */
function nameOf(id: number): string {
  const letters = [...String(id)].map((d) => "abcdefghij"[Number(d)]).join("");
  return `Golfer ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** One simulated agent: books again and again until told to stop. */
export class Agent {
  private stopped = false;
  private aborted = false;
  private readonly random: () => number;
  private readonly texts = flowTexts();

  constructor(
    readonly user: SimulatedUser,
    private readonly router: ChatRouter,
    private readonly stats: AgentStats,
    private readonly plan: AgentPlan,
  ) {
    this.random = rng(user.chatId);
    void plan.stop.then(() => (this.stopped = true));
    void plan.abort.then(() => (this.aborted = true));
  }

  private get chatId(): number {
    return this.user.chatId;
  }

  private pick(n: number): number {
    return Math.floor(this.random() * n);
  }

  /** Waits the agent's thinking time; false when the run was aborted meanwhile. */
  private async think(): Promise<boolean> {
    const { thinkMs, jitter } = this.plan;
    if (thinkMs > 0 && !this.aborted)
      await Promise.race([sleep(thinkMs * (1 + jitter * (2 * this.random() - 1)), true), this.plan.abort]);
    return !this.aborted;
  }

  /** Waits for what the bot sends after this answer, when it says more is coming. */
  private async trailing(panel: Panel): Promise<void> {
    const kind = classify(panel, this.texts);
    let came = true;
    if (kind === "confirmed") came = await this.router.trailing(this.chatId, panel.at, (p) => p.document, TRAILING_MS);
    if (kind === "mobile" && panel.text.includes(this.texts["mobile-share-hint"])) {
      came = await this.router.trailing(this.chatId, panel.at, (p) => p.sharePrompt, TRAILING_MS);
    }
    if (!came) this.stats.trailingMissed += 1;
  }

  private async send(text: string, kinds: readonly Kind[]): Promise<Panel> {
    const panel = await this.router.act(this.chatId, () => this.user.send(text), kinds, this.plan.answerTimeoutMs);
    await this.trailing(panel);
    return panel;
  }

  private async tap(
    panel: Panel,
    pattern: RegExp,
    kinds: readonly Kind[],
    choose: (n: number) => number = () => 0,
  ): Promise<Panel> {
    const options = panel.data.filter((d) => pattern.test(d));
    const data = options[Math.min(options.length - 1, choose(options.length))];
    if (data === undefined) throw new Error(`chat ${this.chatId}: no button ${pattern} in ${panel.data.join(" ")}`);
    const next = await this.router.act(
      this.chatId,
      () => this.user.tap({ data, messageId: panel.messageId }),
      kinds,
      this.plan.answerTimeoutMs,
    );
    await this.trailing(next);
    return next;
  }

  /** Starts after a random share of one thinking time, then books until the plan's `stop` (or `abort`). */
  async run(): Promise<void> {
    if (this.plan.thinkMs > 0) await Promise.race([sleep(this.random() * this.plan.thinkMs, true), this.plan.stop]);
    while (!this.stopped && !this.aborted) {
      try {
        await this.book();
      } catch (error) {
        if (this.aborted) return;
        this.stats.stalls += 1;
        if (this.stats.stallNotes.length < 5)
          this.stats.stallNotes.push(error instanceof Error ? error.message : String(error));
        await this.send("/cancel", ["cancelled"]).catch(() => sleep(1000, true));
      }
    }
  }

  /** One booking, /book to the confirmation (or to the abort). */
  private async book(): Promise<void> {
    this.stats.started += 1;
    let panel = await this.send("/book", ["courses"]);
    const nextMonth = this.random() < 2 / 3;
    let monthTapped = false;
    const tried = new Set<string>();
    for (;;) {
      const kind = classify(panel, this.texts);
      if (kind === "confirmed") {
        this.stats.paid += 1;
        return;
      }
      if (!(await this.think())) return;
      switch (kind) {
        case "courses":
          panel = await this.tap(panel, /:c:\d+$/, ["info"], (n) => this.pick(n));
          break;
        case "info":
          panel = await this.tap(panel, /:go$/, ["calendar"]);
          break;
        case "calendar":
          if (nextMonth && !monthTapped && has(panel, /:m:\d{6}$/)) {
            monthTapped = true;
            panel = await this.tap(panel, /:m:\d{6}$/, ["calendar"], (n) => n - 1);
          } else {
            // A date whose tee times are all gone shows the calendar (or other dates) again: try another one.
            const dates = panel.data.filter((d) => /:d:\d{8}$/.test(d) && !tried.has(d.slice(-8)));
            const date = (dates[this.pick(dates.length)] ?? panel.data.find((d) => /:d:\d{8}$/.test(d)))?.slice(-8);
            if (date === undefined) throw new Error(`chat ${this.chatId}: no date to pick in ${panel.data.join(" ")}`);
            tried.add(date);
            panel = await this.tap(panel, new RegExp(`:d:${date}$`), ["slots", "calendar"]);
          }
          break;
        case "slots":
          panel = await this.tap(panel, /:s:\d+$/, ["players"], (n) => this.pick(n));
          break;
        case "players":
          panel = await this.tap(panel, /:p:\d+$/, ["name", "held", "slots", "calendar", "stuck"]);
          break;
        case "name":
          panel = await this.send(nameOf(this.chatId), ["email"]);
          break;
        case "email":
          panel = await this.send(`golfer${this.chatId}@example.com`, ["mobile"]);
          break;
        case "mobile":
          panel = await this.send("081-234-5678", ["held", "slots", "calendar", "stuck", "players", "name"]);
          if (["slots", "calendar"].includes(classify(panel, this.texts))) this.stats.slotTaken += 1;
          break;
        case "held":
          await this.plan.onHeld?.(this);
          panel = await this.tap(panel, /:ok$/, ["confirmed", "held", "slots", "calendar", "stuck"]);
          break;
        case "stuck":
          panel = await this.tap(panel, /:retry$/, [
            "courses",
            "info",
            "calendar",
            "slots",
            "players",
            "name",
            "held",
            "confirmed",
            "stuck",
          ]);
          break;
        default:
          throw new Error(`chat ${this.chatId}: unexpected panel "${panel.text.slice(0, 60)}"`);
      }
    }
  }
}

/** Runs an agent for each of `users` on one plan; resolves when all have stopped. */
export function runAgents(
  users: readonly SimulatedUser[],
  router: ChatRouter,
  stats: AgentStats,
  plan: AgentPlan,
): Promise<void> {
  return Promise.all(users.map((u) => new Agent(u, router, stats, plan).run())).then(() => undefined);
}
