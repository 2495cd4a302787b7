/**
 * Comparing two drawings of the same text by different rasterizers (resvg against poppler, Chromium): each made
 * black and white (ink: grey < 128), and every ink pixel of one must have ink within 1 px in the other, since
 * anti-aliasing and hinting differ. A missing or misplaced mark or letter leaves its whole shape unmatched.
 */
import type { PNG } from "pngjs";

/** Ink (grey < 128) of `png`, row by row, in rows [top, bottom) (default: all). */
export function inkOf(png: PNG, top = 0, bottom = png.height): boolean[][] {
  const rows: boolean[][] = [];
  for (let y = top; y < bottom; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      row.push((png.data[i]! + png.data[i + 1]! + png.data[i + 2]!) / 3 < 128);
    }
    rows.push(row);
  }
  return rows;
}

/** `ink` cut to the box around its ink (two drawings placed differently on their canvas, aligned by their ink). */
export function inkBox(ink: boolean[][]): boolean[][] {
  const rows = ink.map((row, y) => [y, row.indexOf(true), row.lastIndexOf(true)] as const).filter(([, l]) => l >= 0);
  if (rows.length === 0) return [];
  const left = Math.min(...rows.map(([, l]) => l));
  const right = Math.max(...rows.map(([, , r]) => r));
  return ink.slice(rows[0]![0], rows.at(-1)![0] + 1).map((row) => row.slice(left, right + 1));
}

/** The share of ink pixels, in either drawing, with no ink within 1 px in the other. */
export function unmatchedShare(a: boolean[][], b: boolean[][]): number {
  const near = (m: boolean[][], y: number, x: number) => {
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (m[y + dy]?.[x + dx]) return true;
    return false;
  };
  let ink = 0;
  let unmatched = 0;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const)
    p.forEach((row, y) =>
      row.forEach((on, x) => {
        if (!on) return;
        ink++;
        if (!near(q, y, x)) unmatched++;
      }),
    );
  return unmatched / ink;
}
