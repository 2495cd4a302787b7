/**
 * The benchmark's baseline: a bare grammY bot with fairway's booking flow and nothing else — plain
 * `bot.start()` long polling (one update at a time), state in memory, no conversations plugin, no
 * database, no session. Per step it makes the Bot API and partner calls the flow needs: /book →
 * courses + sendMessage; a tap → answerCallbackQuery + editMessageText (the date adds a tee-time
 * read); typed name, e-mail, mobile → sendMessage; the hold → reserve + sendMessage; Confirm →
 * confirm + editMessageText + the .ics. The flow's transitions are in `baseline-flow.ts`, shared with
 * the conversations reference (`conversation-bot.ts`). Started by the bench like fairway (BOT_TOKEN,
 * TELEGRAM_API_ROOT, PARTNER_API_URL, PARTNER_API_KEY, the world clock in FAIRWAY_TEST_WORLD_NOW).
 */
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

const env = process.env;
const now = clockFromEnv(env) ?? Date.now;
const partner = views.partnerClient(env.PARTNER_API_URL ?? "", env.PARTNER_API_KEY ?? "");
const agents = new Set((env.AGENT_IDS ?? "").split(",").filter(Boolean).map(Number));
const flows = new Map<number, Flow>();
const recent = new Map<number, Customer[]>();
const io: FlowIO = {
  partner,
  now,
  recent: (userId) => recent.get(userId) ?? [],
  remember: (userId, customer) => void recent.set(userId, withRecent(recent.get(userId) ?? [], customer)),
};

const bot = new Bot(env.BOT_TOKEN ?? "", {
  client: { ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}), timeoutSeconds: 60 },
});

/** Sends a new panel (after typed input) and remembers it as the flow's panel. */
async function sendPanel(ctx: Context, flow: Flow, view: views.View): Promise<void> {
  const sent = await ctx.reply(view.text, panelOptions(view));
  flow.panelId = sent.message_id;
}

/** Edits the panel the user tapped. */
async function editPanel(ctx: Context, view: views.View): Promise<void> {
  await ctx.editMessageText(view.text, panelOptions(view));
}

/** Shows what the flow answered. */
async function show(ctx: Context, chatId: number, flow: Flow, out: Output): Promise<void> {
  if ((out.kind === "edit" && out.done) || out.kind === "paid") flows.delete(chatId);
  if (out.kind === "edit" || out.kind === "paid") await editPanel(ctx, out.view);
  if (out.kind === "send") await sendPanel(ctx, flow, out.view);
  if (out.kind === "retry") await ctx.reply(out.text);
  if (out.kind === "paid")
    await ctx.replyWithDocument(new InputFile(Buffer.from(out.ics, "utf8"), out.fileName), {
      caption: BASELINE_TEXTS.icsCaption,
    });
}

bot.use(async (ctx, next) => {
  if (ctx.from && agents.has(ctx.from.id)) await next();
});

bot.command("book", async (ctx) => {
  const { flow, view } = newFlow(Math.random().toString(36).slice(2, 8).padEnd(6, "0"), await partner.courses());
  flows.set(ctx.chat.id, flow);
  await sendPanel(ctx, flow, view);
});

bot.command("cancel", async (ctx) => {
  const flow = flows.get(ctx.chat.id);
  flows.delete(ctx.chat.id);
  if (flow) await releaseHeld(flow, io);
  await ctx.reply(flow ? BASELINE_TEXTS.cancelDone : BASELINE_TEXTS.cancelNothing);
});

bot.on("callback_query:data", async (ctx) => {
  const chatId = ctx.chat?.id ?? ctx.from.id;
  const flow = flows.get(chatId);
  if (!isCurrent(flow, ctx.callbackQuery.data, ctx.callbackQuery.message?.message_id)) {
    await ctx.answerCallbackQuery({ text: BASELINE_TEXTS.expired });
    return;
  }
  await ctx.answerCallbackQuery();
  await show(ctx, chatId, flow, await tap(flow, ctx.callbackQuery.data, ctx.from.id, io));
});

bot.on("message:text", async (ctx) => {
  const flow = flows.get(ctx.chat.id);
  if (!takesText(flow)) {
    await ctx.reply(BASELINE_TEXTS.useBook);
    return;
  }
  await show(ctx, ctx.chat.id, flow, await typed(flow, ctx.message.text, io));
});

bot.catch(({ error, ctx }) => {
  process.stderr.write(
    `baseline: update ${ctx.update.update_id} failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
});

process.once("SIGTERM", () => void bot.stop());
process.once("SIGINT", () => void bot.stop());
await bot.start({ allowed_updates: ["message", "callback_query"] });
