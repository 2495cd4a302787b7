import { loadEnvFile } from "../config/env-file.js";
import { ConfigError, createConfig } from "../config/index.js";
import { formatReport, runDoctor } from "./checks.js";

/**
 * `npm run doctor`: checks the configuration (the environment over `.env`, as `npm start` reads it) against
 * the partner and the database, in plain words.
 */
async function main(): Promise<void> {
  loadEnvFile();
  let config;
  try {
    config = createConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stdout.write(`✗ configuration\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const results = await runDoctor(config);
  process.stdout.write(`${formatReport(results)}\n`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stdout.write(`✗ doctor failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
