/** SVG → PNG with resvg (rustybuzz shapes every script: Thai's stacked marks, CJK), fonts from `fonts.ts` only. */
import { Resvg } from "@resvg/resvg-js";
import { fontsFor } from "./fonts.js";

export interface SvgToPngOptions {
  /** The PNG's width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
}

/**
 * Draws `svg` as a PNG with the project's fonts (the machine's other fonts are not loaded). Synchronous
 * and CPU-bound: callers on the event loop run it in a worker when it takes long (see vouchers/).
 */
export function svgToPng(svg: string, options: SvgToPngOptions): Buffer {
  const fonts = fontsFor(svg);
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: options.width },
    font: { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: fonts.families[0]! },
    background: "white",
  });
  return resvg.render().asPng();
}
