/**
 * The card's wrapping (src/render/card.ts), as the e-voucher, the itinerary and the quote use it: lines broken
 * between words in every script, never inside a time or an address, never before a closing mark.
 */
import { describe, expect, it } from "vitest";
import { createCard, wrap } from "../../src/render/card.js";

describe("the card's wrapping", () => {
  it("keeps a tee time and a t.me address whole, wherever the line ends", () => {
    for (let width = 120; width <= 420; width += 7) {
      const lines = wrap("Saturday 26 December 2026 · 07:04 at t.me/fairway_bot", { width, size: 19, locale: "en" });
      expect(lines.join(" ").replace(/ +/g, " ")).toBe("Saturday 26 December 2026 · 07:04 at t.me/fairway_bot");
      expect(
        lines.some((l) => /07:04/.test(l)),
        `width ${width}: ${JSON.stringify(lines)}`,
      ).toBe(true);
      expect(lines.some((l) => l.includes("t.me/fairway_bot"))).toBe(true);
    }
  });

  it("never starts a line with a closing mark (Chinese, Japanese), and breaks Thai between words", () => {
    const zh = "如何接受：在电报中打开代理发给您的链接，然后点击“接受此行程”。";
    const ja = "承諾するには：エージェントからテレグラムで届いたリンクを開き、「この旅行を承諾する」を押してください。";
    for (let width = 80; width <= 500; width += 9) {
      for (const [text, locale] of [
        [zh, "zh"],
        [ja, "ja"],
      ] as const) {
        const lines = wrap(text, { width, size: 16, locale });
        expect(lines.join("")).toBe(text);
        for (const line of lines.slice(1)) expect(line, `${locale} at ${width}`).not.toMatch(/^[”」。，、：）]/u);
      }
    }
    const th = wrap("วิธียอมรับ: เปิดลิงก์ที่ตัวแทนส่งให้คุณใน Telegram แล้วแตะ “ยอมรับทริปนี้”", {
      width: 200,
      size: 16,
      locale: "th",
    });
    expect(th.length).toBeGreaterThan(1);
    expect(th.join("")).toContain("ลิงก์");
    for (const line of th) expect(line).not.toMatch(/^[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/u);
  });

  it("escapes every string it writes", () => {
    const card = createCard("en");
    card.band(`A & B <agency>`, `"Quote"`);
    card.lines(32, 130, "</text></svg><script>", { size: 17 });
    const svg = card.svg(200);
    expect(svg).not.toContain("<script>");
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
  });
});
