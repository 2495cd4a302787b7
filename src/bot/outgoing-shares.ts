import type { Fleet, FleetMember } from "../runtime/fleet.js";
import type { OutgoingBudget } from "./outgoing-budget.js";

/** What one instance asks of the bot's budget, in sends per second. */
export interface Demand {
  instance: string;
  interactive: number;
  background: number;
}

/**
 * Divides the bot's `total` sends per second among instances, interactive first:
 *
 * 1. answers to updates: max-min fair — an instance asking less than an even part gets what it asks,
 *    and the rest is split evenly among those asking more (so when every instance is busy, as behind
 *    a round-robin balancer, the parts are even and stay put from one heartbeat to the next);
 * 2. background sends get what is left, at most `backgroundCap` together, the same way;
 * 3. what nobody asked for is split by what each asked plus one (so an idle instance still has a
 *    little for a sudden answer, and a busy one most of it).
 *
 * Every instance computes the same division from the same heartbeats and takes its own part, so the
 * parts add up to `total`.
 */
export function divideBudget(total: number, backgroundCap: number, demands: Demand[]): Map<string, number> {
  const parts = new Map<string, number>(demands.map((d) => [d.instance, 0]));
  const add = (d: Demand, n: number) => parts.set(d.instance, parts.get(d.instance)! + n);
  /** Max-min fair: at most `room` in all, each at most what it asks; returns what was given. */
  const fair = (room: number, ask: (d: Demand) => number): number => {
    const asking = demands.filter((d) => ask(d) > 0).sort((a, b) => ask(a) - ask(b));
    let left = room;
    for (const [i, d] of asking.entries()) {
      const part = Math.min(ask(d), left / (asking.length - i));
      add(d, part);
      left -= part;
    }
    return room - left;
  };
  let left = total;
  left -= fair(left, (d) => d.interactive);
  left -= fair(Math.min(left, backgroundCap), (d) => d.background);
  const weight = (d: Demand) => d.interactive + d.background + 1;
  const weights = demands.reduce((sum, d) => sum + weight(d), 0);
  if (left > 0) for (const d of demands) add(d, (left * weight(d)) / weights);
  return parts;
}

export interface ShareBudgetOptions {
  budget: OutgoingBudget;
  fleet: Fleet;
  /** The bot's sends per second (TELEGRAM_SENDS_PER_SECOND). */
  total: number;
  /** Background sends per second at most, every instance together (NOTIFY_SENDS_PER_SECOND). */
  backgroundCap: number;
}

/**
 * Keeps `budget`'s rate at this instance's part of the bot's: at each heartbeat it publishes what this
 * instance asked lately (smoothed over about two seconds) and takes its part of the division among
 * the live instances. A smaller part applies at once; a larger one only once the next heartbeat
 * agrees, by when every other instance has taken its smaller part, so the parts never add up to more
 * than the bot's for long. An instance that dies stops beating: 3 s later the others divide without it.
 */
export function shareBudget(options: ShareBudgetOptions): void {
  const { budget, fleet } = options;
  let smoothed = { interactive: 0, background: 0 };
  let previous: number | undefined;
  fleet.reportWith(() => {
    const now = budget.demand();
    smoothed = {
      interactive: (smoothed.interactive + now.interactive) / 2,
      background: (smoothed.background + now.background) / 2,
    };
    return { ...smoothed, stats: budget.stats() };
  });
  fleet.onBeat((members: FleetMember[]) => {
    const sharing = members.filter((m) => m.self || m.active);
    const part = divideBudget(options.total, options.backgroundCap, sharing).get(fleet.instance) ?? options.total;
    const rate = previous === undefined ? part : Math.min(part, previous);
    previous = part;
    if (Math.abs(rate - budget.rate()) > 1e-6) budget.setRate(rate);
  });
}
