import { describe, expect, it } from "vitest";
import { call, startServer } from "./helpers.js";

/** Telegram's flood limits in the local Bot API server (`rateLimits`), on a clock the test moves. */
describe("rateLimits", () => {
  async function server(perChat = { burst: 3, perSecond: 1 }, overall = { burst: 5, perSecond: 5 }) {
    let now = 0;
    const s = await startServer({ rateLimits: { perChat, overall, clock: () => now } });
    const users = [1, 2, 3].map((id) => s.user({ id }));
    return { s, users, advance: (ms: number) => (now += ms) };
  }

  it("a chat over its burst gets 429 with retry_after; a second later it may send again", async () => {
    const { s, users, advance } = await server();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(s, "sendMessage", { chat_id: users[0]!.chatId, text: `m${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(s, "sendMessage", { chat_id: users[0]!.chatId, text: "again" });
    expect(refused.json).toMatchObject({
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    // Another chat is not limited by this one's burst.
    expect((await call(s, "sendMessage", { chat_id: users[1]!.chatId, text: "hi" })).status).toBe(200);
    advance(1000);
    expect(
      (await call(s, "editMessageText", { chat_id: users[0]!.chatId, message_id: 1, text: "edited" })).status,
    ).toBe(200);
    expect(s.rateLimited().map((r) => [r.method, r.scope])).toEqual([
      ["sendMessage", "chat"],
      ["sendMessage", "chat"],
    ]);
  });

  it("the overall limit spans chats; answerCallbackQuery and getMe do not count", async () => {
    const { s, users } = await server({ burst: 10, perSecond: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(s, "sendMessage", { chat_id: users[i % 3]!.chatId, text: `m${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(s.rateLimited().at(-1)).toMatchObject({ scope: "overall" });
    expect((await call(s, "getMe")).status).toBe(200);
  });

  it("off by default: no 429 however fast", async () => {
    const s = await startServer();
    const u = s.user({ id: 5 });
    for (let i = 0; i < 40; i++)
      expect((await call(s, "sendMessage", { chat_id: u.chatId, text: `m${i}` })).status).toBe(200);
    expect(s.rateLimited()).toEqual([]);
  });
});
