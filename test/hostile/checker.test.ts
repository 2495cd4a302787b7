import { afterEach, describe, expect, it } from "vitest";
import { partnerRequest } from "../helpers/flow.js";
import { PARTNER_KEY, World } from "../helpers/hostile.js";

/**
 * The hostile properties are only as good as their checks: each check must fail when its rule is
 * broken. Here every rule is broken on purpose, once, and the batch check must say so. (Not counted
 * as generated cases.)
 */
describe("hostile checks catch what they are for", () => {
  let world: World;
  afterEach(async () => {
    await world.stop();
  });

  it("a quiet batch has no violations", async () => {
    world = await World.create({ admins: 1, agents: 1, strangers: 1 });
    const [, agent, stranger] = world.identities;
    agent!.user.send("hello");
    stranger!.user.send("/book");
    stranger!.user.forgeTap("b:abcdef:ok");
    expect(await world.check({ expectNoPartner: true })).toEqual([]);
  });

  it("admin text, a secret, a failed call, a promotion, an unanswered tap, partner writes, error logs", async () => {
    world = await World.create({ admins: 1, agents: 1, strangers: 2 });
    const { h } = world;
    const [, agent, stranger, other] = world.identities;
    await h.app.bot.api.sendMessage(stranger!.id, "Partner credit: ฿1");
    await h.app.bot.api.sendMessage(agent!.id, `the key is ${PARTNER_KEY}`);
    await h.app.bot.api.sendMessage(stranger!.id, "x", {
      reply_markup: { inline_keyboard: [[{ text: "refund", callback_data: "ad:rf:1" }]] },
    });
    // Twice: fairway's error handler tries to answer the tap once more.
    h.telegram.failNext({
      method: "answerCallbackQuery",
      times: 2,
      error_code: 400,
      description: "Bad Request: BUTTON_DATA_INVALID",
    });
    stranger!.user.forgeTap("g:book");
    await h.app.access.agents.add(other!.id, null, 0);
    await partnerRequest(h, "POST", "/order/none/confirm");
    h.logs.push(JSON.stringify({ level: 50, msg: "update failed" }));
    const violations = (await world.check({ expectNoPartner: true })).join("\n");
    expect(violations).toMatch(/\(stranger\) shows admin text "Partner credit:"/);
    expect(violations).toMatch(/carries a secret/);
    expect(violations).toMatch(/\(stranger\) has admin buttons/);
    expect(violations).toMatch(/answerCallbackQuery failed: Bad Request: BUTTON_DATA_INVALID/);
    expect(violations).toMatch(/1 callback queries unanswered/);
    expect(violations).toMatch(
      new RegExp(`role of ${other!.id} changed: \\{"role":"stranger"\\} → \\{"role":"agent"\\}`),
    );
    expect(violations).toMatch(/1 partner requests: POST \/api\/v1\/ext\/order\/none\/confirm/);
    expect(violations).toMatch(/partner confirm\/refund requests: 1/);
    expect(violations).toMatch(/error log: update failed/);
    h.invariants.skip("the checks' own test: a forged partner request on purpose");
  });

  it("a stranger let in without a valid link, and a canary left without an answer", async () => {
    world = await World.create({ admins: 1, agents: 1, strangers: 1 });
    const { h } = world;
    const [, agent, stranger] = world.identities;
    const link = await h.app.access.links.create({ agentId: agent!.id });
    // Redeemed behind the bot's back: no /start with a valid token in this batch.
    await h.app.access.links.redeem(link.token, stranger!.id, null);
    expect((await world.check()).join("\n")).toMatch(new RegExp(`role of ${stranger!.id} changed`));
    // The canary's answer is lost (fairway logs the failure; the check must also miss the menu).
    h.telegram.failNext({
      method: "sendMessage",
      times: 2,
      error_code: 400,
      description: "Bad Request: chat not found",
    });
    expect((await world.check()).join("\n")).toMatch(/canary's \/help got no main menu/);
  });
});
