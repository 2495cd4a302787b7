import { bookingCourseName } from "../../../bookings/index.js";
import { attributedTo, type RecentQuery } from "../../../bookings/queries.js";
import { localeOf } from "../../i18n.js";
import type { BotContext } from "../../context.js";
import { addDaysToDateKey, courseToday, dateKeyOf, formatDate, formatTime } from "../../format/dates.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { attributionText, knownAgentsAmong } from "./attribution.js";
import { ADMIN_TIME_ZONE, bangkokDayStart } from "./bangkok-time.js";
import { referenceOf, stateLabel } from "./booking-labels.js";
import { fitLines } from "./fit-lines.js";

/** At most this many bookings per answer. */
const LIST_SIZE = 30;

type Filter = { query: RecentQuery; title: string };

/** `today` and `week` mean bookings made since midnight (Thailand) today or six days before; a number is an agent. */
function parseFilter(ctx: BotContext, match: string): Filter | undefined {
  const arg = match.trim().toLowerCase();
  const today = courseToday(ctx.deps.now(), ADMIN_TIME_ZONE);
  if (arg === "") return { query: { limit: LIST_SIZE }, title: ctx.t("admin-bookings-title-recent") };
  if (arg === "today")
    return { query: { limit: LIST_SIZE, since: bangkokDayStart(today) }, title: ctx.t("admin-bookings-title-today") };
  if (arg === "week")
    return {
      query: { limit: LIST_SIZE, since: bangkokDayStart(addDaysToDateKey(today, -6)) },
      title: ctx.t("admin-bookings-title-week"),
    };
  if (/^\d{1,15}$/.test(arg))
    return {
      query: { limit: LIST_SIZE, agentId: Number(arg) },
      title: ctx.t("admin-bookings-title-agent", { agent: arg }),
    };
  return undefined;
}

/** The number of tee times of each group among `list`, by group id. */
async function groupSizes(ctx: BotContext, list: readonly { group_id: string | null }[]): Promise<Map<string, number>> {
  const ids = [...new Set(list.flatMap((b) => (b.group_id === null ? [] : [b.group_id])))];
  return ctx.deps.ledger.groupSizes(ids);
}

/**
 * /bookings [today|week|<agent id>]: recent bookings with status, newest first; a group's tee time says
 * which of the group's it is (👥 2/3) beside its reference.
 */
export async function bookingsCommand(ctx: BotContext, match: string): Promise<void> {
  const filter = parseFilter(ctx, match);
  if (!filter) {
    await ctx.reply(ctx.t("admin-bookings-usage"), { parse_mode: "HTML" });
    return;
  }
  const locale = localeOf(ctx);
  const list = await ctx.deps.ledger.recent(filter.query);
  if (list.length === 0) {
    await ctx.reply(`<b>${filter.title}</b>\n${ctx.t("admin-bookings-empty")}`, { parse_mode: "HTML" });
    return;
  }
  const [groups, agents] = await Promise.all([groupSizes(ctx, list), knownAgentsAmong(ctx, list)]);
  const lines = list.map((b) => {
    const when = `${formatDate(dateKeyOf(b.slot_starts_at, b.time_zone), locale)} ${formatTime(b.slot_starts_at, b.time_zone, locale)}`;
    return [
      `• <b>${stateLabel(ctx, b)}</b>`,
      when,
      escapeHtml(truncate(bookingCourseName(b, locale), 40)),
      ctx.t("admin-players", { count: b.persons }),
      formatBaht(b.amount ?? b.expected_amount, locale),
      attributionText(ctx, attributedTo(b, agents)),
      `<code>${escapeHtml(referenceOf(b))}</code>`,
      b.group_id !== null
        ? ctx.t("admin-bookings-group", { n: b.flight ?? 0, flights: groups.get(b.group_id) ?? 0 })
        : "",
    ]
      .filter(Boolean)
      .join(" · ");
  });
  await ctx.reply(
    fitLines([`<b>${filter.title}</b>`, ...lines], (n) => ctx.t("admin-more", { count: n })),
    { parse_mode: "HTML" },
  );
}
