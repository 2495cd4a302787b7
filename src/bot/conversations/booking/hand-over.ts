import type { Draft } from "./draft.js";
import type { PanelState } from "./panel.js";

/** What "Try again" repeats on the `stuck` step. */
export type Retry = "courses" | "slots" | "reserve" | "confirm";

/**
 * The booking flow's state between two views: the draft and the panel. The conversation's replay log
 * is cut back to a checkpoint after every update (`index.ts`); what the flow has learnt crosses that
 * rewind here, and the first read after the rewind (through `conversation.external`) records it in the
 * new, short log. From then on the log is where it lives: the next update replays that read from the
 * log, never from here.
 */
export interface FlowState {
  /** BOOKING_FLOW_VERSION of the code that wrote it: another version's state is not read. */
  version: number;
  /** The conversation that wrote it (a new /book in the chat has a new nonce). */
  nonce: string;
  d: Draft;
  panel: PanelState;
  retry?: Retry;
}

/**
 * The hand-over of a flow state across the rewind at the end of an update, in this process's memory.
 *
 * Why memory is enough: the state is put here and taken back within the handling of one update, in
 * one process, while that chat's lock is held (one update per chat at a time, across instances). If
 * the process dies in between, the conversation's log is not saved either, so the update is handled
 * again from the previous log, which holds the previous state. A database row (one more write and
 * read per update) would add nothing. Entries are taken on read; one per chat at most.
 */
export function createFlowHandOver() {
  const pending = new Map<number, FlowState>();
  return {
    /** The state this conversation (`nonce`, `version`) handed over, or undefined (its first view). */
    take(chatId: number, nonce: string, version: number): FlowState | undefined {
      const state = pending.get(chatId);
      pending.delete(chatId);
      return state?.nonce === nonce && state.version === version ? state : undefined;
    },
    put(chatId: number, state: FlowState): void {
      pending.set(chatId, state);
    },
    drop(chatId: number): void {
      pending.delete(chatId);
    },
    /** Entries waiting (0 between updates; tests). */
    size: () => pending.size,
  };
}

export type FlowHandOver = ReturnType<typeof createFlowHandOver>;
