import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  commandCase,
  hostileSeed,
  LINK_KINDS,
  runBatches,
  scaled,
  startCase,
  tapCase,
  textCase,
  World,
} from "../helpers/hostile.js";
import { reportFigures, type Figures } from "../helpers/hostile-figures.js";

/**
 * Start links, as strangers, customers, agents and admins send them: random text, token-shaped strings
 * (63, 64 and 65 characters among them), real tokens truncated, extended, in another case, behind a
 * zero-width or RTL mark, twice, percent-encoded, as the whole t.me URL — and real links that are
 * revoked, expired or used up, or valid. Only a valid link, sent as is, makes a stranger (or another
 * agent's customer) a customer, of that link's agent; nothing makes anyone an agent or an admin.
 * Fresh strangers join every batch.
 */
const figures: Figures = { cases: 0, batches: 0, violations: 0, seed: hostileSeed(), ms: 0 };
afterAll(() => reportFigures("links", figures));

describe("hostile input: start links", () => {
  it("no crash, no escalation, no secret; only a valid link lets a stranger in, as that agent's customer", async () => {
    const world = await World.create({ admins: 1, configAgents: 1, agents: 2, customers: 3, strangers: 6 });
    await world.run(async () => {
      await runBatches(world, {
        cases: fc.oneof(
          { weight: 12, arbitrary: startCase(LINK_KINDS) },
          { weight: 2, arbitrary: tapCase },
          { weight: 1, arbitrary: textCase },
          { weight: 1, arbitrary: commandCase },
        ),
        batches: scaled(13),
        size: 200,
        seed: figures.seed,
        figures,
        pool: () => [
          ...world.identities.filter((i) => i.who.role !== "stranger"),
          ...world.identities.filter((i) => i.who.role === "stranger").slice(-8),
          ...world.freshStrangers(6),
        ],
      });
      // The way in was exercised too, not only refusals.
      expect(world.admitted).toBeGreaterThan(0);
    });
  }, 180_000);
});
