/** Who hears what became of a move: the one who asked (and the booking's agent), and the admins. */
import type { MoveEvent, MoveOutcome } from "../../../bookings/index.js";
import type { BotDeps } from "../../context.js";
import { translate } from "../after-booking/notices.js";
import { moveOutcomeText } from "./messages.js";

type Told = Pick<BotDeps, "notifications" | "access">;

/** Tells the people concerned a move's outcome, except `skip` (who just saw it on their screen). */
async function tell(deps: Told, out: MoveOutcome, skip?: number): Promise<void> {
  const agent = out.old.agent_id === null ? [] : await deps.notifications.agentChats(Number(out.old.agent_id));
  const staff = out.kind === "stranded" || out.kind === "done" ? deps.access.adminIds() : [];
  const people = new Set([Number(out.move.requested_by), Number(out.old.user_id), ...agent, ...staff]);
  for (const chatId of people) {
    if (chatId === skip) continue;
    const locale = await deps.notifications.localeOf(chatId);
    const text = moveOutcomeText((key, args) => translate(locale, key, args), locale, out);
    await deps.notifications.deliver({ chatId, text, what: `move-${out.kind}` });
  }
}

/** A decision taken on screen by `decidedBy`: everyone else concerned hears it. */
export function tellMoveDecided(deps: Told, out: MoveOutcome, decidedBy: number): Promise<void> {
  return tell(deps, out, decidedBy);
}

/** What the reaper settled of a move (a new hold that ended, a step a crash interrupted). */
export function tellMoveEvent(deps: Told, event: MoveEvent): Promise<void> {
  return tell(deps, event);
}
