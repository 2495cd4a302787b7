import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * Paths whose values never reach a log line: the partner API key, the bot token and the
 * Authorization header, wherever they appear in a logged object.
 */
export const REDACT_PATHS = [
  "apiKey",
  "token",
  "botToken",
  "authorization",
  "Authorization",
  "*.apiKey",
  "*.token",
  "*.botToken",
  "*.authorization",
  "*.Authorization",
  "headers.authorization",
  "headers.Authorization",
  "*.headers.authorization",
  "*.headers.Authorization",
];

export interface LoggerConfig {
  /** pino level: fatal, error, warn, info, debug, trace or silent. Default `info`. */
  level?: string;
  /** Pretty, coloured output for a terminal. Default: JSON lines. */
  pretty?: boolean;
  /** Secret strings to scrub from every message and string field (API key, bot token). */
  secrets?: string[];
  /** Where lines go. Default: stdout. */
  destination?: pino.DestinationStream;
}

/** Replaces every occurrence of each secret (and its Basic-auth base64 form) by `[redacted]`. */
export function createScrubber(secrets: readonly string[]): (text: string) => string {
  const needles = secrets.filter((s) => s.length >= 4).flatMap((s) => [s, Buffer.from(s).toString("base64")]);
  if (needles.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const n of needles) out = out.split(n).join("[redacted]");
    return out;
  };
}

/** Creates the structured logger. Secrets are redacted by path and scrubbed from every line. */
export function createLogger(config: LoggerConfig = {}): Logger {
  const scrub = createScrubber(config.secrets ?? []);
  const options: LoggerOptions = {
    level: config.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    hooks: {
      streamWrite: (line) => scrub(line),
    },
  };
  if (config.destination) return pino(options, config.destination);
  if (config.pretty) {
    return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  }
  return pino(options);
}
