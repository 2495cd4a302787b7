/** Shared set-up for the runtime tests: a silent or captured logger, and metrics without process collectors. */
import type { UserFromGetMe } from "grammy/types";
import { pino, type Logger } from "pino";
import { LOCAL_BOT_INFO } from "../../src/local/bot-api-server/index.js";
import { createMetrics, type MetricsOptions } from "../../src/runtime/index.js";

/** A pino logger writing JSON lines to memory. */
export function memoryLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const logger = pino({ level: "debug" }, { write: (s: string) => void chunks.push(s) });
  return {
    logger,
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** fairway's metrics without the process collectors (tests read a short exposition). */
export function testMetrics(options: MetricsOptions = {}) {
  return createMetrics({ processMetrics: false, ...options });
}

/** The value of one sample in a Prometheus text exposition, e.g. `sample(text, 'fairway_x{a="b"}')`. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The bot as getMe would describe it, so tests never call getMe. */
export const botInfo: UserFromGetMe = { ...LOCAL_BOT_INFO, id: 42, first_name: "Fairway", can_join_groups: false };
