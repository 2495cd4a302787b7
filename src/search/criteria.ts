/** What a search across courses asks for (issue 24): the parser fills it, the search engine reads it. */

/** Minutes after midnight in the course's zone, [from, to). */
export interface TimeWindow {
  from: number;
  to: number;
}

export type PartOfDay = "morning" | "midday" | "afternoon";

export const PARTS_OF_DAY: Record<PartOfDay, TimeWindow> = {
  morning: { from: 300, to: 660 },
  midday: { from: 660, to: 780 },
  afternoon: { from: 780, to: 1140 },
};

export type AreaChoice = { kind: "area"; id: string } | { kind: "near"; lat: number; lon: number };

export interface SearchCriteria {
  /** One date, or two for "this weekend" (YYYY-MM-DD, Bangkok), ascending. */
  dates: string[];
  /** Undefined: any time. */
  window?: TimeWindow;
  players: number;
  area?: AreaChoice;
  /** Top price per player the customer pays, satang. */
  maxPrice?: number;
}
