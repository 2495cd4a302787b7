import { createApp } from "./app.js";
import { ConfigError, createConfig } from "./config/index.js";
import { createLogger } from "./logger.js";
import { applyHeapGrowing } from "./runtime/heap.js";

export interface RunOptions {
  /** fairway's clock (default Date.now): the crash tests start a process on their test world's clock. */
  now?: () => number;
}

/**
 * What `npm start` does: read the environment, start fairway, stop cleanly on SIGINT/SIGTERM. A bad
 * configuration ends the process with one line naming the variable.
 */
export async function runFairway(env: NodeJS.ProcessEnv, options: RunOptions = {}): Promise<void> {
  let config;
  try {
    config = createConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md (Configuration) and .env.example.\n`);
      process.exit(1);
    }
    throw error;
  }
  applyHeapGrowing(config.heapGrowingPercent);
  const logger = createLogger({ level: config.logLevel, secrets: config.secrets, pretty: process.stdout.isTTY });
  const app = await createApp({ config, logger, ...(options.now ? { now: options.now } : {}) });
  await app.start();
  if (app.localTelegram) {
    process.stdout.write(
      `\nfairway runs without a BOT_TOKEN, on its local Bot API server at ${app.localTelegram.url}\n` +
        `Partner: ${app.partnerUrl}${config.partner.kind === "sandbox" ? " (embedded sandbox)" : ""}\n` +
        (app.slipCheckStandIn
          ? `Slip check: the LOCAL stand-in at ${app.slipCheckStandIn.url} (SlipOK's shapes)\n`
          : "") +
        (app.playground
          ? `\nPlayground: open ${app.playground.url} in a browser to chat with fairway as an admin, an agent, a customer or a stranger.\n`
          : ""),
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    await app.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

/** Ends the process with one line when fairway cannot start (no stack trace). */
export function exitOnStartFailure(error: unknown): never {
  process.stderr.write(`fairway could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
