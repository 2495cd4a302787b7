/**
 * The Docker image's HEALTHCHECK (`node dist/healthcheck.js`): exits 0 when the fairway on this machine
 * answers, 1 otherwise, with one line saying what it asked. It reads the environment as fairway does
 * (`createConfig`), so both agree on the ports:
 *
 * - with a BOT_TOKEN, `/healthz` on PORT (what load balancers ask; 503 while fairway stops);
 * - without one (`npm start` from a checkout; the image refuses to start so), the playground's page on
 *   PLAYGROUND_PORT, the only thing that mode serves.
 */
import { get } from "node:http";
import { ConfigError, createConfig, type Config } from "./config/index.js";

/** Longer than a healthy answer ever takes; shorter than the image's HEALTHCHECK --timeout (5 s). */
const TIMEOUT_MS = 4_000;

/** The URL the check asks, or why there is none. */
function target(config: Config): { url: string } | { problem: string } {
  const [name, port] = config.botToken ? ["PORT", config.port] : ["PLAYGROUND_PORT", config.playgroundPort];
  if (port === 0) return { problem: `${name}=0 (any free port): nothing known to ask` };
  return { url: `http://127.0.0.1:${port}${config.botToken ? "/healthz" : "/"}` };
}

async function check(): Promise<number> {
  let config: Config;
  try {
    config = createConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    return 1;
  }
  const asked = target(config);
  if ("problem" in asked) {
    process.stderr.write(`${asked.problem}\n`);
    return 1;
  }
  const status = await statusOf(asked.url).catch((error: unknown) => {
    process.stderr.write(`${asked.url}: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  });
  if (status === undefined) return 1;
  process.stdout.write(`${asked.url}: ${status}\n`);
  return status >= 200 && status < 300 ? 0 : 1;
}

/** The status of a GET (node:http, not fetch: fetch refuses ports such as 6666 or 10080 a PORT may be). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.once("error", reject);
  });
}

process.exitCode = await check();
