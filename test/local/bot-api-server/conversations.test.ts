import { type Conversation, type ConversationFlavor, conversations, createConversation } from "@grammyjs/conversations";
import { Bot, type Context, InlineKeyboard } from "grammy";
import { expect, test } from "vitest";
import { startPolling, startServer } from "./helpers.js";

type Ctx = ConversationFlavor<Context>;

test("a grammY conversation (fresh Api objects inside) is driven end to end through apiRoot", async () => {
  const server = await startServer();
  const bot = new Bot<Ctx>(server.token, { client: { apiRoot: server.url } });
  bot.use(conversations());
  bot.use(
    createConversation(async (conversation: Conversation<Ctx, Context>, ctx: Context) => {
      await ctx.reply("How many players?", { reply_markup: new InlineKeyboard().text("2", "p:2").text("4", "p:4") });
      const tap = await conversation.waitForCallbackQuery(/^p:/);
      await tap.answerCallbackQuery();
      await tap.editMessageText(`Players: ${tap.callbackQuery.data.slice(2)}`);
      await ctx.reply("Your name?");
      const name = await conversation.waitFor("message:text");
      await ctx.reply(`Booked for <b>${name.message.text}</b>`, { parse_mode: "HTML" });
    }, "book"),
  );
  bot.command("book", (ctx) => ctx.conversation.enter("book"));
  await startPolling(bot);

  const alice = server.user({ id: 42 });
  alice.send("/book");
  await server.idle();
  alice.tap("4");
  await server.idle();
  alice.send("Alice");
  await server.idle();

  expect(alice.messages().map((m) => m.text)).toEqual(["Players: 4", "Your name?", "Booked for Alice"]);
  expect(alice.lastMessage()?.html).toBe("Booked for <b>Alice</b>");
  expect(server.unansweredCallbackQueries()).toEqual([]);
  expect(server.calls.filter((c) => c.method !== "getUpdates").every((c) => c.ok)).toBe(true);
});
