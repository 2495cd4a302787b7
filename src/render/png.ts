/** SVG → PNG with resvg (`@resvg/resvg-js`: a prebuilt binary from the npm registry, no download at install). */
import { renderAsync, Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { FONT_FAMILIES, fontFilesFor } from "./fonts.js";
import { encodePng, encodePngOffThread } from "./png-encode.js";

export interface PngOptions {
  /** The PNG's width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
}

/** What `svgToPng` gives resvg for `svg`: its width, a white background, and the font files of `fonts.ts` only. */
export function renderOptions(svg: string, options: PngOptions): ResvgRenderOptions {
  return {
    fitTo: { mode: "width", value: options.width },
    font: { loadSystemFonts: false, fontFiles: fontFilesFor(svg), defaultFontFamily: FONT_FAMILIES[0] },
    background: "white",
  };
}

/**
 * Draws `svg` as a PNG `width` pixels wide on white, its text in the fonts of `fonts.ts` only (the
 * system's other fonts are never read), encoded by `png-encode.ts` (resvg's own encoder took half the
 * time). Synchronous and CPU-bound (25–35 ms for a voucher, more for a chart): the bot uses the renderer's
 * worker (`renderer.ts`) or `svgToPngOffThread`.
 */
export function svgToPng(svg: string, options: PngOptions): Buffer {
  // Opaque on its white background, so resvg's premultiplied pixels are the PNG's straight ones.
  return encodePng(new Resvg(svg, renderOptions(svg, options)).render());
}

/**
 * `svgToPng` on libuv's thread pool (resvg's own `renderAsync`, then zlib's asynchronous deflate): the event
 * loop only copies the rows.
 */
export async function svgToPngOffThread(svg: string, options: PngOptions): Promise<Buffer> {
  return encodePngOffThread(await renderAsync(svg, renderOptions(svg, options)));
}

/** The options `svgToPng` takes (the renderer's worker passes them on). */
export type SvgToPngOptions = PngOptions;
