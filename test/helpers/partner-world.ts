/**
 * What the service-level money tests stand on: the partner sandbox over real HTTP on the test's clock, a
 * fairway database (SQLite on disk or a PostgreSQL schema), a real partner client with production's time
 * limits (a sandbox "hang" times out at once, on the sandbox's word) and a quiet logger; `close` ends them
 * in order (storage, then its database, then the sandbox).
 */
import { createLogger, type Logger } from "../../src/logger.js";
import { createSandbox, type Sandbox } from "../../src/local/sandbox/index.js";
import { createPartnerClient, type PartnerClient } from "../../src/partner/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";
import type { TestDatabase } from "./databases.js";
import { hungRequestTimeouts } from "./partner-timeouts.js";

export interface PartnerWorld {
  sandbox: Sandbox;
  storage: Storage;
  partner: PartnerClient;
  logger: Logger;
  close(): Promise<void>;
}

export async function startPartnerWorld(options: {
  make: () => TestDatabase;
  clock: () => number;
  initialBalance: number;
  /** The partner client's fetch (a test that orders or counts its calls). */
  fetch?: typeof globalThis.fetch;
}): Promise<PartnerWorld> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.splice(0)) await c().catch(() => undefined);
  };
  try {
    const timeouts = hungRequestTimeouts();
    const sandbox = createSandbox({
      clock: options.clock,
      initialBalance: options.initialBalance,
      onHang: timeouts.expire,
    });
    await sandbox.listen(0);
    closers.push(() => sandbox.close());
    const db = options.make();
    closers.unshift(() => db.cleanup());
    const storage = await createStorage(db.config);
    closers.unshift(() => storage.close());
    const partner = createPartnerClient({
      baseURL: sandbox.url,
      apiKey: sandbox.apiKey,
      timeoutMs: 8_000,
      startTimeout: timeouts.start,
      retryDelayMs: 5,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    const logger = createLogger({ level: "warn", destination: { write: () => undefined } });
    return { sandbox, storage, partner, logger, close };
  } catch (error) {
    await close();
    throw error;
  }
}
