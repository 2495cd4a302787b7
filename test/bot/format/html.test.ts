import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, htmlToPlain, truncate } from "../../../src/bot/format/html.js";

describe("escapeHtml", () => {
  it("escapes the characters Telegram HTML reserves", () => {
    expect(escapeHtml(`Tom & "Jerry" <b>`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;");
  });

  it("escapes an ampersand only once and leaves other text alone", () => {
    expect(escapeHtml("&amp; ก'ล์ฟ")).toBe("&amp;amp; ก'ล์ฟ");
  });
});

const graphemes = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)].map((x) => x.segment);

describe("truncate", () => {
  it("returns text that fits unchanged", () => {
    expect(truncate("Alpine Golf", 11)).toBe("Alpine Golf");
    expect(truncate("", 0)).toBe("");
  });

  it("cuts and adds an ellipsis within the limit", () => {
    expect(truncate("Alpine Golf Club", 8)).toBe("Alpine…");
    expect(truncate("Alpine Golf Club", 8).length).toBeLessThanOrEqual(8);
  });

  it("never separates Thai vowel and tone marks from their consonant", () => {
    // สมศักดิ์ = ส ม ศั ก ดิ์ : the 4-unit budget ends after ศั, not between ศ and ั.
    expect(truncate("สมศักดิ์ ใจดี", 5)).toBe("สมศั…");
    // ดิ์ is 3 code units; a budget that would split it stops before it.
    expect(truncate("สมศักดิ์", 7)).toBe("สมศัก…");
  });

  it("never splits an emoji surrogate pair or a ZWJ sequence", () => {
    expect(truncate("ab😀cd", 4)).toBe("ab…");
    expect(truncate("Team 👨‍👩‍👧 golf day", 10)).toBe("Team…");
  });

  it("drops whitespace before the ellipsis", () => {
    expect(truncate("Hole in one", 6)).toBe("Hole…");
  });

  it("handles tiny limits", () => {
    expect(truncate("abc", 1)).toBe("…");
    expect(truncate("abc", 0)).toBe("");
    expect(() => truncate("abc", -1)).toThrow(RangeError);
    expect(() => truncate("abc", Number.NaN)).toThrow(RangeError);
  });

  it("always fits the limit and keeps only whole graphemes of the start", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.nat(60), (text, max) => {
        const out = truncate(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        if (out === text) return;
        const body = out.endsWith("…") ? out.slice(0, -1) : out;
        expect(text.startsWith(body)).toBe(true);
        // The kept part ends on a grapheme boundary of the original text.
        const prefix = graphemes(text).reduce<string[]>((acc, g) => [...acc, (acc.at(-1) ?? "") + g], [""]);
        expect(prefix.map((p) => p.trimEnd())).toContain(body);
      }),
    );
  });
});

describe("htmlToPlain", () => {
  it("removes Telegram's tags and decodes its entities; a link keeps its address", () => {
    expect(htmlToPlain("<b>Sea &amp; Sand</b> &lt;b&gt; &quot;x&quot; &#x1F3CC; &#9971;")).toBe(
      'Sea & Sand <b> "x" 🏌 ⛳',
    );
    expect(
      htmlToPlain('<a href="https://t.me/bot?start=a&amp;b">Open</a> · <a href="https://x.th">https://x.th</a>'),
    ).toBe("Open (https://t.me/bot?start=a&b) · https://x.th");
    expect(htmlToPlain('<pre><code class="language-x">a</code></pre><blockquote expandable>q</blockquote>')).toBe("aq");
  });

  it("keeps what is not Telegram HTML as written: an unknown tag, a bare < or &, a broken reference", () => {
    expect(htmlToPlain("<b>Sea <Sea> & Sand</b> a < b &amp c &#0; &nbsp;")).toBe(
      "Sea <Sea> & Sand a < b &amp c &#0; &nbsp;",
    );
  });

  it("the plain text of escaped text is the text itself", () => {
    fc.assert(fc.property(fc.string(), (s) => htmlToPlain(escapeHtml(s)) === s));
  });
});
