/**
 * An edit of a trip before its customer accepted (issue 51: "a trip is created and edited by its agent"): what
 * each change writes anew, read from the trip as it is now. Pure: the service (`editAs`) checks who may edit,
 * voids a sent quote (QUOTED → DRAFT) and writes it through the store in one transaction.
 */
import * as v from "valibot";
import type { DepositRule } from "./money.js";
import {
  LineInputSchema,
  PlayerInputSchema,
  RoundInputSchema,
  type DraftParts,
  type RoundInput,
  type TripRound,
  type TripView,
} from "./store.js";

/** The most rounds and lines a trip holds (as when it is created). */
const MAX_ROUNDS = 30;
const MAX_LINES = 30;

/** One change an agent (or an admin) makes to a DRAFT or QUOTED trip. Positions are 1-based, as shown. */
export type TripEdit =
  | { kind: "remove-round"; position: number }
  | { kind: "add-rounds"; rounds: unknown[] }
  | { kind: "remove-line"; position: number }
  /** `position` null adds the line at the end. */
  | { kind: "set-line"; position: number | null; line: unknown }
  /** A percentage of the total, or an amount of at most it. */
  | { kind: "deposit"; deposit: DepositRule }
  /** The same number of players (names and handicaps): a party of another size is a new quote. */
  | { kind: "roster"; players: { name: string; handicap: number | null }[] };

/** Why an edit was not taken (nothing written). */
export type EditProblem = "last-round" | "no-such" | "party-size" | "too-many" | "input";

/** A round as it is stored, as the input it was made from. */
export function roundInputOf(r: TripRound): RoundInput {
  return {
    courseId: r.course_id,
    courseName: r.course_name,
    timeZone: r.time_zone,
    day: r.day,
    teeTime: r.tee_time,
    slotId: r.slot_id,
    startsAt: r.starts_at,
    players: r.players,
    sellingAmount: r.selling_amount,
    netAmount: r.net_amount,
    maxNetAmount: r.max_net_amount,
  };
}

/** What `edit` writes anew of `view`, or why it cannot. */
export function draftPartsOf(view: TripView, edit: TripEdit): DraftParts | { problem: EditProblem } {
  const lines = view.lines.map((l) => ({ kind: l.kind, description: l.description, sellingAmount: l.selling_amount }));
  switch (edit.kind) {
    case "remove-round": {
      if (!view.rounds.some((r) => r.position === edit.position)) return { problem: "no-such" };
      if (view.rounds.length === 1) return { problem: "last-round" };
      return { rounds: view.rounds.filter((r) => r.position !== edit.position).map(roundInputOf) };
    }
    case "add-rounds": {
      const added = v.safeParse(v.array(RoundInputSchema), edit.rounds);
      if (!added.success || added.output.length === 0) return { problem: "input" };
      if (view.rounds.length + added.output.length > MAX_ROUNDS) return { problem: "too-many" };
      return { rounds: [...view.rounds.map(roundInputOf), ...added.output] };
    }
    case "remove-line": {
      if (!view.lines.some((l) => l.position === edit.position)) return { problem: "no-such" };
      return { lines: lines.filter((_, i) => i + 1 !== edit.position) };
    }
    case "set-line": {
      const line = v.safeParse(LineInputSchema, edit.line);
      if (!line.success) return { problem: "input" };
      if (edit.position === null) {
        if (lines.length >= MAX_LINES) return { problem: "too-many" };
        return { lines: [...lines, line.output] };
      }
      if (!view.lines.some((l) => l.position === edit.position)) return { problem: "no-such" };
      return { lines: lines.map((l, i) => (i + 1 === edit.position ? line.output : l)) };
    }
    case "deposit": {
      const d = edit.deposit;
      const ok =
        d.kind === "percent"
          ? Number.isInteger(d.percent) && d.percent >= 0 && d.percent <= 100
          : Number.isInteger(d.satang) && d.satang > 0 && d.satang <= view.total;
      return ok ? { deposit: d } : { problem: "input" };
    }
    case "roster": {
      if (edit.players.length !== view.players.length) return { problem: "party-size" };
      const players = v.safeParse(
        v.array(PlayerInputSchema),
        edit.players.map((p, i) => ({
          name: p.name,
          handicap: p.handicap,
          locale: view.players[i]!.locale,
          phone: view.players[i]!.phone,
        })),
      );
      return players.success ? { players: players.output } : { problem: "input" };
    }
  }
}
