/**
 * No import circle anywhere under `src/`: every module's imports lead downwards, so a file can be read
 * (and loaded) after the files it imports. The booking conversation, for one, is a leaf to the features
 * that start it: they import its entry (`src/bot/conversations/booking/entry.ts`), which imports
 * nothing, and the flow imports no feature that enters it.
 *
 * The graph is the TypeScript compiler's own view of the sources: every `import`, `import type`,
 * `export … from` and `import("…")` of each file under `src/` (`ts.preProcessFile`), resolved as the
 * project resolves them (`ts.resolveModuleName` with tsconfig.json's options, so `./x.js` is `./x.ts`).
 * Type-only imports count too: a circle of types is still a circle to read. Every strongly connected
 * component of more than one file (or a file importing itself) is a circle, named file by file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SRC = join(ROOT, "src");

/** The project's compiler options (tsconfig.json): its module resolution decides what a specifier names. */
function projectOptions(): ts.CompilerOptions {
  const path = join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(path, ts.sys.readFile) as { config: unknown };
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/** Every TypeScript source under `dir` (declaration files aside). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f));
}

/** Each source file under `src/` and the source files under `src/` it imports, by absolute path. */
function importGraph(): Map<string, string[]> {
  const options = projectOptions();
  const files = sourcesUnder(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of info.importedFiles) {
      const { resolvedModule } = ts.resolveModuleName(
        specifier,
        file,
        options,
        ts.sys,
        undefined,
        undefined,
        ts.ModuleKind.ESNext,
      );
      const target = resolvedModule?.resolvedFileName;
      if (target && !resolvedModule.isExternalLibraryImport && known.has(target)) targets.add(target);
      else if (specifier.startsWith(".") && !target)
        throw new Error(`${relative(ROOT, file)}: "${specifier}" does not resolve`);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components that are circles: more than one file, or a file that imports itself. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative (a long chain of imports must not exhaust the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) found.push(component);
      }
    }
  }
  return found.map((c) => c.map((f) => relative(ROOT, f).replaceAll("\\", "/")).sort());
}

describe("the import graph of src/", { timeout: 60_000 }, () => {
  let graph = new Map<string, string[]>();
  beforeAll(() => {
    graph = importGraph();
  }, 60_000);

  it("is read from the sources: the booking flow's files and their imports are in it", () => {
    const file = (rel: string) => join(ROOT, rel);
    expect(graph.get(file("src/bot/conversations/booking/index.ts"))).toContain(
      file("src/bot/conversations/booking/steps.ts"),
    );
    // A type-only import is an edge too.
    expect(graph.get(file("src/bot/conversations/booking/hand-over.ts"))).toContain(
      file("src/bot/conversations/booking/draft.ts"),
    );
  });

  it("finds a circle when there is one", () => {
    const made = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(circles(made).map((c) => c.map((f) => f.slice(-1)))).toEqual([["a", "b", "c"], ["e"]]);
  });

  it("has no circle anywhere under src/", () => {
    const found = circles(graph);
    const text = found.map((c) => `${c.length} files:\n  ${c.join("\n  ")}`).join("\n");
    expect(found, `import circles:\n${text}`).toEqual([]);
  });
});
