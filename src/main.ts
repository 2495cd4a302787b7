import { loadEnvFile } from "./config/env-file.js";
import { exitOnStartFailure, runFairway } from "./run.js";

/** `npm start`: the environment, over `.env` (or `ENV_FILE`) when there is one, then fairway. */
try {
  loadEnvFile();
} catch (error) {
  exitOnStartFailure(error);
}
runFairway(process.env).catch(exitOnStartFailure);
