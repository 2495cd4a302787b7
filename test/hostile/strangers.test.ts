import fc from "fast-check";
import { afterAll, describe, it } from "vitest";
import {
  commandCase,
  hostileSeed,
  otherMessageCase,
  REFUSED_LINK_KINDS,
  runBatches,
  scaled,
  startCase,
  tapCase,
  textCase,
  World,
} from "../helpers/hostile.js";
import { reportFigures, type Figures } from "../helpers/hostile-figures.js";

/**
 * Strangers (nobody's customer, not an agent) send anything: random and very long Unicode text,
 * every command with odd arguments, forged button data (random, fairway's shapes, copied from an
 * agent's Confirm, an admin's refund question, a link builder), stickers, contacts, locations, group
 * messages, and start links that do not let them in (random, near-valid, revoked, expired, used up).
 * Not one partner request, no role, nothing but the explanation (and the language choice).
 */
const figures: Figures = { cases: 0, batches: 0, violations: 0, seed: hostileSeed(), ms: 0 };
afterAll(() => reportFigures("strangers", figures));

describe("hostile input: strangers", () => {
  it("no crash, no partner call, no escalation, no secret — whatever a stranger sends", async () => {
    const world = await World.create({
      admins: 1,
      configAgents: 1,
      agents: 1,
      strangers: 12,
      fixtures: true,
      validLinksInArgs: false,
    });
    await world.run(async () => {
      await runBatches(world, {
        cases: fc.oneof(
          { weight: 3, arbitrary: textCase },
          { weight: 3, arbitrary: commandCase },
          { weight: 3, arbitrary: tapCase },
          { weight: 2, arbitrary: startCase(REFUSED_LINK_KINDS) },
          { weight: 1, arbitrary: otherMessageCase },
        ),
        batches: scaled(13),
        size: 200,
        seed: figures.seed,
        figures,
        pool: () => world.identities.filter((i) => i.who.role === "stranger"),
        check: { expectNoPartner: true },
      });
    });
  }, 180_000);
});
