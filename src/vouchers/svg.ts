/**
 * The e-voucher drawn as SVG, a portrait card 600 units wide: the agency's band, the course and its
 * address, the booking's rows, a group's tee times, the money (prepaid, at the course), then the QR
 * of the check page with its caption and the agency's contact. Long lines wrap at word boundaries as
 * `Intl.Segmenter` finds them (Thai writes no spaces between words). Text is escaped; nothing is loaded
 * from elsewhere.
 */
import QRCode from "qrcode";
import { CARD_MARGIN as MARGIN, CARD_WIDTH, createCard, GREY } from "../render/card.js";
import type { VoucherContent } from "./content.js";

/** The card's width in SVG units (the PNG is drawn wider: `VOUCHER_PNG_WIDTH`). */
export const VOUCHER_WIDTH = CARD_WIDTH;

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
  const card = createCard(content.locale);
  const { text, lines } = card;
  card.band(content.agencyName, content.title);
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
  card.rule(y);
  y += 30;
  text(MARGIN, y, content.money.label, { size: 14, fill: GREY });
  y += 26;
  for (const line of content.money.lines) y = lines(MARGIN, y, line, { size: 17 }) + 4;
  y += 16;
  if (checkUrl) {
    const size = 200;
    card.raw(qrPath(checkUrl, (VOUCHER_WIDTH - size) / 2, y, size));
    y += size + 22;
    text(VOUCHER_WIDTH / 2, y, content.scan, { size: 15, fill: GREY, anchor: "middle" });
    y += 30;
  }
  y = lines(MARGIN, y, content.agency, { size: 15, fill: GREY }) + 12;
  return card.svg(y);
}
