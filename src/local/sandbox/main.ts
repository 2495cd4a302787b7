/**
 * `npm run sandbox`: serves the partner sandbox on SANDBOX_HOST:SANDBOX_PORT
 * (default 127.0.0.1:8787) with SANDBOX_API_KEY (default sandbox-key) and SANDBOX_SEED (default 1), from the
 * environment over `.env` (or `ENV_FILE`) as `npm start` reads it.
 */
import { loadEnvFile } from "../../config/env-file.js";
import { createLogger } from "../../logger.js";
import { createSandbox } from "./sandbox.js";

try {
  loadEnvFile();
} catch (error) {
  process.stderr.write(`fairway sandbox could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const env = process.env;
const logger = createLogger({
  level: env.LOG_LEVEL ?? "info",
  secrets: env.SANDBOX_API_KEY ? [env.SANDBOX_API_KEY] : [],
});

function integer(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) {
    logger.fatal({ variable: name, value: raw }, `${name} must be an integer`);
    process.exit(1);
  }
  return value;
}

const port = integer("SANDBOX_PORT", 8787);
const host = env.SANDBOX_HOST || "127.0.0.1";
const sandbox = createSandbox({
  seed: integer("SANDBOX_SEED", 1),
  apiKey: env.SANDBOX_API_KEY || "sandbox-key",
  logger,
});

try {
  const url = await sandbox.listen(port, host);
  process.stdout.write(`fairway sandbox listening on ${url} (API key: ${sandbox.apiKey})\n`);
} catch (error) {
  logger.fatal({ err: error, port, host }, "sandbox failed to start");
  process.exit(1);
}

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "sandbox stopping");
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, "sandbox failed to stop cleanly");
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
