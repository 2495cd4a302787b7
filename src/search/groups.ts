/**
 * A party larger than one tee time takes (docs/features.md, "Groups"): its flights at one course on one date. Pure:
 * the day's open tee times in, a proposal out. A proposal is consecutive open tee times, no more than
 * `maxGapMinutes` from one start to the next, with the players split within each tee time's
 * minPerson–maxPerson as evenly as they go, the earlier flights taking the extra players
 * (12 → 4+4+4, 10 → 4+3+3), on the fewest tee times that can take the party.
 */

/** What a proposal needs to know of a tee time. */
export interface PlanSlot {
  id: string;
  /** Epoch ms. */
  startsAt: number;
  /** Per player, satang. */
  price: number;
  minPerson: number;
  maxPerson: number;
}

export interface PlannedFlight<S extends PlanSlot = PlanSlot> {
  slot: S;
  persons: number;
}

export interface GroupPlan<S extends PlanSlot = PlanSlot> {
  /** Earliest first. */
  flights: PlannedFlight<S>[];
  persons: number;
  /** Satang: every flight's price × players. */
  total: number;
}

export interface GroupPlanOptions {
  /** Most minutes from one flight's start to the next. */
  maxGapMinutes: number;
}

/** The largest party fairway books as one group (four flights of four). */
export const MAX_GROUP_PLAYERS = 16;

/** Most flights in a group (a party of 16 where tee times take fewer than four). */
export const MAX_GROUP_FLIGHTS = 8;

/**
 * Splits `party` over tee times with these bounds, as evenly as they allow, an earlier tee time
 * taking the extra player on a tie; undefined when the bounds cannot take exactly `party`.
 */
export function splitParty(
  party: number,
  bounds: readonly Pick<PlanSlot, "minPerson" | "maxPerson">[],
): number[] | undefined {
  const min = bounds.reduce((sum, b) => sum + b.minPerson, 0);
  const max = bounds.reduce((sum, b) => sum + b.maxPerson, 0);
  if (bounds.length === 0 || party < min || party > max) return undefined;
  const split = bounds.map((b) => b.minPerson);
  for (let left = party - min; left > 0; left -= 1) {
    // The emptiest tee time with room, the earliest among equals.
    let pick = -1;
    for (let i = 0; i < bounds.length; i += 1) {
      if (split[i]! >= bounds[i]!.maxPerson) continue;
      if (pick === -1 || split[i]! < split[pick]!) pick = i;
    }
    split[pick]! += 1;
  }
  return split;
}

/**
 * Every split of `party` over these tee times within their bounds, the most even first (then the
 * earlier flights larger), at most `limit`: the choices the agent is offered.
 */
export function splitsFor(
  party: number,
  bounds: readonly Pick<PlanSlot, "minPerson" | "maxPerson">[],
  limit = 8,
): number[][] {
  const out: number[][] = [];
  const walk = (i: number, left: number, acc: number[]) => {
    if (i === bounds.length) {
      if (left === 0) out.push([...acc]);
      return;
    }
    const b = bounds[i]!;
    for (let n = b.maxPerson; n >= b.minPerson; n -= 1) {
      if (n > left) continue;
      acc.push(n);
      walk(i + 1, left - n, acc);
      acc.pop();
    }
  };
  walk(0, party, []);
  const spread = (s: number[]) => Math.max(...s) - Math.min(...s);
  return out.sort((a, b) => spread(a) - spread(b)).slice(0, limit);
}

/** The fewest tee times of at most `maxPerson` that take `party`. */
export function flightsNeeded(party: number, maxPerson = 4): number {
  return Math.max(1, Math.ceil(party / Math.max(1, maxPerson)));
}

function plan<S extends PlanSlot>(slots: readonly S[], persons: number[]): GroupPlan<S> {
  const flights = slots.map((slot, i) => ({ slot, persons: persons[i]! }));
  return {
    flights,
    persons: persons.reduce((a, b) => a + b, 0),
    total: flights.reduce((sum, f) => sum + f.slot.price * f.persons, 0),
  };
}

/** The group starting at `start` (an index into `slots`, sorted): the fewest flights that take the party. */
function planFrom<S extends PlanSlot>(
  slots: readonly S[],
  start: number,
  party: number,
  options: GroupPlanOptions,
): GroupPlan<S> | undefined {
  const gapMs = options.maxGapMinutes * 60_000;
  const widest = Math.max(...slots.map((s) => s.maxPerson));
  const fewest = Math.max(2, flightsNeeded(party, widest));
  for (let k = fewest; k <= MAX_GROUP_FLIGHTS && start + k <= slots.length; k += 1) {
    const run = slots.slice(start, start + k);
    if (run.some((s, i) => i > 0 && s.startsAt - run[i - 1]!.startsAt > gapMs)) return undefined;
    const split = splitParty(party, run);
    if (split) return plan(run, split);
  }
  return undefined;
}

/** Open tee times, earliest first, one per start instant. */
function sorted<S extends PlanSlot>(slots: readonly S[]): S[] {
  const out = [...slots].sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
  return out.filter((s, i) => i === 0 || s.startsAt !== out[i - 1]!.startsAt);
}

/**
 * Every group the day's open tee times allow for `party`, one per first tee time, earliest first:
 * what a search lists. A party that one tee time takes gets none.
 */
export function groupPlans<S extends PlanSlot>(
  slots: readonly S[],
  party: number,
  options: GroupPlanOptions,
): GroupPlan<S>[] {
  const list = sorted(slots);
  if (list.length === 0 || party <= Math.max(...list.map((s) => s.maxPerson))) return [];
  return list.flatMap((_, i) => planFrom(list, i, party, options) ?? []);
}

/**
 * The group nearest `near` (epoch ms: the tee time the agent picked) that the day's open tee times
 * allow: starting at it when they can, else the closest start, a later one on a tie.
 */
export function proposeGroup<S extends PlanSlot>(
  slots: readonly S[],
  party: number,
  near: number,
  options: GroupPlanOptions,
): GroupPlan<S> | undefined {
  const distance = (p: GroupPlan<S>) => Math.abs(p.flights[0]!.slot.startsAt - near);
  return groupPlans(slots, party, options).sort(
    (a, b) => distance(a) - distance(b) || b.flights[0]!.slot.startsAt - a.flights[0]!.slot.startsAt,
  )[0];
}

/**
 * Open tee times that could take flight `index` of a group instead of its own: within the gap of the
 * flights beside it, not used by another flight, taking its players; nearest its time first.
 */
export function moveChoices<S extends PlanSlot>(
  slots: readonly S[],
  flights: readonly PlannedFlight<S>[],
  index: number,
  options: GroupPlanOptions & { limit?: number },
): S[] {
  const flight = flights[index];
  if (!flight) return [];
  const gapMs = options.maxGapMinutes * 60_000;
  const used = new Set(flights.map((f) => f.slot.id));
  const before = flights[index - 1]?.slot.startsAt;
  const after = flights[index + 1]?.slot.startsAt;
  return sorted(slots)
    .filter(
      (s) =>
        !used.has(s.id) &&
        s.minPerson <= flight.persons &&
        flight.persons <= s.maxPerson &&
        (before === undefined || (s.startsAt > before && s.startsAt - before <= gapMs)) &&
        (after === undefined || (s.startsAt < after && after - s.startsAt <= gapMs)),
    )
    .sort((a, b) => Math.abs(a.startsAt - flight.slot.startsAt) - Math.abs(b.startsAt - flight.slot.startsAt))
    .slice(0, options.limit ?? 6);
}

/** The open tee times nearest `at` (not those in `exclude`), earliest first: alternatives to name. */
export function nearestSlots<S extends PlanSlot>(
  slots: readonly S[],
  at: number,
  exclude: ReadonlySet<string>,
  count = 3,
): S[] {
  return sorted(slots)
    .filter((s) => !exclude.has(s.id))
    .sort((a, b) => Math.abs(a.startsAt - at) - Math.abs(b.startsAt - at))
    .slice(0, count)
    .sort((a, b) => a.startsAt - b.startsAt);
}
