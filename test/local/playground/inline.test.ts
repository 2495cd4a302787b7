/**
 * The page's inline mode: the Agent types `@bot riverside tomorrow` in the composer, the results come
 * back once fairway answered, picking one posts the offer card into the chat via the bot, and its
 * button opens fairway for the Customer on that tee time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
  PLAYGROUND_STRANGER_ID,
} from "../../../src/local/playground/index.js";
import { type Json, type PlaygroundApp, startPlaygroundApp } from "./helpers.js";

let p: PlaygroundApp;

beforeAll(async () => {
  p = await startPlaygroundApp();
}, 30_000);

afterAll(async () => {
  await p?.stop();
});

describe("inline mode in the playground", () => {
  it("an agent's inline query lists tee times; the chosen card lands in the chat and opens the booking for the customer", async () => {
    const res = await p.post("/playground/inline", { userId: PLAYGROUND_AGENT_ID, query: "riverside tomorrow" });
    expect(res.status).toBe(200);
    expect(res.json.answered).toBe(true);
    const results = res.json.results as Json[];
    expect(results.length).toBeGreaterThan(0);
    expect(results[0].title).toMatch(/Bangkok Riverside Golf Club/);
    const chosen = await p.post("/playground/choose", {
      userId: PLAYGROUND_AGENT_ID,
      queryId: res.json.query_id,
      resultId: results[0].id,
    });
    expect(chosen.status).toBe(200);
    await p.settle();
    const chat = await p.get(`/playground/chat?userId=${PLAYGROUND_AGENT_ID}`);
    const messages = chat.json.messages as Json[];
    const card = messages.at(-1);
    // The card is the agent's message via the bot; fairway does not answer it.
    expect(card.via_bot.username).toBe(p.telegram.botInfo.username);
    expect(card.from.id).toBe(PLAYGROUND_AGENT_ID);
    const url = card.reply_markup.inline_keyboard[0][0].url as string;
    const token = new URL(url).searchParams.get("start");
    await p.post("/playground/send", { userId: PLAYGROUND_CUSTOMER_ID, text: `/start ${token}` });
    await p.settle();
    const customer = await p.get(`/playground/chat?userId=${PLAYGROUND_CUSTOMER_ID}`);
    const last = (customer.json.messages as Json[]).at(-1);
    // The customer identity reads Thai: the players step of that tee time.
    expect(last.text).toMatch(/ผู้เล่นกี่คน|How many players/);
    expect(last.text).toContain(String(results[0].title).slice(0, 5));
  });

  it("a stranger gets no results, only the button to open fairway; bad input is refused", async () => {
    const res = await p.post("/playground/inline", { userId: PLAYGROUND_STRANGER_ID, query: "riverside" });
    expect(res.json).toMatchObject({ answered: true, results: [], button: { start_parameter: "inline" } });
    expect((await p.post("/playground/inline", { userId: PLAYGROUND_AGENT_ID, query: 5 })).status).toBe(400);
    expect(
      (await p.post("/playground/choose", { userId: PLAYGROUND_AGENT_ID, queryId: "1", resultId: "x" })).status,
    ).toBe(409);
  });
});
