/**
 * `node --import tsx --import ./test/bench/sql-stats.ts`: counts fairway's SQLite statements by SQL text, with the
 * CPU (process.cpuUsage: user + system of the whole process, the kernel's fsync work included) and the wall time each took
 * on the main thread, and writes them as a tab-separated table (count, wall ms, CPU ms, SQL; most CPU
 * first) to the file named by FAIRWAY_BENCH_SQL_STATS every 3 s and at exit. The bench's `--sql-stats
 * FILE` starts fairway with it; fairway's own code is not changed (better-sqlite3's `prepare` is
 * wrapped from outside, as a profiler would).
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

interface Entry {
  n: number;
  wall: bigint;
  cpu: number;
}
type Method = "run" | "get" | "all" | "iterate";

const out = process.env.FAIRWAY_BENCH_SQL_STATS;
if (out) {
  const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  const stats = new Map<string, Entry>();
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function prepareCounted(this: BetterSqlite3.Database, sql: string) {
    const statement = prepare.call(this, sql);
    for (const method of ["run", "get", "all", "iterate"] as Method[]) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      (statement as unknown as Record<Method, unknown>)[method] = function counted(this: unknown, ...args: unknown[]) {
        const wall = process.hrtime.bigint();
        const cpu = process.cpuUsage();
        try {
          return original.apply(this, args);
        } finally {
          const used = process.cpuUsage(cpu);
          const entry = stats.get(sql) ?? { n: 0, wall: 0n, cpu: 0 };
          entry.n += 1;
          entry.wall += process.hrtime.bigint() - wall;
          entry.cpu += used.user + used.system;
          stats.set(sql, entry);
        }
      };
    }
    return statement;
  } as typeof prepare;
  const write = () => {
    const rows = [...stats]
      .sort((a, b) => b[1].cpu - a[1].cpu)
      .map(([sql, e]) =>
        [e.n, (Number(e.wall) / 1e6).toFixed(1), (e.cpu / 1e3).toFixed(1), sql.replace(/\s+/g, " ")].join("\t"),
      );
    writeFileSync(out, ["count\twall_ms\tcpu_ms\tsql", ...rows].join("\n") + "\n");
  };
  setInterval(write, 3000).unref();
  process.on("exit", write);
}
