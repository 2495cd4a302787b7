/**
 * The e-voucher drawn as SVG, a portrait card 600 units wide: the agency's band, the course and its
 * address, the booking's rows, a group's tee times, the money (prepaid, at the course), then the QR
 * of the check page with its caption and the agency's contact. Long lines wrap at word boundaries as
 * `Intl.Segmenter` finds them (Thai writes no spaces between words). Text is escaped; nothing is loaded
 * from elsewhere.
 */
import QRCode from "qrcode";
import type { Locale } from "../locale.js";
import { FAMILY } from "../render/fonts.js";
import { svgText } from "../render/svg-text.js";
import type { VoucherContent } from "./content.js";

/** The card's width in SVG units (the PNG is drawn wider: `VOUCHER_PNG_WIDTH`). */
export const VOUCHER_WIDTH = 600;
const MARGIN = 32;
const GREEN = "#1d6b43";
const GREY = "#5b6770";
const INK = "#15202b";

/**
 * The fonts a voucher asks for, as a CSS list (the families of `../render/fonts.ts`). Korean, Japanese and
 * Chinese ask for their own Noto Sans face first: resvg gives a run to the first family that has its first
 * letter and falls back per letter without regard to weight, so behind the Thai font every CJK line came out
 * in one weight; and the face draws an ideograph as that language writes it (Simplified Chinese draws 骨 and
 * 直 otherwise than Japanese). Thai and English: Noto Sans Thai (Thai and Latin) first.
 */
export const FONT_FAMILY: Readonly<Record<Locale, string>> = {
  en: `${FAMILY.thai}, ${FAMILY.japanese}`,
  th: `${FAMILY.thai}, ${FAMILY.japanese}`,
  ko: `${FAMILY.korean}, ${FAMILY.thai}`,
  ja: `${FAMILY.japanese}, ${FAMILY.thai}`,
  zh: `${FAMILY.chinese}, ${FAMILY.thai}`,
};

/** A rough advance of `text` at `size`: CJK a full em, Thai's marks above and below none, others about half. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/u.test(ch)) continue;
    em += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/u.test(ch) ? 1 : 0.56;
  }
  return em * size;
}

/** `text` in lines no wider than `width`, broken between words (`locale`'s word segmentation). */
export function wrap(text: string, options: { width: number; size: number; locale: string }): string[] {
  const words = [...new Intl.Segmenter(options.locale, { granularity: "word" }).segment(text)].map((s) => s.segment);
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

/** The QR of `url` as one SVG path, `size` units square (its quiet zone inside), at x, y. */
function qrPath(url: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  let d = "";
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        d += `M${(x + (c + 4) * cell).toFixed(2)} ${(y + (r + 4) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/>`;
}

/** The voucher's SVG; `checkUrl` is the QR's address (none: no QR). */
export function voucherSvg(content: VoucherContent, checkUrl: string | undefined): string {
  const parts: string[] = [];
  const inner = VOUCHER_WIDTH - 2 * MARGIN;
  const text = (
    x: number,
    y: number,
    s: string,
    style: { size: number; fill?: string; bold?: boolean; anchor?: string },
  ) =>
    parts.push(
      `<text x="${x}" y="${y}" font-size="${style.size}"${style.bold ? ' font-weight="bold"' : ""} fill="${style.fill ?? INK}"` +
        `${style.anchor ? ` text-anchor="${style.anchor}"` : ""}>${svgText(s)}</text>`,
    );
  const lines = (
    x: number,
    y: number,
    s: string,
    style: { size: number; fill?: string; bold?: boolean; width?: number },
  ) => {
    const wrapped = wrap(s, { width: style.width ?? inner, size: style.size, locale: content.locale });
    wrapped.forEach((line, i) => text(x, y + i * style.size * 1.35, line, style));
    return y + wrapped.length * style.size * 1.35;
  };

  parts.push(`<rect x="0" y="0" width="${VOUCHER_WIDTH}" height="88" fill="${GREEN}"/>`);
  text(MARGIN, 38, content.agencyName, { size: 15, fill: "#d9efe2" });
  text(MARGIN, 70, content.title, { size: 26, fill: "#fff", bold: true });
  let y = 132;
  y = lines(MARGIN, y, content.course, { size: 26, bold: true });
  if (content.address) y = lines(MARGIN, y, content.address, { size: 15, fill: GREY });
  y += 14;
  for (const row of content.rows) {
    text(MARGIN, y, row.label, { size: 14, fill: GREY });
    y = lines(MARGIN, y + 26, row.value, { size: 21, bold: true }) + 8;
  }
  if (content.flights) {
    text(MARGIN, y, content.flights.label, { size: 14, fill: GREY });
    y += 26;
    for (const line of content.flights.lines) y = lines(MARGIN, y, line, { size: 19, bold: true }) + 2;
    y += 8;
  }
  parts.push(
    `<line x1="${MARGIN}" y1="${y}" x2="${VOUCHER_WIDTH - MARGIN}" y2="${y}" stroke="#d5dbe0" stroke-width="1.5"/>`,
  );
  y += 30;
  text(MARGIN, y, content.money.label, { size: 14, fill: GREY });
  y += 26;
  for (const line of content.money.lines) y = lines(MARGIN, y, line, { size: 17 }) + 4;
  y += 16;
  if (checkUrl) {
    const size = 200;
    parts.push(qrPath(checkUrl, (VOUCHER_WIDTH - size) / 2, y, size));
    y += size + 22;
    text(VOUCHER_WIDTH / 2, y, content.scan, { size: 15, fill: GREY, anchor: "middle" });
    y += 30;
  }
  y = lines(MARGIN, y, content.agency, { size: 15, fill: GREY }) + 12;
  const height = Math.ceil(y);
  const size = `width="${VOUCHER_WIDTH}" height="${height}" viewBox="0 0 ${VOUCHER_WIDTH} ${height}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" ${size} font-family="${FONT_FAMILY[content.locale]}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...parts,
    `</svg>`,
  ].join("");
}
