import { Composer, InlineKeyboard } from "grammy";
import * as v from "valibot";
import type { Link } from "../../access/index.js";
import { isPartnerApiError } from "../../partner/errors.js";
import { courseName } from "../format/course-name.js";
import { localeOf } from "../i18n.js";
import type { BotContext } from "../context.js";
import { formatDateTime } from "../format/dates.js";
import { escapeHtml, truncate } from "../format/html.js";
import { isNotModified } from "../ui/telegram-errors.js";

/** Choices offered by the link builder (0 = unlimited / never). */
export const USES = [1, 5, 10, 0] as const;
export const DAYS = [1, 7, 30, 0] as const;
const DEFAULT = { course: "-", uses: 10, days: 30 };
const TZ = "Asia/Bangkok";

/** `lk:<action>:<course index or ->:<uses>:<days>` — the builder's whole state travels in the button. */
const BuilderData = v.pipe(
  v.string(),
  v.regex(/^lk:(s|cc|go):(-|\d{1,3}):(\d{1,2}):(\d{1,2})$/),
  v.transform((s) => {
    const [, action, course, uses, days] = s.split(":") as [string, "s" | "cc" | "go", string, string, string];
    return { action, course, uses: Number(uses), days: Number(days) };
  }),
  v.check((d) => (USES as readonly number[]).includes(d.uses) && (DAYS as readonly number[]).includes(d.days)),
);
type Builder = { course: string; uses: number; days: number };

const RevokeData = v.pipe(
  v.string(),
  v.regex(/^lr:[A-Za-z0-9_-]{1,60}$/),
  v.transform((s) => s.slice(3)),
);

function data(action: "s" | "cc" | "go", b: Builder): string {
  return `lk:${action}:${b.course}:${b.uses}:${b.days}`;
}

async function courses(ctx: BotContext) {
  try {
    return { ok: true as const, list: await ctx.deps.partner.listCourses() };
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    return { ok: false as const, key: error.userMessageKey };
  }
}

async function show(ctx: BotContext, text: string, keyboard?: InlineKeyboard) {
  const extra = {
    parse_mode: "HTML" as const,
    link_preview_options: { is_disabled: true },
    ...(keyboard ? { reply_markup: keyboard } : {}),
  };
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, extra);
      return;
    } catch (error) {
      if (isNotModified(error)) return;
    }
  }
  await ctx.reply(text, extra);
}

function choice<T extends number>(
  ctx: BotContext,
  values: readonly T[],
  current: number,
  label: (n: T) => string,
  make: (n: T) => string,
) {
  return values.map((n) => InlineKeyboard.text(`${n === current ? "✓ " : ""}${label(n)}`, make(n)));
}

async function builderView(ctx: BotContext, b: Builder) {
  const list = b.course === "-" ? undefined : await courses(ctx);
  const course = list?.ok ? list.list[Number(b.course)] : undefined;
  const locale = localeOf(ctx);
  const kb = new InlineKeyboard()
    .text(course ? `⛳ ${truncate(courseName(course, locale), 40)}` : ctx.t("link-any-course"), data("cc", b))
    .row()
    .add(
      ...choice(
        ctx,
        USES,
        b.uses,
        (n) => (n === 0 ? ctx.t("link-uses-unlimited") : ctx.t("link-uses", { count: n })),
        (n) => data("s", { ...b, uses: n }),
      ),
    )
    .row()
    .add(
      ...choice(
        ctx,
        DAYS,
        b.days,
        (n) => (n === 0 ? ctx.t("link-expiry-never") : ctx.t("link-days", { count: n })),
        (n) => data("s", { ...b, days: n }),
      ),
    )
    .row()
    .text(ctx.t("link-create"), data("go", b));
  await show(ctx, `<b>${ctx.t("link-builder-title")}</b>\n${ctx.t("link-builder-hint")}`, kb);
}

async function coursePicker(ctx: BotContext, b: Builder) {
  const list = await courses(ctx);
  if (!list.ok) {
    await show(ctx, ctx.t(list.key), new InlineKeyboard().text(ctx.t("btn-back"), data("s", b)));
    return;
  }
  const locale = localeOf(ctx);
  const kb = new InlineKeyboard().text(ctx.t("link-any-course"), data("s", { ...b, course: "-" })).row();
  list.list
    .slice(0, 30)
    .forEach((c, i) => kb.text(truncate(courseName(c, locale), 48), data("s", { ...b, course: String(i) })).row());
  await show(ctx, ctx.t("link-pick-course"), kb);
}

/** The t.me link a customer opens. */
export function linkUrl(ctx: BotContext, token: string): string {
  return `https://t.me/${ctx.me.username}?start=${token}`;
}

function linkSummary(ctx: BotContext, link: Link): string {
  const locale = localeOf(ctx);
  const uses =
    link.max_uses === null
      ? ctx.t("link-uses-count-unlimited", { used: link.uses })
      : ctx.t("link-uses-count", { used: link.uses, max: link.max_uses });
  const expiry =
    link.expires_at === null
      ? ctx.t("link-expiry-never")
      : ctx.t("link-expires", { when: formatDateTime(link.expires_at, TZ, locale) });
  const state =
    link.revoked_at !== null
      ? ctx.t("link-state-revoked")
      : ctx.deps.access.links.refusal(link)
        ? ctx.t("link-state-ended")
        : ctx.t("link-state-active");
  return `${state} · ${escapeHtml(link.course_name ?? ctx.t("link-any-course"))} · ${uses} · ${expiry}`;
}

async function create(ctx: BotContext, b: Builder) {
  const agentId = ctx.from?.id;
  if (agentId === undefined) return;
  let course: { id: string; name: string } | undefined;
  if (b.course !== "-") {
    const list = await courses(ctx);
    if (!list.ok) return show(ctx, ctx.t(list.key), new InlineKeyboard().text(ctx.t("btn-back"), data("s", b)));
    const c = list.list[Number(b.course)];
    if (!c) return builderView(ctx, { ...b, course: "-" });
    course = { id: c.id, name: courseName(c, localeOf(ctx)) };
  }
  const link = await ctx.deps.access.links.create({
    agentId,
    courseId: course?.id ?? null,
    courseName: course?.name ?? null,
    maxUses: b.uses === 0 ? null : b.uses,
    expiresAt: b.days === 0 ? null : ctx.deps.now() + b.days * 86_400_000,
  });
  const url = linkUrl(ctx, link.token);
  const share = `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(ctx.t("link-share-text"))}`;
  const kb = new InlineKeyboard().url(ctx.t("link-share"), share).row().text(ctx.t("link-revoke"), `lr:${link.token}`);
  const mode = await payModeOf(ctx, link);
  if (mode)
    kb.row().text(
      ctx.t(mode.payFirst ? "pay-link-btn-at-once" : "pay-link-btn-pay-first"),
      `lp:${link.token}:${mode.payFirst ? 0 : 1}`,
    );
  const modeLine = mode ? `\n${ctx.t(mode.payFirst ? "pay-link-pay-first" : "pay-link-at-once")}` : "";
  await show(ctx, `<b>${ctx.t("link-created")}</b>\n${escapeHtml(url)}\n\n${linkSummary(ctx, link)}${modeLine}`, kb);
}

/**
 * How a link's customers pay, when there is a choice (a PromptPay ID to collect to): pay first, the
 * default, or confirm at once (the agent's choice, for trusted customers). Undefined: no PromptPay ID.
 */
async function payModeOf(ctx: BotContext, link: Link): Promise<{ payFirst: boolean } | undefined> {
  const payee = await ctx.deps.payments.payeeFor(link.agent_id);
  if (!payee) return undefined;
  return { payFirst: link.pay_first !== 0 };
}

async function listLinks(ctx: BotContext, notice?: string) {
  const agentId = ctx.from?.id;
  if (agentId === undefined) return;
  const links = await ctx.deps.access.links.listFor(agentId, 15);
  if (links.length === 0) return show(ctx, `${notice ? `${notice}\n\n` : ""}${ctx.t("links-empty")}`);
  const kb = new InlineKeyboard();
  const lines = links.map((l, i) => {
    if (l.revoked_at === null) kb.text(ctx.t("link-revoke-n", { n: i + 1 }), `lr:${l.token}`);
    if (i % 3 === 2) kb.row();
    return `${i + 1}. ${linkSummary(ctx, l)}\n    ${escapeHtml(linkUrl(ctx, l.token))}`;
  });
  await show(ctx, `${notice ? `${notice}\n\n` : ""}<b>${ctx.t("links-title")}</b>\n${lines.join("\n")}`, kb);
}

/** /link (a button builder: course, uses, expiry) and /links (use counts, revoke). Agents and admins only. */
export function createLinksFeature() {
  const feature = new Composer<BotContext>();
  const agents = feature.filter((ctx) => ctx.who.role === "agent" || ctx.who.role === "admin");
  const others = feature.filter((ctx) => ctx.who.role !== "agent" && ctx.who.role !== "admin");
  others.command(["link", "links"], (ctx) => ctx.reply(ctx.t("links-agents-only")));
  others.callbackQuery(/^l[kpr]:/, (ctx) =>
    ctx.answerCallbackQuery({ text: ctx.t("links-agents-only"), show_alert: true }),
  );

  agents.command("link", (ctx) => builderView(ctx, DEFAULT));
  agents.command("links", (ctx) => listLinks(ctx));
  agents.callbackQuery(/^lk:/, async (ctx) => {
    const parsed = v.safeParse(BuilderData, ctx.callbackQuery.data);
    if (!parsed.success) return ctx.answerCallbackQuery({ text: ctx.t("menu-expired") });
    await ctx.answerCallbackQuery();
    const { action, ...b } = parsed.output;
    if (action === "s") return builderView(ctx, b);
    if (action === "cc") return coursePicker(ctx, b);
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
    return create(ctx, b);
  });
  // Pay first / confirm at once, per link (its owner only).
  agents.callbackQuery(/^lp:[A-Za-z0-9_-]{1,64}:[01]$/, async (ctx) => {
    const [, token = "", value] = ctx.callbackQuery.data.split(":");
    const done = ctx.from ? await ctx.deps.access.links.setPayFirst(token, ctx.from.id, value === "1") : false;
    await ctx.answerCallbackQuery({
      text: ctx.t(done ? (value === "1" ? "pay-link-pay-first" : "pay-link-at-once") : "link-not-revoked"),
    });
    const link = done ? await ctx.deps.access.links.get(token) : undefined;
    if (!link) return;
    const mode = await payModeOf(ctx, link);
    const kb = new InlineKeyboard().text(ctx.t("link-revoke"), `lr:${link.token}`);
    if (mode)
      kb.row().text(
        ctx.t(mode.payFirst ? "pay-link-btn-at-once" : "pay-link-btn-pay-first"),
        `lp:${link.token}:${mode.payFirst ? 0 : 1}`,
      );
    const modeLine = mode ? `\n${ctx.t(mode.payFirst ? "pay-link-pay-first" : "pay-link-at-once")}` : "";
    await show(
      ctx,
      `<b>${ctx.t("link-created")}</b>\n${escapeHtml(linkUrl(ctx, link.token))}\n\n${linkSummary(ctx, link)}${modeLine}`,
      kb,
    );
  });
  agents.callbackQuery(/^lr:/, async (ctx) => {
    const parsed = v.safeParse(RevokeData, ctx.callbackQuery.data);
    const revoked = parsed.success && ctx.from ? await ctx.deps.access.links.revoke(parsed.output, ctx.from.id) : false;
    await ctx.answerCallbackQuery({ text: ctx.t(revoked ? "link-revoked" : "link-not-revoked") });
    if (!revoked || !parsed.success) return;
    // What becomes of the customers it let in: no new bookings (the service's rule), theirs stand.
    const customers = await ctx.deps.access.links.admitted(parsed.output);
    await listLinks(ctx, `${ctx.t("link-revoked")} ${ctx.t("link-revoked-customers", { n: customers })}`);
  });
  return feature;
}
