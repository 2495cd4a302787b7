import fc from "fast-check";
import { afterAll, describe, it } from "vitest";
import {
  commandCase,
  hostileSeed,
  mutation,
  otherMessageCase,
  REFUSED_LINK_KINDS,
  runBatches,
  scaled,
  startCase,
  textCase,
  World,
  type Case,
} from "../helpers/hostile.js";
import { reportFigures, type Figures } from "../helpers/hostile-figures.js";

/**
 * Admins, agents, customers (and a couple of strangers) type anything: random and very long Unicode
 * text (RTL marks, zero-width, ZWJ emoji, stacked Thai marks), every command with odd arguments
 * (empty, huge, SQL- and path-like, HTML, numbers out of range, other users' ids, real reservation
 * codes and link tokens for non-admins), contacts, locations, stickers, group messages. Many land in
 * the middle of a booking flow. Nobody is promoted, no admin text reaches a non-admin, nothing is
 * confirmed or refunded, the held and paid bookings of others stay as they are.
 */
/** Taps on the user's own booking panel (mostly intact), so typed text also lands on the name, email and mobile steps. */
const flowTap: fc.Arbitrary<Case> = fc.record({
  who: fc.nat(),
  kind: fc.constant("tap" as const),
  tap: fc.record({
    t: fc.constant("own" as const),
    pick: fc.nat(),
    m: fc.oneof({ weight: 4, arbitrary: fc.constant({ t: "none" as const }) }, { weight: 1, arbitrary: mutation }),
    flow: fc.constant(true),
  }),
  msg: fc.nat(),
});

const figures: Figures = { cases: 0, batches: 0, violations: 0, seed: hostileSeed(), ms: 0 };
afterAll(() => reportFigures("members", figures));

describe("hostile input: admins, agents and customers typing", () => {
  it("no crash, no unauthorized partner write, no escalation, no secret — whatever they type", async () => {
    const world = await World.create({
      admins: 2,
      configAgents: 1,
      agents: 3,
      customers: 4,
      strangers: 2,
      fixtures: true,
    });
    await world.run(async () => {
      await runBatches(world, {
        cases: fc.oneof(
          { weight: 8, arbitrary: textCase },
          { weight: 9, arbitrary: commandCase },
          { weight: 2, arbitrary: otherMessageCase },
          { weight: 3, arbitrary: flowTap },
          { weight: 1, arbitrary: startCase(REFUSED_LINK_KINDS) },
        ),
        batches: scaled(13),
        size: 200,
        seed: figures.seed,
        figures,
        pool: () => world.identities,
      });
    });
  }, 180_000);
});
