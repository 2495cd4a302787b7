import { exitOnStartFailure, runFairway } from "./run.js";

/** `npm start`. */
runFairway(process.env).catch(exitOnStartFailure);
