/**
 * Runs in vitest's own process: when the run ends, adds up what every bot in it saw
 * (`test/helpers/tally.ts`) and prints the line README's "Reliability" section quotes.
 */
import { collectTally, formatTally, keepTally } from "./helpers/tally.js";

export default function setup(): () => void {
  return () => {
    const tally = collectTally(process.pid);
    if (tally.bots === 0) return;
    const line = formatTally(tally);
    keepTally(line);
    console.log(`\n${line}`);
  };
}
