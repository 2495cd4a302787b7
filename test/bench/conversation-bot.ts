/**
 * The bench's conversations reference (`npm run bench -- --reference`): the baseline's flow
 * (`baseline-flow.ts`), with the same Bot API and partner calls, run inside a `@grammyjs/conversations`
 * v2 conversation, as the issue asks of fairway's flow, and nothing else: the plugin's default
 * in-memory storage, no database, no session, no i18n, no ledger.
 *
 * It measures what the plugin's replay costs by itself, next to the bare baseline in the same run. It
 * is bounded the way fairway's flow is: a checkpoint before each wait, the flow's state handed across
 * a rewind after each update (`take` / `put`, through `conversation.external`), so the replay log
 * holds one update's operations. Partner calls, the clock, the random nonce and the recent-customer
 * map go through `conversation.external`; the Bot API calls inside the conversation are the plugin's
 * to replay. Started by the bench like the baseline (same environment).
 */
import { conversations, createConversation, type Conversation, type ConversationFlavor } from "@grammyjs/conversations";
import { Bot, InputFile, type Context } from "grammy";
import { clockFromEnv } from "../helpers/clock.js";
import {
  BASELINE_TEXTS,
  isCurrent,
  newFlow,
  panelOptions,
  releaseHeld,
  takesText,
  tap,
  typed,
  withRecent,
  type Customer,
  type Flow,
  type FlowIO,
  type Output,
} from "./baseline-flow.js";
import * as views from "./baseline-views.js";

type OuterContext = ConversationFlavor<Context>;

const env = process.env;
const now = clockFromEnv(env) ?? Date.now;
const partner = views.partnerClient(env.PARTNER_API_URL ?? "", env.PARTNER_API_KEY ?? "");
const agents = new Set((env.AGENT_IDS ?? "").split(",").filter(Boolean).map(Number));
const recent = new Map<number, Customer[]>();
/** A flow's state between two updates: put before the rewind, taken back after it. */
const handOver = new Map<number, Flow>();

/** Shows what the flow answered; true when the flow has ended. */
async function show(ctx: Context, flow: Flow, out: Output): Promise<boolean> {
  if (out.kind === "edit" || out.kind === "paid") await ctx.editMessageText(out.view.text, panelOptions(out.view));
  if (out.kind === "send") flow.panelId = (await ctx.reply(out.view.text, panelOptions(out.view))).message_id;
  if (out.kind === "retry") await ctx.reply(out.text);
  if (out.kind === "paid")
    await ctx.replyWithDocument(new InputFile(Buffer.from(out.ics, "utf8"), out.fileName), {
      caption: BASELINE_TEXTS.icsCaption,
    });
  return out.kind === "paid" || (out.kind === "edit" && out.done === true);
}

async function booking(conversation: Conversation<OuterContext, Context>, ctx: Context): Promise<void> {
  const chatId = ctx.chat?.id;
  const userId = ctx.from?.id;
  if (chatId === undefined || userId === undefined) return;
  const nonce = await conversation.external(() => Math.random().toString(36).slice(2, 8).padEnd(6, "0"));
  let at = 0;
  const io: FlowIO = {
    partner: {
      teeTimes: (courseId, date, ms) => conversation.external(() => partner.teeTimes(courseId, date, ms)),
      reserve: (input) => conversation.external(() => partner.reserve(input)),
      confirm: (id) => conversation.external(() => partner.confirm(id)),
      release: (id) => conversation.external(() => partner.release(id)),
    },
    now: () => at,
    recent: (id) => conversation.external(() => recent.get(id) ?? []),
    remember: (id, customer) =>
      conversation.external(() => void recent.set(id, withRecent(recent.get(id) ?? [], customer))),
  };

  const top = conversation.checkpoint();
  const saved = await conversation.external(() => {
    const flow = handOver.get(chatId);
    handOver.delete(chatId);
    return flow?.nonce === nonce ? flow : undefined;
  });
  let flow: Flow;
  if (saved) {
    flow = saved;
  } else {
    const first = newFlow(nonce, await conversation.external(() => partner.courses()));
    flow = first.flow;
    flow.panelId = (await ctx.reply(first.view.text, panelOptions(first.view))).message_id;
  }
  const next = await conversation.wait();
  if (next.message?.text === "/cancel") {
    await releaseHeld(flow, io);
    await next.reply(BASELINE_TEXTS.cancelDone);
    return;
  }
  if (next.message?.text?.startsWith("/")) await conversation.halt({ next: true });
  at = await conversation.external(() => now());
  const data = next.callbackQuery?.data;
  if (data !== undefined) {
    if (!isCurrent(flow, data, next.callbackQuery?.message?.message_id)) {
      await next.answerCallbackQuery({ text: BASELINE_TEXTS.expired });
    } else {
      await next.answerCallbackQuery();
      if (await show(next, flow, await tap(flow, data, userId, io))) return;
    }
  } else if (next.message?.text !== undefined) {
    if (!takesText(flow)) await next.reply(BASELINE_TEXTS.useBook);
    else await show(next, flow, await typed(flow, next.message.text, io));
  }
  await conversation.external(() => void handOver.set(chatId, flow));
  await conversation.rewind(top);
}

const bot = new Bot<OuterContext>(env.BOT_TOKEN ?? "", {
  client: { ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}), timeoutSeconds: 60 },
});

bot.use(async (ctx, next) => {
  if (ctx.from && agents.has(ctx.from.id)) await next();
});
bot.use(conversations());
bot.use(createConversation(booking, "booking"));

bot.command("book", async (ctx) => {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter("booking");
});

bot.command("cancel", async (ctx) => {
  await ctx.conversation.exitAll();
  await ctx.reply(BASELINE_TEXTS.cancelNothing);
});

bot.on("message:text", (ctx) => ctx.reply(BASELINE_TEXTS.useBook));
bot.on("callback_query:data", (ctx) => ctx.answerCallbackQuery({ text: BASELINE_TEXTS.expired }));

bot.catch(({ error, ctx }) => {
  process.stderr.write(
    `conversations reference: update ${ctx.update.update_id} failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
});

process.once("SIGTERM", () => void bot.stop());
process.once("SIGINT", () => void bot.stop());
await bot.start({ allowed_updates: ["message", "callback_query"] });
