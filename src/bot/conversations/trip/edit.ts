/**
 * Editing a trip before its customer accepted (issue 51), its agent's (or an admin's) conversation, entered from
 * the trip's Edit button (`tn:ed:<trip>`, features/trips/entry.ts): a menu — remove a round, add a round (the
 * round's steps shared with building a trip, `steps.ts`), change, remove or add one of the agency's lines, the
 * deposit's percentage, the roster (the same number of players) — until Done. Each change is the trips service's
 * (`editAs`: only the trip's agent or an admin; a sent quote is voided, QUOTED → DRAFT, and is sent again from the
 * trip's screen), read and written through `conversation.external`; after each, the log is rewound to the menu.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { TripEdit } from "../../../trips/edits.js";
import type { EditOutcome } from "../../../trips/service.js";
import type { BotContext, BotDeps, FlowContext } from "../../context.js";
import { escapeHtml, truncate } from "../../format/html.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { tripStaffView } from "../../features/trips/views.js";
import { linesOf, rosterOf } from "./index.js";
import { tripSteps } from "./steps.js";

/** The conversation's id: `ctx.conversation.enter(TRIP_EDIT_CONVERSATION, tripId)`. */
export const TRIP_EDIT_CONVERSATION = "trip-edit";

/** The menu's entries, in order. */
const MENU = ["remove-round", "add-round", "lines", "deposit", "roster", "done"] as const;

export function createTripEditConversation(deps: BotDeps) {
  return async function tripEdit(
    conversation: Conversation<BotContext, FlowContext>,
    ctx: FlowContext,
    tripId: string,
  ) {
    const userId = ctx.from?.id;
    if (userId === undefined) return;
    const steps = tripSteps(conversation, ctx, deps);
    const { t, bad, ask, choose } = steps;
    const locale = localeOf(ctx);
    const viewer = async () => ({ userId, who: await deps.access.whoIs(userId) });

    const menu = conversation.checkpoint();
    const may = await conversation.external(async () => {
      const out = await deps.trips.editableFor(tripId, await viewer());
      return out.kind === "editable" ? { kind: out.kind, view: out.view } : { kind: out.kind };
    });
    if (may.kind !== "editable") {
      await ctx.reply(t(may.kind === "refused" ? "trip-not-found" : "tripedit-closed"));
      return;
    }
    const view = may.view;
    const staff = tripStaffView(t, locale, view);
    const entry =
      MENU[
        await choose(
          truncate(`${staff.text}\n\n${t("tripedit-menu")}`, 4000),
          MENU.map((m) => t(`tripedit-${m}`)),
          "em",
        )
      ]!;

    /** Records one change through the service and says what became of it; then back to the menu. */
    const apply = async (change: TripEdit): Promise<never> => {
      const out: EditOutcome = await conversation.external(async () =>
        deps.trips.editAs(tripId, await viewer(), change),
      );
      if (out.kind === "edited") await ctx.reply(t(out.voided ? "tripedit-saved-voided" : "tripedit-saved"));
      else if (out.kind === "invalid") await ctx.reply(t("tripedit-invalid", { problem: out.problem }));
      else {
        await ctx.reply(t(out.kind === "refused" ? "trip-not-found" : "tripedit-closed"));
        return conversation.halt();
      }
      return conversation.rewind(menu);
    };

    if (entry === "done") {
      const shown = tripStaffView(t, locale, view);
      await ctx.reply(shown.text, { parse_mode: "HTML", reply_markup: shown.keyboard });
      return;
    }
    if (entry === "remove-round") {
      const labels = view.rounds.map((r) => truncate(`${r.position}. ${r.day} ${r.tee_time} · ${r.course_name}`, 60));
      const i = await choose(t("tripedit-which-round"), labels, "er");
      return apply({ kind: "remove-round", position: view.rounds[i]!.position });
    }
    if (entry === "add-round") {
      const courses = await steps.courses();
      if (courses.length === 0) {
        await ctx.reply(t("tripnew-no-courses"));
        return conversation.rewind(menu);
      }
      const rounds = await steps.askRound({
        n: view.rounds.length + 1,
        players: view.players.length,
        agentId: view.trip.agent_id,
        courses,
      });
      if (!rounds) return conversation.rewind(menu);
      return apply({ kind: "add-rounds", rounds });
    }
    if (entry === "deposit") return apply({ kind: "deposit", deposit: await steps.askDeposit(view.total) });
    if (entry === "roster") {
      const players = await ask(t("tripedit-roster-ask", { count: view.players.length }), (s) => {
        const read = rosterOf(s);
        if ("badLine" in read) return bad("tripnew-bad-roster", { line: read.badLine });
        return read.length === view.players.length ? read : bad("tripedit-bad-party", { count: view.players.length });
      });
      return apply({ kind: "roster", players });
    }
    // The agency's lines: one to change or remove, or a new one.
    const labels = [
      ...view.lines.map((l) => truncate(`${l.description} · ${formatBaht(l.selling_amount, locale)}`, 60)),
      t("tripedit-line-add"),
    ];
    const i = await choose(t("tripedit-which-line"), labels, "el");
    const readLine = (s: string) => {
      const read = linesOf(s);
      return "badLine" in read || read.length !== 1 ? bad("tripnew-bad-line", { line: 1 }) : read[0]!;
    };
    if (i === view.lines.length)
      return apply({ kind: "set-line", position: null, line: await ask(t("tripedit-line-new"), readLine) });
    const line = view.lines[i]!;
    const action = await choose(
      t("tripedit-line-what", { description: escapeHtml(line.description) }),
      [t("tripedit-line-change"), t("tripedit-line-remove")],
      "ela",
    );
    if (action === 1) return apply({ kind: "remove-line", position: line.position });
    return apply({ kind: "set-line", position: line.position, line: await ask(t("tripedit-line-new"), readLine) });
  };
}
