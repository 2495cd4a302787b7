/**
 * Runs in vitest's own process: before the workers start, builds what child processes run
 * (`test/helpers/child-build.ts`) and drops the PostgreSQL test schemas of killed runs; when the run ends, prints the hostile suite's total
 * (`test/helpers/hostile-figures.ts`) and adds up what every bot in the run saw
 * (`test/helpers/tally.ts`): the lines docs/testing.md's "Reliability" section quotes.
 */
import { buildForChildren } from "./helpers/child-build.js";
import { dropStaleTestSchemas } from "./helpers/databases.js";
import { hostileTotal } from "./helpers/hostile-figures.js";
import { collectTally, formatTally, keepTally } from "./helpers/tally.js";

export default async function setup(): Promise<() => void> {
  buildForChildren();
  const dropped = await dropStaleTestSchemas();
  if (dropped > 0) console.log(`dropped ${dropped} test schema(s) left by runs that were killed`);
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
