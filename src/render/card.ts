/**
 * A portrait card drawn as SVG, 600 units wide, as the e-voucher and the trip's pictures are: a green band
 * with a small line and a title, then text written down the page, wrapped at word boundaries as
 * `Intl.Segmenter` finds them (Thai writes no spaces between words), every string escaped (`svgText`), the
 * fonts of `fonts.ts` asked for in the reader's order. The card grows as tall as its text; `svg(bottom)` closes it.
 */
import type { Locale } from "../locale.js";
import { FAMILY } from "./fonts.js";
import { svgText } from "./svg-text.js";

/** The card's width in SVG units (the PNG is drawn wider). */
export const CARD_WIDTH = 600;
/** The card's left and right margin. */
export const CARD_MARGIN = 32;
/** The band's height: what is written below it starts lower. */
export const BAND_HEIGHT = 88;
export const GREEN = "#1d6b43";
export const GREY = "#5b6770";
export const INK = "#15202b";
/** The colour of rules and of a timeline's thread. */
export const RULE = "#d5dbe0";

/**
 * The fonts a card asks for, as a CSS list (the families of `fonts.ts`). Korean, Japanese and Chinese ask for
 * their own Noto Sans face first: resvg gives a run to the first family that has its first letter and falls
 * back per letter without regard to weight, so behind the Thai font every CJK line came out in one weight;
 * and the face draws an ideograph as that language writes it (Simplified Chinese draws 骨 and 直 otherwise
 * than Japanese). Thai and English: Noto Sans Thai (Thai and Latin) first.
 */
export const FONT_FAMILY: Readonly<Record<Locale, string>> = {
  en: `${FAMILY.thai}, ${FAMILY.japanese}`,
  th: `${FAMILY.thai}, ${FAMILY.japanese}`,
  ko: `${FAMILY.korean}, ${FAMILY.thai}`,
  ja: `${FAMILY.japanese}, ${FAMILY.thai}`,
  zh: `${FAMILY.chinese}, ${FAMILY.thai}`,
};

/** A rough advance of `text` at `size`: CJK a full em, Thai's marks above and below none, others about half. */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/u.test(ch)) continue;
    em += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/u.test(ch) ? 1 : 0.56;
  }
  return em * size;
}

/** Closing and other punctuation (`。`, `，`, `”`, `)`, `:`): never the first thing on a line. */
const CLOSING = /^[\p{Pe}\p{Pf}\p{Po}]+$/u;

/**
 * `text`'s word segments (`locale`'s segmentation) as pieces a line may break between: a closing punctuation
 * mark stays with what it closes, and a run of printable ASCII with no space in it (`07:04`, `t.me/fairway_bot`)
 * stays whole.
 */
function breakable(text: string, locale: string): string[] {
  const pieces: string[] = [];
  for (const { segment } of new Intl.Segmenter(locale, { granularity: "word" }).segment(text)) {
    const previous = pieces.at(-1);
    const joins =
      previous !== undefined &&
      ((CLOSING.test(segment) && !/\s$/u.test(previous)) || (/[!-~]$/.test(previous) && /^[!-~]/.test(segment)));
    if (joins) pieces[pieces.length - 1] = previous + segment;
    else pieces.push(segment);
  }
  return pieces;
}

/** `text` in lines no wider than `width`, broken between words (`locale`'s word segmentation). */
export function wrap(text: string, options: { width: number; size: number; locale: string }): string[] {
  const words = breakable(text, options.locale);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && textWidth(line + word, options.size) > options.width) {
      lines.push(line.trimEnd());
      line = word.trimStart();
    } else line += word;
  }
  if (line.trim() !== "") lines.push(line.trimEnd());
  return lines;
}

export interface TextStyle {
  size: number;
  /** Default `INK`. */
  fill?: string;
  bold?: boolean;
  /** SVG's `text-anchor` (default start). */
  anchor?: "middle" | "end";
}

/** A card being written: each writer appends to it; `svg` closes it at the height reached. */
export interface Card {
  /** The width text may take from the left margin to the right one. */
  readonly inner: number;
  /** The green band at the top: `top` small, `title` large and bold. */
  band: (top: string, title: string) => void;
  /** One line of text, its baseline at `y`, never wrapped. */
  text: (x: number, y: number, s: string, style: TextStyle) => void;
  /**
   * `s` wrapped to `width` (default: from `x` to the right margin), the first baseline at `y`; gives the
   * baseline after the last line.
   */
  lines: (x: number, y: number, s: string, style: TextStyle & { width?: number }) => number;
  /** A horizontal rule across the card at `y`. */
  rule: (y: number) => void;
  /** A numbered disc in the left margin, its centre 7 units above the baseline `y` (a timeline's step). */
  marker: (n: number, y: number, fill: string) => void;
  /** SVG elements of the caller's own (a circle, a path), already escaped. */
  raw: (element: string) => void;
  /** The whole SVG, `height` units tall (rounded up). */
  svg: (height: number) => string;
}

/** A new card in `locale` (its fonts and word breaks). */
export function createCard(locale: Locale): Card {
  const parts: string[] = [];
  const inner = CARD_WIDTH - 2 * CARD_MARGIN;
  const text: Card["text"] = (x, y, s, style) =>
    parts.push(
      `<text x="${x}" y="${y}" font-size="${style.size}"${style.bold ? ' font-weight="bold"' : ""}` +
        ` fill="${style.fill ?? INK}"${style.anchor ? ` text-anchor="${style.anchor}"` : ""}>${svgText(s)}</text>`,
    );
  return {
    inner,
    band(top, title) {
      parts.push(`<rect x="0" y="0" width="${CARD_WIDTH}" height="${BAND_HEIGHT}" fill="${GREEN}"/>`);
      text(CARD_MARGIN, 38, top, { size: 15, fill: "#d9efe2" });
      text(CARD_MARGIN, 70, title, { size: 26, fill: "#fff", bold: true });
    },
    text,
    lines(x, y, s, style) {
      const width = style.width ?? inner - (x - CARD_MARGIN);
      const wrapped = wrap(s, { width, size: style.size, locale });
      wrapped.forEach((line, i) => text(x, y + i * style.size * 1.35, line, style));
      return y + wrapped.length * style.size * 1.35;
    },
    rule(y) {
      parts.push(
        `<line x1="${CARD_MARGIN}" y1="${y}" x2="${CARD_WIDTH - CARD_MARGIN}" y2="${y}" stroke="${RULE}" stroke-width="1.5"/>`,
      );
    },
    marker(n, y, fill) {
      parts.push(`<circle cx="${CARD_MARGIN + 14}" cy="${y - 7}" r="14" fill="${fill}"/>`);
      parts.push(
        `<text x="${CARD_MARGIN + 14}" y="${y - 1}" font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">` +
          `${n}</text>`,
      );
    },
    raw(element) {
      parts.push(element);
    },
    svg(height) {
      const h = Math.ceil(height);
      return [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${h}" viewBox="0 0 ${CARD_WIDTH} ${h}"`,
        ` font-family="${FONT_FAMILY[locale]}">`,
        `<rect width="100%" height="100%" fill="#fff"/>`,
        ...parts,
        `</svg>`,
      ].join("");
    },
  };
}
