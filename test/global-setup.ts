/**
 * Runs in vitest's own process: before the workers start, builds what child processes run
 * (`test/helpers/child-build.ts`); when the run ends, prints the hostile suite's total
 * (`test/helpers/hostile-figures.ts`) and adds up what every bot in the run saw
 * (`test/helpers/tally.ts`): the lines README's "Reliability" section quotes.
 */
import { buildForChildren } from "./helpers/child-build.js";
import { hostileTotal } from "./helpers/hostile-figures.js";
import { collectTally, formatTally, keepTally } from "./helpers/tally.js";

export default function setup(): () => void {
  buildForChildren();
  return () => {
    const hostile = hostileTotal(process.pid);
    if (hostile !== undefined) console.log(`\n${hostile}`);
    const tally = collectTally(process.pid);
    if (tally.bots === 0) return;
    const line = formatTally(tally);
    keepTally(line);
    console.log(`\n${line}`);
  };
}
