/** What a search across courses asks for: the parser fills it, the search engine reads it. */

/** Minutes after midnight in the course's zone, [from, to). */
export interface TimeWindow {
  from: number;
  to: number;
}

export type PartOfDay = "morning" | "midday" | "afternoon";

/** The parts of day, as the booking flow's tee-time filter draws them (`partOfDay` in bot/format/dates.ts). */
export const PARTS_OF_DAY: Record<PartOfDay, TimeWindow> = {
  morning: { from: 0, to: 600 },
  midday: { from: 600, to: 780 },
  afternoon: { from: 780, to: 1440 },
};

export type AreaChoice = { kind: "area"; id: string } | { kind: "near"; lat: number; lon: number };

export interface SearchCriteria {
  /** One date, or two for "this weekend" (YYYY-MM-DD, Bangkok), ascending. */
  dates: string[];
  /** Undefined: any time. */
  window?: TimeWindow;
  /** The party; 0: any (the inline mode, when the query names none). */
  players: number;
  area?: AreaChoice;
  /** Top price per player the customer pays, satang. */
  maxPrice?: number;
}
