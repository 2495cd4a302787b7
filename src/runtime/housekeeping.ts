import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Storage } from "../storage/index.js";

/** This process among fairway's instances (host, pid, and a random part for restarts on one host). */
export function instanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Inline offers are kept this long after their tee time (for /offers), then swept. */
export const OFFER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes expired key-value entries and update ids older than a day. */
export async function sweep(storage: Storage, now: () => number): Promise<void> {
  await storage.kv.sweep();
  await storage.db
    .deleteFrom("processed_updates")
    .where("at", "<", now() - 24 * 60 * 60 * 1000)
    .execute();
}
