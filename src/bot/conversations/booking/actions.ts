import type { Step } from "./draft.js";

/**
 * The booking flow's button actions: the `<action>` of `b:<nonce>:<action>[:<arg>]`
 * (`callback-data.ts`, which parses no other). Each step declares the actions it takes; `steps.ts`
 * must give each one a handler, and a step's view in `views.ts` builds only its step's actions (the
 * shared keyboards and the hold summary: any declared one), so an action without a handler fails the
 * type check (test/bot/conversations/flow-actions.test.ts).
 */

/** Taken on every step: Back, Cancel, and `x`, a label that does nothing (page numbers, a month's title). */
export const COMMON_ACTIONS = ["back", "cancel", "x"] as const;

/** What each step's panel may send, with its argument. */
export const STEP_ACTIONS = {
  /** `c`: a course (its index in the list), `cp`: a page of the list. */
  course: ["c", "cp"],
  /** `go`: pick a date, `loc`: send the location, `pic`: send the photo. */
  "course-info": ["go", "loc", "pic"],
  /** `d`: a day (YYYYMMDD), `m`: a month (YYYYMM). */
  date: ["d", "m"],
  /**
   * `d`: a suggested later day (or a calendar tap that raced the edit from the date step, as is `m`),
   * `pf`: a part of the day, `sp`: a page, `rf`: refresh, `s`: a tee time (its index in the day's list),
   * `w`: watch the day (or the part of it) whose tee times are all taken (a watch, src/watches/).
   */
  slot: ["d", "m", "pf", "sp", "rf", "s", "w"],
  /** `p`: the number of players (beyond one tee time's maximum: a group). */
  players: ["p"],
  /** `next`: these flights (on to the golfer), `mv`: change a flight's time (its index), `sl`: change the split. */
  group: ["next", "mv", "sl"],
  /** `ft`: the new time of the flight being changed (its index in the day's open list). */
  flight: ["ft"],
  /** `sl`: a split of the players over the flights (`4-3-3`). */
  split: ["sl"],
  /** `rc`: a recent customer (their index), `nc`: a new one. */
  customer: ["rc", "nc"],
  /** `keep`: the value given before. */
  name: ["keep"],
  email: ["keep"],
  mobile: ["keep"],
  /** `skip`: no names for the other players. */
  golfers: ["skip"],
  /** `ok`: confirm and pay, `chg`: change something. */
  held: ["ok", "chg"],
  /** `ch`: the step to go back to (`course`, `date`, `slot`, `players` or `name`). */
  change: ["ch"],
  /** `retry`: try again what failed. */
  stuck: ["retry"],
} as const satisfies Record<Step, readonly string[]>;

export type CommonAction = (typeof COMMON_ACTIONS)[number];

/** The actions step `S` declares (the common ones aside). */
export type StepAction<S extends Step> = (typeof STEP_ACTIONS)[S][number];

/** Any action of the flow: what its callback data may carry. */
export type FlowAction = CommonAction | StepAction<Step>;

/** Every action of the flow, once each: the set callback data is checked against. */
export const FLOW_ACTIONS: readonly FlowAction[] = [
  ...new Set([...COMMON_ACTIONS, ...Object.values(STEP_ACTIONS).flat()]),
];
