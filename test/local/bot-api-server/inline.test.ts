import { describe, expect, test } from "vitest";
import { botFor, call, startPolling, startServer } from "./helpers.js";

describe("inline mode", () => {
  test("a user's inline query reaches the bot; the answer is kept; choosing a result posts its message via the bot and reports chosen_inline_result", async () => {
    const server = await startServer();
    const bot = botFor(server);
    const chosen: string[] = [];
    bot.on("inline_query", (ctx) =>
      ctx.answerInlineQuery(
        [
          {
            type: "article",
            id: "r1",
            title: `Tee times for ${ctx.inlineQuery.query}`,
            input_message_content: { message_text: "<b>Riverside</b> 07:30", parse_mode: "HTML" },
            reply_markup: {
              inline_keyboard: [[{ text: "Book", url: "https://t.me/fairway_test_bot?start=oABCDEFGHIJK" }]],
            },
          },
        ],
        { cache_time: 5, is_personal: true, next_offset: "10" },
      ),
    );
    bot.on("chosen_inline_result", (ctx) => {
      chosen.push(`${ctx.chosenInlineResult.result_id}:${ctx.chosenInlineResult.query}`);
    });
    const starts: string[] = [];
    bot.command("start", (ctx) => {
      starts.push(ctx.match);
    });
    await startPolling(bot);
    const agent = server.user({ id: 42 });
    const queryId = agent.inlineQuery("riverside sat");
    await server.idle();
    const answer = server.inlineAnswer(queryId);
    expect(answer?.results.map((r) => [r.id, r.title])).toEqual([["r1", "Tee times for riverside sat"]]);
    expect(answer).toMatchObject({ cache_time: 5, is_personal: true, next_offset: "10" });

    const posted = agent.chooseInlineResult(queryId, "r1", 9001);
    await server.idle();
    expect(posted).toMatchObject({
      text: "Riverside 07:30",
      via_bot: { username: "fairway_test_bot" },
      from: { id: 42 },
    });
    expect(posted.entities).toEqual([{ type: "bold", offset: 0, length: 9 }]);
    expect(server.messages(9001).map((m) => m.text)).toEqual(["Riverside 07:30"]);
    expect(chosen).toEqual(["r1:riverside sat"]);

    const customer = server.user({ id: 43 });
    const button = posted.reply_markup?.inline_keyboard.flat()[0];
    customer.openLink(button && "url" in button ? button.url : "");
    await server.idle();
    expect(starts).toEqual(["oABCDEFGHIJK"]);
    expect(() => customer.openLink("https://t.me/other_bot?start=x")).toThrow(/not a link to @fairway_test_bot/);
    await bot.stop();
    await server.close();
  });

  test("Telegram's rules: one answer per query, unique result ids of at most 64 bytes, at most 50 results, valid HTML, a valid start parameter", async () => {
    const server = await startServer();
    const user = server.user({ id: 44 });
    const article = (id: string, text = "ok") => ({
      type: "article",
      id,
      title: "t",
      input_message_content: { message_text: text, parse_mode: "HTML" },
    });
    const answer = async (results: unknown[], extra: Record<string, unknown> = {}) => {
      const id = user.inlineQuery("q");
      const { json } = await call(server, "answerInlineQuery", { inline_query_id: id, results, ...extra });
      return json.ok ? "ok" : json.description;
    };
    expect(await answer([article("a"), article("a")])).toBe("Bad Request: RESULT_ID_DUPLICATE");
    expect(await answer([article("x".repeat(65))])).toBe("Bad Request: RESULT_ID_INVALID");
    expect(await answer(Array.from({ length: 51 }, (_, i) => article(String(i))))).toBe(
      "Bad Request: RESULTS_TOO_MUCH",
    );
    expect(await answer([article("a", "<b>open")])).toMatch(/^Bad Request: can't parse entities/);
    expect(await answer([], { button: { text: "Open", start_parameter: "bad param" } })).toBe(
      "Bad Request: START_PARAM_INVALID",
    );
    expect(await answer([], { next_offset: "x".repeat(65) })).toBe("Bad Request: NEXT_OFFSET_INVALID");
    const id = user.inlineQuery("q");
    expect((await call(server, "answerInlineQuery", { inline_query_id: id, results: [] })).json.ok).toBe(true);
    const again = await call(server, "answerInlineQuery", { inline_query_id: id, results: [] });
    expect(again.json.description).toBe(
      "Bad Request: query is too old and response timeout expired or query ID is invalid",
    );
    await server.close();
  });
});
