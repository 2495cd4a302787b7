/**
 * The benchmark's baseline: a bare grammY bot with fairway's booking flow and nothing else — plain
 * `bot.start()` long polling (one update at a time), state in memory, no conversations plugin, no
 * database, no session. Per step it makes the Bot API and partner calls the flow needs: /book →
 * courses + sendMessage; a tap → answerCallbackQuery + editMessageText (the date adds a tee-time
 * read); typed name, e-mail, mobile → sendMessage; the hold → reserve + sendMessage; Confirm →
 * confirm + editMessageText + the .ics. Started by the bench like fairway (BOT_TOKEN,
 * TELEGRAM_API_ROOT, PARTNER_API_URL, PARTNER_API_KEY, the world clock in FAIRWAY_TEST_WORLD_NOW).
 */
import { Bot, InputFile, type Context } from "grammy";
import { clockFromEnv } from "../helpers/clock.js";
import * as views from "./baseline-views.js";
import { flowTexts } from "./texts.js";

type Step = "course" | "info" | "date" | "slot" | "players" | "name" | "email" | "mobile" | "held";

interface Flow {
  nonce: string;
  step: Step;
  panelId: number;
  courses: views.Course[];
  course?: views.Course;
  month?: string;
  date?: string;
  slots: views.Slot[];
  slot?: views.Slot;
  persons?: number;
  name?: string;
  email?: string;
  mobile?: string;
  order?: views.Order;
}

const env = process.env;
const now = clockFromEnv(env) ?? Date.now;
const partner = views.partnerClient(env.PARTNER_API_URL ?? "", env.PARTNER_API_KEY ?? "");
const agents = new Set((env.AGENT_IDS ?? "").split(",").filter(Boolean).map(Number));
const texts = flowTexts();
const flows = new Map<number, Flow>();
const recent = new Map<number, { name: string; email: string; mobile: string }[]>();

const bot = new Bot(env.BOT_TOKEN ?? "", { client: { ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}), timeoutSeconds: 60 } });
const html = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };

/** Sends a new panel (after typed input) and remembers it as the flow's panel. */
async function sendPanel(ctx: Context, flow: Flow, view: views.View): Promise<void> {
  const sent = await ctx.reply(view.text, { ...html, ...(view.keyboard ? { reply_markup: view.keyboard } : {}) });
  flow.panelId = sent.message_id;
}

/** Edits the panel the user tapped. */
async function editPanel(ctx: Context, view: views.View): Promise<void> {
  await ctx.editMessageText(view.text, { ...html, ...(view.keyboard ? { reply_markup: view.keyboard } : {}) });
}

const summary = (f: Flow): views.Summary => ({ course: f.course!, slot: f.slot!, persons: f.persons!, name: f.name!, email: f.email!, mobile: f.mobile!, order: f.order! });

/** Places the hold; when the tee time was taken, the refreshed list instead. */
async function hold(flow: Flow): Promise<views.View> {
  try {
    flow.order = await partner.reserve({
      slotId: flow.slot!.id,
      persons: flow.persons!,
      customerName: flow.name!,
      customerEmail: flow.email!,
      customerMobile: flow.mobile!,
    });
    flow.step = "held";
    return views.held(flow.nonce, summary(flow));
  } catch {
    flow.slots = await partner.teeTimes(flow.course!.id, flow.date!, now());
    flow.step = "slot";
    const notice = `⚠️ ${texts["hold-slot-taken"]}\n\n`;
    if (flow.slots.length === 0) return views.calendar(flow.nonce, flow.course!, flow.month!, now(), notice);
    return views.slotList(flow.nonce, flow.course!, flow.date!, flow.slots, notice);
  }
}

/** After the players: the golfer's details, or straight to the hold when they are known. */
async function afterPlayers(flow: Flow, userId: number): Promise<views.View> {
  if (flow.name && flow.email && flow.mobile) return hold(flow);
  flow.step = "name";
  return views.namePrompt(flow.nonce, (recent.get(userId) ?? []).map((c) => c.name));
}

bot.use(async (ctx, next) => {
  if (ctx.from && agents.has(ctx.from.id)) await next();
});

bot.command("book", async (ctx) => {
  const courses = await partner.courses();
  const flow: Flow = { nonce: Math.random().toString(36).slice(2, 8).padEnd(6, "0"), step: "course", panelId: 0, courses, slots: [] };
  flows.set(ctx.chat.id, flow);
  await sendPanel(ctx, flow, views.courseList(flow.nonce, courses));
});

bot.command("cancel", async (ctx) => {
  const flow = flows.get(ctx.chat.id);
  flows.delete(ctx.chat.id);
  if (flow?.step === "held" && flow.order) await partner.release(flow.order.id).catch(() => undefined);
  await ctx.reply(flow ? texts["cancel-done"] : texts["cancel-nothing"]);
});

bot.on("callback_query:data", async (ctx) => {
  const chatId = ctx.chat?.id ?? ctx.from.id;
  const flow = flows.get(chatId);
  const [, nonce, action, arg] = ctx.callbackQuery.data.split(":");
  if (!flow || nonce !== flow.nonce || ctx.callbackQuery.message?.message_id !== flow.panelId) {
    await ctx.answerCallbackQuery({ text: "This menu has expired." });
    return;
  }
  await ctx.answerCallbackQuery();
  const n = Number(arg);
  if (action === "cancel") {
    flows.delete(chatId);
    if (flow.step === "held" && flow.order) await partner.release(flow.order.id).catch(() => undefined);
    await editPanel(ctx, { text: texts["cancel-done"] });
  } else if (flow.step === "course" && action === "c" && flow.courses[n]) {
    flow.course = flow.courses[n];
    flow.step = "info";
    await editPanel(ctx, views.courseInfo(flow.nonce, flow.course));
  } else if (flow.step === "info" && action === "go") {
    flow.step = "date";
    flow.month = views.dateKey(now()).slice(0, 7);
    await editPanel(ctx, views.calendar(flow.nonce, flow.course!, flow.month, now()));
  } else if ((flow.step === "date" || flow.step === "slot") && action === "m" && arg && /^\d{6}$/.test(arg)) {
    flow.month = `${arg.slice(0, 4)}-${arg.slice(4)}`;
    await editPanel(ctx, views.calendar(flow.nonce, flow.course!, flow.month, now()));
  } else if ((flow.step === "date" || flow.step === "slot") && action === "d" && arg && /^\d{8}$/.test(arg)) {
    flow.date = `${arg.slice(0, 4)}-${arg.slice(4, 6)}-${arg.slice(6)}`;
    flow.slots = await partner.teeTimes(flow.course!.id, flow.date, now());
    if (flow.slots.length === 0) {
      await editPanel(ctx, views.calendar(flow.nonce, flow.course!, flow.month!, now(), `⚠️ No tee times on ${flow.date}.\n\n`));
      return;
    }
    flow.step = "slot";
    await editPanel(ctx, views.slotList(flow.nonce, flow.course!, flow.date, flow.slots));
  } else if (flow.step === "slot" && action === "s" && flow.slots[n]) {
    flow.slot = flow.slots[n];
    flow.step = "players";
    await editPanel(ctx, views.players(flow.nonce, flow.slot));
  } else if (flow.step === "players" && action === "p" && flow.slot && n >= flow.slot.minPerson && n <= flow.slot.maxPerson) {
    flow.persons = n;
    await editPanel(ctx, await afterPlayers(flow, ctx.from.id));
  } else if (flow.step === "name" && action === "nc") {
    await editPanel(ctx, views.namePrompt(flow.nonce, []));
  } else if (flow.step === "name" && action === "rc" && recent.get(ctx.from.id)?.[n]) {
    Object.assign(flow, recent.get(ctx.from.id)![n]);
    await editPanel(ctx, await hold(flow));
  } else if (flow.step === "held" && action === "ok" && flow.order) {
    const paid = await partner.confirm(flow.order.id);
    flows.delete(chatId);
    const s = summary(flow);
    const list = recent.get(ctx.from.id) ?? [];
    recent.set(ctx.from.id, [{ name: s.name, email: s.email, mobile: s.mobile }, ...list.filter((c) => c.name !== s.name)].slice(0, 3));
    await editPanel(ctx, views.confirmed(s, paid.txNo));
    await ctx.replyWithDocument(new InputFile(Buffer.from(views.ics(s), "utf8"), `tee-time-${s.order.reserve?.code ?? "booking"}.ics`), {
      caption: "Add the tee time to your calendar.",
    });
  }
});

bot.on("message:text", async (ctx) => {
  const flow = flows.get(ctx.chat.id);
  const text = ctx.message.text.trim();
  if (!flow || !["name", "email", "mobile"].includes(flow.step)) {
    await ctx.reply("Use /book to book a tee time.");
    return;
  }
  if (flow.step === "name" && /^[\p{L} .'-]{2,100}$/u.test(text)) {
    flow.name = text;
    flow.step = "email";
    await sendPanel(ctx, flow, views.textPrompt(flow.nonce, "email"));
  } else if (flow.step === "email" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) {
    flow.email = text;
    flow.step = "mobile";
    await sendPanel(ctx, flow, views.textPrompt(flow.nonce, "mobile"));
  } else if (flow.step === "mobile" && /^\+?[\d -]{9,16}$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    flow.mobile = digits.startsWith("0") ? `+66${digits.slice(1)}` : `+${digits}`;
    await sendPanel(ctx, flow, await hold(flow));
  } else {
    await ctx.reply(`⚠️ Please check what you typed.\n${flow.step}`);
  }
});

bot.catch(({ error, ctx }) => {
  process.stderr.write(`baseline: update ${ctx.update.update_id} failed: ${error instanceof Error ? error.message : String(error)}\n`);
});

process.once("SIGTERM", () => void bot.stop());
process.once("SIGINT", () => void bot.stop());
await bot.start({ allowed_updates: ["message", "callback_query"] });
