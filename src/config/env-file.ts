import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";

/** Where `loadEnvFile` reads from, and into what. */
export interface EnvFileOptions {
  /** The environment the file's variables go into (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** The directory `.env` and a relative `ENV_FILE` are found in (default the working directory). */
  cwd?: string;
}

/**
 * Reads the env file at start, as `npm start`, `npm run doctor` and `npm run sandbox` do: `ENV_FILE` when
 * set (it must exist), else `.env` when there is one. A variable already in the environment wins over the
 * file, even when it is empty; the file's others are added to it, so every part of fairway sees them as
 * it would the environment's. Returns the file read, or `undefined` when there was none.
 *
 * Called by the entry points only: `createConfig` takes a plain object, and the tests' processes start
 * `runFairway` itself, so a developer's `.env` never reaches a test.
 */
export function loadEnvFile(options: EnvFileOptions = {}): string | undefined {
  const env = options.env ?? process.env;
  const named = env.ENV_FILE?.trim();
  const path = resolve(options.cwd ?? process.cwd(), named || ".env");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (!named && (error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new Error(`${named ? "ENV_FILE " : ""}${path} cannot be read (${code})`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return path;
}
