/** SVG → PNG with resvg (`@resvg/resvg-js`: a prebuilt binary from the npm registry, no download at install). */
import { renderAsync, Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { FONT_FAMILIES, fontFilesFor } from "./fonts.js";

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
 * system's other fonts are never read). Synchronous and CPU-bound (50–150 ms for a chart): the bot
 * uses `svgToPngOffThread`.
 */
export function svgToPng(svg: string, options: PngOptions): Buffer {
  return new Resvg(svg, renderOptions(svg, options)).render().asPng();
}

/** `svgToPng` on libuv's thread pool (resvg's own `renderAsync`): the event loop never waits for the drawing. */
export async function svgToPngOffThread(svg: string, options: PngOptions): Promise<Buffer> {
  return (await renderAsync(svg, renderOptions(svg, options))).asPng();
}

/** The options `svgToPng` takes (the renderer's worker passes them on). */
export type SvgToPngOptions = PngOptions;
