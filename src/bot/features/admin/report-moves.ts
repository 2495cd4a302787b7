/** The line on the moves to another tee time that ended in a period, under /report's rows and in the daily digest. */
import type { MovesEnded } from "../../../bookings/index.js";
import type { Locale } from "../../context.js";
import { formatBaht } from "../../format/money.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/** Done (with what the partner credited back), unwound, stranded; undefined when no move ended. */
export function reportMovesLine(moves: MovesEnded, env: { t: T; locale: Locale }): string | undefined {
  if (moves.done + moves.unwound + moves.stranded === 0) return undefined;
  return `🔁 ${env.t("digest-moves", { ...moves, refunded: formatBaht(moves.refunded, env.locale) })}`;
}
