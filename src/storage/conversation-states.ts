import type { StorageAdapter } from "grammy";
import type { Logger } from "pino";
import type { ChatLocks } from "./chat-locks.js";
import type { KvStore } from "./kv.js";
import { isDatabaseUnavailable } from "./unavailable.js";

export interface ConversationStatesOptions {
  kv: KvStore;
  /** The entries' key prefix (`convo:`). */
  prefix: string;
  /** How long an entry is kept after its last write. */
  ttlMs?: number;
  /** The chats' locks: a kept state is written under its chat's lock, between two of its updates. */
  locks: ChatLocks;
  /** The chat lock's name for a conversation's storage key (the chat id). */
  lockKey: (key: string) => string;
  logger: Pick<Logger, "info" | "warn">;
  /** How often kept states are tried again while the database is away. Default 500 ms. */
  retryMs?: number;
}

/** A state the database did not take: what the update read (`base`) and what it wrote (`next`). */
interface Kept {
  base: string | undefined;
  next: string;
}

/**
 * The conversations' stored states (one entry per chat), whose writes live through a database outage.
 *
 * The conversations plugin writes a chat's state at the end of its update, after the flow has shown
 * its panel: a write the database refuses (it has gone away) would leave the chat showing a step the
 * stored state has not reached, and the user's answer to the prompt on screen would meet the step
 * before. So a write that fails because the database is unreachable is kept in memory, with the text
 * the update read, and written as soon as the database answers again: by a retry every `retryMs`
 * under the chat's lock, and before this instance reads that chat's state again. It is written only
 * where the entry still holds what the update read (compare-and-set), so a newer state is never
 * overwritten. The update itself still fails (the user is told fairway is busy).
 */
export function createConversationStates<T>(options: ConversationStatesOptions) {
  const { kv, prefix, ttlMs, locks, lockKey, logger } = options;
  const retryMs = options.retryMs ?? 500;
  /** The stored text each update in progress read (none: no entry), the base of its write if that is kept. */
  const seen = new Map<string, string | undefined>();
  const kept = new Map<string, Kept>();
  let timer: NodeJS.Timeout | undefined;
  let retrying: Promise<void> | undefined;

  /** Writes `key`'s kept state if it is still the one kept; true when nothing is kept for it any more. */
  async function land(key: string, entry: Kept): Promise<boolean> {
    if (kept.get(key) !== entry) return true;
    const landed = await kv.compareAndSet(prefix + key, entry.base, entry.next, ttlMs);
    if (kept.get(key) !== entry) return true;
    kept.delete(key);
    if (landed) {
      logger.info({ key }, "a conversation's state kept through a database outage was stored");
    } else {
      logger.warn({ key }, "a conversation's state kept through a database outage was dropped: a newer one is stored");
    }
    return true;
  }

  /** One round over the kept states (those the database still refuses stay for the next). */
  async function retryAll(): Promise<void> {
    await Promise.all(
      [...kept].map(([key, entry]) =>
        locks
          .run(lockKey(key), () => land(key, entry))
          .catch((error: unknown) => {
            if (!isDatabaseUnavailable(error))
              logger.warn({ key, err: error }, "a kept conversation state was not stored");
          }),
      ),
    );
  }

  function schedule(): void {
    if (timer) return;
    timer = setInterval(() => {
      if (retrying) return;
      retrying = retryAll().finally(() => {
        retrying = undefined;
        if (kept.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      });
    }, retryMs);
    timer.unref();
  }

  async function write(key: string, next: string | undefined): Promise<void> {
    const base = seen.get(key);
    try {
      if (next === undefined) await kv.delete(prefix + key);
      else await kv.setText(prefix + key, next, ttlMs);
      seen.delete(key);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      seen.delete(key);
      if (next === undefined) {
        // A conversation ends (its state deleted) when it finishes or when it fails, and an outage in
        // the middle of a step fails it: kept, the delete would end a booking whose step the user can
        // simply send again (the number that met "busy" is sent again and holds the tee time). Not kept:
        // the stored state stays as it was before the update, as it does for an update cut before it
        // showed anything, and an earlier kept state of the chat is dropped with it.
        kept.delete(key);
        throw error;
      }
      // On top of an earlier kept state (not stored either): the database still holds that one's base.
      const earlier = kept.get(key);
      kept.set(key, { base: earlier ? earlier.base : base, next });
      logger.warn(
        { key },
        "a conversation's state could not be stored (database unreachable); kept to be stored when it answers",
      );
      schedule();
      throw error;
    }
  }

  const adapter: StorageAdapter<T> = {
    async read(key) {
      const entry = kept.get(key);
      if (entry) await land(key, entry);
      const text = await kv.getText(prefix + key);
      if (text === undefined) seen.delete(key);
      else seen.set(key, text);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
    write: async (key, value) => write(key, JSON.stringify(value)),
    delete: (key) => write(key, undefined),
  };

  return {
    adapter,
    /** States waiting for the database (tests, metrics). */
    kept: () => kept.size,
    /** Tries the kept states once more, then stops retrying (shutdown): what the database refuses is lost. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await retrying;
      if (kept.size > 0) await retryAll();
      if (kept.size > 0)
        logger.warn({ kept: kept.size }, "conversation states kept through an outage were lost at shutdown");
    },
  };
}

export type ConversationStates = ReturnType<typeof createConversationStates>;
