import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/locale.js";

/** The page's `STRINGS` table (src/mini-app/public/app.js, a browser script), read as the object it is. */
function pageStrings(): Record<string, Record<string, unknown>> {
  const source = readFileSync(fileURLToPath(new URL("../../src/mini-app/public/app.js", import.meta.url)), "utf8");
  const start = source.indexOf("const STRINGS = ");
  const end = source.indexOf("\n};\n", start);
  const literal = source.slice(start + "const STRINGS = ".length, end + 2);
  return runInNewContext(`(${literal})`) as Record<string, Record<string, unknown>>;
}

describe("the tee sheet page's texts", () => {
  it("exist in every language fairway speaks, with the same keys and kinds as English", () => {
    const strings = pageStrings();
    expect(Object.keys(strings).sort()).toEqual([...LOCALES].sort());
    const shape = (l: string) =>
      Object.entries(strings[l]!)
        .map(([k, v]) => `${k}:${typeof v}`)
        .sort();
    for (const locale of LOCALES) expect(shape(locale), locale).toEqual(shape("en"));
    for (const locale of ["ko", "ja", "zh"]) {
      const texts = Object.entries(strings[locale]!).filter(([k, v]) => typeof v === "string" && k !== "title");
      const english = texts.filter(([k, v]) => v === strings.en![k]).map(([k]) => k);
      expect(english, locale).toEqual([]);
    }
  });
});
