import type { KvStore } from "../../../storage/kv.js";
import type { Draft } from "./draft.js";

/** What "Try again" repeats on the `stuck` step. */
export type Retry = "courses" | "slots" | "reserve" | "confirm";

/**
 * The booking flow's state between two updates: the draft and the panel. The conversation's replay
 * log is cut back to a checkpoint after every update (`index.ts`), so this is where the flow keeps
 * what it has learnt; it is read back through `conversation.external` at the start of each view.
 */
export interface FlowState {
  /** BOOKING_FLOW_VERSION of the code that wrote it: another version's state is not read. */
  version: number;
  /** The conversation that wrote it (a new /book in the chat has a new nonce). */
  nonce: string;
  d: Draft;
  panel: { messageId?: number; tail?: number; replyKeyboard: boolean };
  retry?: Retry;
}

/** Flow states in the key-value store, one per chat (`flow:<chat id>`), kept as long as conversations. */
export function createFlowStore(kv: KvStore, ttlMs: number) {
  const key = (chatId: number) => `flow:${chatId}`;
  return {
    /** The state this conversation (`nonce`, `version`) saved last, or undefined before its first save. */
    async load(chatId: number, nonce: string, version: number): Promise<FlowState | undefined> {
      const state = await kv.get<FlowState>(key(chatId));
      return state?.nonce === nonce && state.version === version ? state : undefined;
    },
    save(chatId: number, state: FlowState): Promise<void> {
      return kv.set(key(chatId), state, ttlMs);
    },
    delete(chatId: number): Promise<void> {
      return kv.delete(key(chatId));
    },
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
