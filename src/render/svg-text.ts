/**
 * Text as the drawing libraries need it: escaped for SVG, and Thai spelled as they can lay it out. SARA AM
 * (ำ, U+0E33) is one character but two glyphs: a ring above the consonant (NIKHAHIT, U+0E4D) and a vowel
 * after it (SARA AA, U+0E32). HarfBuzz's Thai shaper (and rustybuzz's, its port) decomposes it and moves the
 * ring before the above-base marks:
 * `<0E14, 0E4B, 0E33> → <0E14, 0E4D, 0E4B, 0E32>`. Neither of the libraries fairway draws text with gets the
 * rest right:
 * - resvg 2.6 (vouchers, charts) shapes with rustybuzz, but its text layout then gives the SARA AA no advance:
 *   the next letter is drawn over it ("การชำระเงิน" with ร on the า, "กำไร" with ไ on it);
 * - fontkit (pdfkit's layout; receipts) has no Thai shaper and leaves the ring above the tone mark ("น้ำ").
 * Both draw the decomposed spelling right. Chromium (HarfBuzz) is the reference that proves it:
 * test/render/svg-text.test.ts.
 */

/** Above-base marks a SARA AM's NIKHAHIT moves before (HarfBuzz: 0E31, 0E34–0E37, 0E47–0E4E). */
const SARA_AM_AFTER_MARKS = /([\u0E31\u0E34-\u0E37\u0E47-\u0E4E]*)\u0E33/gu;

/** `text` with every SARA AM decomposed and reordered as HarfBuzz's Thai shaper does, for a drawing library to lay out. */
export function decomposeSaraAm(text: string): string {
  return text.replace(SARA_AM_AFTER_MARKS, "\u0E4D$1\u0E32");
}

/** `text` as the body of an SVG `<text>`: XML-escaped (names come from people), SARA AM decomposed for resvg. */
export function svgText(text: string): string {
  return decomposeSaraAm(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
