import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { CUSTOMER_KEYS } from "../src/bot/customer-keys.js";
import { createI18n, LOCALES_DIR } from "../src/bot/i18n.js";
import { CUSTOMER_ONLY_LOCALES } from "../src/locale.js";

interface Message {
  /** Variables the message uses. */
  vars: string[];
  /** Variant keys of selectors that are not plural categories (e.g. a state), sorted. */
  variants: string[];
  /** Messages and terms it refers to. */
  refs: string[];
  /** HTML tags in its text, sorted. */
  tags: string[];
}

const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

/** What a Fluent AST node (and everything under it) refers to, and the text it holds. */
function walk(node: unknown, m: Message & { text: string[] }): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, m);
    return;
  }
  if (typeof node === "string") {
    m.text.push(node);
    return;
  }
  if (!node || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  if (o.type === "var" && typeof o.name === "string") m.vars.push(o.name);
  if ((o.type === "mesg" || o.type === "term") && typeof o.name === "string") m.refs.push(o.name);
  if (o.type === "select" && Array.isArray(o.variants)) {
    const keys = (o.variants as { key: { value: string | number } }[]).map((v) => String(v.key.value));
    // Plural variants are the language's own (Korean, Japanese and Chinese have `other` only).
    if (!keys.every((k) => PLURAL_CATEGORIES.has(k) || /^\d+$/.test(k))) m.variants.push(...keys);
  }
  for (const v of Object.values(o)) walk(v, m);
}

function parse(locale: string): { ids: string[]; messages: Map<string, Message>; source: string } {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  const messages = new Map<string, Message>();
  const ids: string[] = [];
  for (const entry of new FluentResource(source).body) {
    if (entry.id.startsWith("-")) continue;
    ids.push(entry.id);
    const m = { vars: [], variants: [], refs: [], tags: [], text: [] as string[] };
    walk([entry.value, entry.attributes], m);
    const uniq = (a: string[]) => [...new Set(a)].sort();
    messages.set(entry.id, {
      vars: uniq(m.vars),
      variants: uniq(m.variants),
      refs: uniq(m.refs),
      tags: (m.text.join("").match(/<\/?[a-z]+[^>]*>/g) ?? []).sort(),
    });
  }
  return { ids, messages, source };
}

/** A sample value for each variable: a number where the message counts, else a neutral token. */
const NUMBERS = new Set(["count", "minutes", "hours", "players", "flights", "n", "max", "min", "paid", "limit", "gap"]);
function sampleArgs(vars: string[]): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const v of vars) args[v] = NUMBERS.has(v) ? 3 : v === "state" ? "paid" : v === "type" ? "WEEKDAY" : "⟨x⟩";
  return args;
}

/** Messages whose text is only placeables and symbols: legitimately the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "slot-title",
  "btn-move-flight",
  "locale-code",
  "find-relax-date",
  "watch-criteria",
  "find-km",
]);

/** Latin words a customer-only locale keeps: the product's and the payment scheme's names, samples. */
const KEPT_LATIN = /fairway|PromptPay|Language|Somchai|Jaidee|example|name@example\.com|[A-Z]{2,}/g;

describe("customer-only locales (Korean, Japanese, Chinese)", () => {
  const en = parse("en");
  const customerKeys: string[] = [...CUSTOMER_KEYS].sort();

  it("the customer-facing list names messages of en.ftl, each once", () => {
    expect(new Set(CUSTOMER_KEYS).size).toBe(CUSTOMER_KEYS.length);
    expect(CUSTOMER_KEYS.filter((k) => !en.messages.has(k))).toEqual([]);
  });

  for (const locale of CUSTOMER_ONLY_LOCALES) {
    describe(locale, () => {
      const parsed = parse(locale);

      it("parses without junk and defines every customer-facing key, and only those", () => {
        const starts = parsed.source
          .split("\n")
          .filter((l) => /^[a-z-]/i.test(l))
          .map((l) => l.split("=")[0]!.trim());
        expect(parsed.ids, "entries FluentResource could not parse").toEqual(starts);
        expect(new Set(parsed.ids).size, "duplicate keys").toBe(parsed.ids.length);
        expect(
          customerKeys.filter((k) => !parsed.messages.has(k)),
          "customer-facing keys missing",
        ).toEqual([]);
        expect(
          parsed.ids.filter((k) => !customerKeys.includes(k)),
          "keys not in the customer-facing list",
        ).toEqual([]);
        expect(parsed.source).toMatch(new RegExp(`^locale-code = ${locale}$`, "m"));
      });

      it("keeps English's placeables, selector variants, references and HTML tags in every message", () => {
        const differing = customerKeys.flatMap((k) => {
          const a = en.messages.get(k);
          const b = parsed.messages.get(k);
          if (!a || !b) return [];
          return (["vars", "variants", "refs", "tags"] as const).flatMap((part) =>
            JSON.stringify(a[part]) === JSON.stringify(b[part])
              ? []
              : [`${k} ${part}: en ${JSON.stringify(a[part])} ${locale} ${JSON.stringify(b[part])}`],
          );
        });
        expect(differing).toEqual([]);
      });

      it("renders every customer-facing message in its own words through the real i18n, never English", () => {
        const i18n = createI18n("en", () => undefined);
        const english: string[] = [];
        const latin: string[] = [];
        for (const k of customerKeys) {
          const args = sampleArgs(en.messages.get(k)?.vars ?? []);
          const text = i18n.t(locale, k, args);
          if (!SAME_IN_EVERY_LANGUAGE.has(k) && text === i18n.t("en", k, args)) english.push(k);
          const words = text
            .replace(/<[^>]+>/g, "")
            .replace(/\/[a-z]+/g, "")
            .replace(KEPT_LATIN, "")
            .match(/[A-Za-z]{3,}/g);
          if (words) latin.push(`${k}: ${words.join(" ")}`);
        }
        expect(english, "rendered as English").toEqual([]);
        expect(latin, "English words left").toEqual([]);
      });
    });
  }

  it("a key the customer-only locales do not define is read in English, not in the default locale", () => {
    const i18n = createI18n("th", () => undefined);
    expect(i18n.t("ko", "admin-only")).toBe(i18n.t("en", "admin-only"));
    expect(i18n.t("ja", "cmd-report")).toBe(i18n.t("en", "cmd-report"));
    expect(i18n.t("zh", "menu-book")).toBe("⛳ 预订开球时间");
    expect(i18n.t("th", "admin-only")).not.toBe(i18n.t("en", "admin-only"));
  });
});
