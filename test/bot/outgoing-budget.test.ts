import { describe, expect, it } from "vitest";
import { Api } from "grammy";
import { chatKeyOf, createOutgoingBudget, type FetchLike } from "../../src/bot/outgoing-budget.js";

/** The outgoing budget on its own: a fake fetch records the calls that got through, in order. */
function world(options: { perSecond: number; burst: number }) {
  const sent: string[] = [];
  const answers = new Map<string, Response>();
  const baseFetch: FetchLike = (url: string, init?: { body?: string }) => {
    const method = url.split("/").at(-1)!;
    const text = (JSON.parse(init?.body ?? "{}") as { text?: string }).text ?? method;
    sent.push(text);
    return Promise.resolve(answers.get(text) ?? new Response(JSON.stringify({ ok: true, result: true })));
  };
  const budget = createOutgoingBudget({
    perSecond: options.perSecond,
    perChat: { burst: options.burst, perSecond: 1 },
    baseFetch,
  });
  const request =
    (fetch: typeof budget.fetch) =>
    (chatId: number, text: string, method = "sendMessage") =>
      fetch(`http://api/bot1:x/${method}`, { method: "POST", body: JSON.stringify({ chat_id: chatId, text }) });
  /** An answer to an update (the bot's clients). */
  const send = request(budget.fetch);
  /** A background send (the outbox's client). */
  const sendInBackground = request(budget.backgroundFetch);
  return { budget, sent, answers, send, sendInBackground };
}

describe("outgoing budget", () => {
  it("interactive answers go before background sends waiting for the same second", async () => {
    const w = world({ perSecond: 2, burst: 100 });
    // Two tokens now: the first two go at once; the rest wait a second, interactive first.
    const background = [1, 2, 3, 4].map((i) => w.sendInBackground(100 + i, `bg${i}`));
    await new Promise((r) => setTimeout(r, 20));
    const interactive = [1, 2].map((i) => w.send(200 + i, `answer${i}`));
    await Promise.all([...background, ...interactive]);
    expect(w.sent).toEqual(["bg1", "bg2", "answer1", "answer2", "bg3", "bg4"]);
  });

  it("one chat over its burst waits its second; another chat does not wait for it; answerCallbackQuery is not paced", async () => {
    const w = world({ perSecond: 100, burst: 2 });
    const started = performance.now();
    const slow = [1, 2, 3].map((i) => w.send(1, `a${i}`));
    await new Promise((r) => setTimeout(r, 20));
    await w.send(2, "b1");
    await w.send(1, "tap", "answerCallbackQuery");
    expect(performance.now() - started).toBeLessThan(800);
    expect(w.sent).toEqual(["a1", "a2", "b1", "tap"]);
    await Promise.all(slow);
    expect(w.sent.at(-1)).toBe("a3");
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("a 429 holds that chat for retry_after before its next send", async () => {
    const w = world({ perSecond: 100, burst: 100 });
    w.answers.set(
      "x1",
      new Response(
        JSON.stringify({
          ok: false,
          error_code: 429,
          description: "Too Many Requests: retry after 1",
          parameters: { retry_after: 1 },
        }),
        { status: 429 },
      ),
    );
    await w.send(7, "x1");
    const started = performance.now();
    await w.send(8, "other chat");
    expect(performance.now() - started).toBeLessThan(800);
    await w.send(7, "x2");
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(w.sent).toEqual(["x1", "other chat", "x2"]);
  });
});

describe("the chat a Bot API call goes to", () => {
  it("is read from the bodies grammY itself writes, as parsing them would give it", async () => {
    const bodies: string[] = [];
    const api = new Api("1:x", {
      fetch: (_url: string, init: { body: string }) => {
        bodies.push(init.body);
        return Promise.resolve(new Response(JSON.stringify({ ok: true, result: true })));
      },
    });
    const keyboard = { inline_keyboard: [[{ text: 'A "quoted" {chat_id:9}', callback_data: "x" }]] };
    await api.sendMessage(-1001234567890, 'a "chat_id": 7 in the text', { reply_markup: keyboard });
    await api.editMessageText(42, 5, "edited", { reply_markup: keyboard });
    await api.sendMessage("@a_channel", "to a channel by its name");
    await api.raw.sendMessage({ reply_parameters: { message_id: 1, chat_id: 8 }, chat_id: 9, text: "nested first" });
    await api.answerCallbackQuery("query-id");
    const parsed = bodies.map((b) => {
      const id = (JSON.parse(b) as { chat_id?: number | string }).chat_id;
      return id === undefined ? undefined : String(id);
    });
    expect(parsed).toEqual(["-1001234567890", "42", "@a_channel", "9", undefined]);
    expect(bodies.map(chatKeyOf)).toEqual(parsed);
    expect(chatKeyOf(undefined)).toBeUndefined();
  });
});
