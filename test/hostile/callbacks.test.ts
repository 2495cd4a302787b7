import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  commandCase,
  hostileSeed,
  runBatches,
  scaled,
  tapCase,
  textCase,
  World,
  type ArgPart,
  type Case,
} from "../helpers/hostile.js";
import { reportFigures, type Figures } from "../helpers/hostile-figures.js";

/**
 * Button taps no honest client sends, from every role: random strings and bytes (up to 64 bytes and
 * beyond), fairway's data shapes with random fields, the user's own live panel and old keyboards
 * (earlier flows, edited panels) truncated, extended or with another nonce, and data copied from
 * other users' keyboards — an agent's Confirm on a live hold, its Release in /mybookings, an admin's
 * refund question, an agent's link builder and revoke buttons. Commands in between keep fresh
 * keyboards coming. Every query is answered; nothing is confirmed, refunded, released or revoked for
 * someone else; nobody is promoted.
 */
const figures: Figures = { cases: 0, batches: 0, violations: 0, seed: hostileSeed(), ms: 0 };
afterAll(() => reportFigures("callbacks", figures));

/** Commands that bring up keyboards to tap next: the flow, /mybookings, the link builder, the language choice. */
const keyboardCommand: fc.Arbitrary<Case> = fc.record({
  who: fc.nat(),
  kind: fc.constant("command" as const),
  name: fc.constantFrom("book", "mybookings", "link", "links", "language", "help", "start", "cancel"),
  at: fc.constant(""),
  sep: fc.constant(" "),
  args: fc.constant<ArgPart[]>([]),
});

describe("hostile input: callback data", () => {
  it("no crash, every tap answered, no unauthorized partner write, no escalation, no secret — whatever the button data", async () => {
    const world = await World.create({
      admins: 1,
      configAgents: 1,
      agents: 3,
      customers: 3,
      strangers: 2,
      fixtures: true,
    });
    await world.run(async () => {
      await runBatches(world, {
        cases: fc.oneof(
          { weight: 16, arbitrary: tapCase },
          { weight: 3, arbitrary: keyboardCommand },
          { weight: 1, arbitrary: commandCase },
          { weight: 1, arbitrary: textCase },
        ),
        batches: scaled(13),
        size: 200,
        seed: figures.seed,
        figures,
        pool: () => world.identities,
      });
      // Other users' Confirm, Release, Confirm refund and revoke buttons were really tried, unaltered.
      expect(world.stolenTaps()).toBeGreaterThan(20);
    });
  }, 180_000);
});
