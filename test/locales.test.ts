import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { PARTNER_ERROR_KEYS } from "../src/partner/errors.js";
import { CUSTOMER_INPUT_REASONS } from "../src/bot/validation/customer.js";
import { LOCALES_DIR } from "../src/bot/i18n.js";

type Node = unknown;

/** Variable names a Fluent pattern (or any AST node under it) refers to. */
function variablesOf(node: Node, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const n of node) variablesOf(n, out);
  } else if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (o.type === "var" && typeof o.name === "string") out.add(o.name);
    for (const v of Object.values(o)) variablesOf(v, out);
  }
  return out;
}

/** Variant keys of every select expression in a pattern. */
function selectKeysOf(node: Node, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const n of node) selectKeysOf(n, out);
  } else if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (o.type === "select" && Array.isArray(o.variants)) {
      for (const v of o.variants as { key: { value: string | number } }[]) out.add(String(v.key.value));
    }
    for (const v of Object.values(o)) selectKeysOf(v, out);
  }
  return out;
}

interface Parsed {
  /** Message id → its variables. */
  vars: Map<string, Set<string>>;
  /** Message id → its select-expression variant keys. */
  selectKeys: Map<string, Set<string>>;
  ids: string[];
}

function parse(locale: string): Parsed {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  const resource = new FluentResource(source);
  const vars = new Map<string, Set<string>>();
  const selectKeys = new Map<string, Set<string>>();
  const ids: string[] = [];
  for (const entry of resource.body) {
    if (entry.id.startsWith("-")) continue; // a term, not a message
    ids.push(entry.id);
    vars.set(entry.id, variablesOf([entry.value, entry.attributes]));
    selectKeys.set(entry.id, selectKeysOf([entry.value, entry.attributes]));
  }
  return { vars, selectKeys, ids };
}

/** Every .ts file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** The first argument of each `t(...)` call (balanced parentheses), as source text. */
function firstArguments(source: string): string[] {
  const out: string[] = [];
  const call = /\bt\(/g;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    let depth = 0;
    let arg = "";
    for (let i = m.index + 2; i < source.length; i += 1) {
      const ch = source[i]!;
      if (ch === "(" || ch === "[" || ch === "{") depth += 1;
      if (ch === ")" || ch === "]" || ch === "}") {
        if (depth === 0) break;
        depth -= 1;
      }
      if (ch === "," && depth === 0) break;
      arg += ch;
    }
    out.push(arg);
  }
  return out;
}

const KEY_LITERAL = /"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g;

/**
 * Message keys the bot's code names statically: string literals given to `t(...)` (including
 * both sides of a conditional), `key: "..."` notices, and `const key = ... ? "a" : "b"` choices.
 * Template keys (`part-${p}`, `${field}-title`, `notify-${kind}`) are expanded by hand below.
 */
function staticKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const root = join(LOCALES_DIR, "..", "src", "bot");
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, "utf8");
    const add = (text: string) => {
      for (const m of text.matchAll(KEY_LITERAL)) keys.set(m[1]!, file);
    };
    for (const arg of firstArguments(source)) if (!arg.includes("`")) add(arg);
    // The formatter may break either across lines: the value runs to its `,`/`}` or `;`.
    for (const m of source.matchAll(/\bkey:\s*([^,}]+)/g)) add(m[1]!);
    for (const m of source.matchAll(/\bconst key =\s*([^;]+)/g)) if (!m[1]!.includes("`")) add(m[1]!);
  }
  return keys;
}

/** Keys the code builds from templates. */
const TEMPLATE_KEYS = [
  ...["all", "morning", "midday", "afternoon"].map((p) => `part-${p}`),
  ...["name", "email", "mobile"].flatMap((f) => [`${f}-title`, `${f}-hint`]),
  ...["expired", "paid", "released", "reserve-unknown", "refunded"].map((k) => `notify-${k}`),
];

/** Every booking state, as `status-label` receives it (lower-cased). */
const BOOKING_STATES = [
  "INTENT",
  "RESERVING",
  "HELD",
  "RESERVE_FAILED",
  "RESERVE_UNKNOWN",
  "CONFIRMING",
  "PAID",
  "RELEASING",
  "RELEASED",
  "REFUNDING",
  "REFUNDED",
];

describe("locale files", () => {
  const en = parse("en");
  const th = parse("th");

  it("parse without junk and define each key once", () => {
    for (const [locale, parsed] of [
      ["en", en],
      ["th", th],
    ] as const) {
      const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
      // Every non-comment, non-indented, non-blank line starts a message FluentResource kept.
      const starts = source
        .split("\n")
        .filter((l) => /^[a-z-]/i.test(l))
        .map((l) => l.split("=")[0]!.trim());
      expect(parsed.ids, `${locale}: entries FluentResource could not parse`).toEqual(starts);
      expect(new Set(parsed.ids).size, `${locale}: duplicate keys`).toBe(parsed.ids.length);
    }
  });

  it("define the same message keys in English and Thai", () => {
    expect([...th.vars.keys()].sort()).toEqual([...en.vars.keys()].sort());
  });

  it("use the same variables in each message in both languages", () => {
    const differing = [...en.vars.keys()].flatMap((id) => {
      const a = [...(en.vars.get(id) ?? [])].sort();
      const b = [...(th.vars.get(id) ?? [])].sort();
      return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${id}: en {${a.join(", ")}} th {${b.join(", ")}}`];
    });
    expect(differing).toEqual([]);
  });

  it("define every key the code uses", () => {
    const used = staticKeys();
    // The extraction works: a few keys from different files and shapes must be among them.
    for (const k of [
      "cancel-released",
      "cancel-nothing",
      "hold-slot-taken",
      "confirm-insufficient",
      "menu-expired",
      "release-pending",
      "use-buttons-hint",
    ]) {
      expect(used.has(k), `extracted ${k}`).toBe(true);
    }
    const missing = [...used.keys(), ...TEMPLATE_KEYS].flatMap((k) => [
      ...(en.vars.has(k) ? [] : [`en: ${k} (${used.get(k) ?? "template"})`]),
      ...(th.vars.has(k) ? [] : [`th: ${k} (${used.get(k) ?? "template"})`]),
    ]);
    expect(missing).toEqual([]);
  });

  it("translate every partner error and every input validation reason", () => {
    for (const key of [...PARTNER_ERROR_KEYS, ...CUSTOMER_INPUT_REASONS]) {
      expect(en.vars.has(key), `en: ${key}`).toBe(true);
      expect(th.vars.has(key), `th: ${key}`).toBe(true);
    }
  });

  it("label every booking state in both languages", () => {
    for (const [locale, parsed] of [
      ["en", en],
      ["th", th],
    ] as const) {
      const keys = parsed.selectKeys.get("status-label") ?? new Set();
      for (const state of BOOKING_STATES)
        expect(keys.has(state.toLowerCase()), `${locale}: status-label [${state.toLowerCase()}]`).toBe(true);
    }
  });

  it("say which language they are", () => {
    const code = (locale: string) =>
      readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8").match(/^locale-code = (\w+)$/m)?.[1];
    expect(code("en")).toBe("en");
    expect(code("th")).toBe("th");
  });
});
