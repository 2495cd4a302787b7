/**
 * A crash suite's child process: fairway's start (`runFairway`, exactly as `src/main.ts` calls it) on
 * the clock of the test world that spawned it (`clockFromEnv`), so the parent's sandbox, Bot API
 * server and invariant checker and this process agree on the instant.
 */
import { exitOnStartFailure, runFairway } from "../../src/run.js";
import { clockFromEnv } from "./clock.js";

const now = clockFromEnv(process.env);
runFairway(process.env, now ? { now } : {}).catch(exitOnStartFailure);
