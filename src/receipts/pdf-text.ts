/*
 * Text in a receipt's PDF: pdfkit lays a run out with fontkit (GSUB, then GPOS mark and mkmk place Thai's
 * vowels and tone marks) and embeds a subset of the npm package's font with a ToUnicode map. That map has one
 * text per glyph, the first it was drawn for: SARA AM (ำ) is drawn as NIKHAHIT + SARA AA, so after a กำ the
 * SARA AA glyph maps to nothing and every later า would be lost, and a tone mark raised over a vowel sits
 * on its own baseline for a text extractor. So every run is a marked-content span whose /ActualText is the
 * run's own text (PDF 32000-1 §14.9.4): pdftotext and copy-and-paste give the text as written.
 *
 * fontkit has no Thai shaper: it leaves SARA AM to the font, which splits it without moving its NIKHAHIT, so
 * "น้ำ" came out with the ring above the tone mark (test/receipts/receipt-pdf.test.ts found it against resvg).
 * The text laid out is therefore SARA AM as HarfBuzz's Thai shaper decomposes it: NIKHAHIT moved before the
 * above-base marks, then SARA AA (`<0E14, 0E4B, 0E33> → <0E14, 0E4D, 0E4B, 0E32>`; `../render/svg-text.ts`);
 * mark and mkmk then put the ring on the consonant and the tone mark above it.
 */

import { decomposeSaraAm } from "../render/svg-text.js";

/** What `drawText` needs of a pdfkit document. */
export type PdfDocument = PDFKit.PDFDocument;

export interface TextOptions {
  /** The registered font's name (default the document's current one). */
  font?: string;
  /** Size in points (default the document's current one). */
  size?: number;
  /** Right-align the run so that it ends at `x` (default: it starts at `x`). */
  alignRight?: boolean;
}

/** Draws `text` on one line whose alphabetic baseline is at `y` points, as a span with its text as /ActualText. */
export function drawText(doc: PdfDocument, text: string, x: number, y: number, options: TextOptions = {}): void {
  if (options.font !== undefined) doc.font(options.font);
  if (options.size !== undefined) doc.fontSize(options.size);
  const laidOut = decomposeSaraAm(text);
  const left = options.alignRight ? x - doc.widthOfString(laidOut) : x;
  doc.markContent("Span", { actual: text });
  doc.text(laidOut, left, y, { lineBreak: false, baseline: "alphabetic" });
  doc.endMarkedContent();
}
