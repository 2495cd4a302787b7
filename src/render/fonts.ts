/**
 * The fonts images are drawn with: files of npm packages, production dependencies pinned in
 * package-lock.json, so every machine that ran `npm install` (Linux, macOS, the Docker image) draws the same
 * pixels, with no font package of its own system. DejaVu Sans (`dejavu-fonts-ttf`) for Latin and for what the
 * others lack (Greek, Cyrillic, arrows and other symbols); Noto Sans Thai (`@expo-google-fonts/noto-sans-thai`,
 * Thai and Latin); Noto Sans Korean, Japanese and S Chinese (`@embedpdf/fonts-kr`, `-jp`, `-sc`: Noto Sans
 * CJK's subsets by region, each with that language's forms of the ideographs). Named by file, never found by
 * scanning the system: a render reads these files and no other (`png.ts`: `loadSystemFonts: false`).
 * Charts ask for the families in `FONT_FAMILIES`' order (`fontFamilyCss`); vouchers for Thai, or the reader's
 * CJK face, first (`src/vouchers/svg.ts`).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The family names of the files below, as the SVGs ask for them. */
export const FAMILY = {
  latin: "DejaVu Sans",
  thai: "Noto Sans Thai",
  korean: "Noto Sans Korean",
  japanese: "Noto Sans Japanese",
  chinese: "Noto Sans S Chinese",
} as const;

/** The families in the order a chart asks for them: Latin, Thai, then the CJK faces. */
export const FONT_FAMILIES = [FAMILY.latin, FAMILY.thai, FAMILY.chinese, FAMILY.japanese, FAMILY.korean] as const;

/**
 * A CSS `font-family` list for SVG text in `language` (a BCP 47 tag or fairway's locale): `FONT_FAMILIES`,
 * with the Thai font first for Thai. resvg takes a whole run in the first family that has its first
 * letter, falling back without regard to weight, so Thai text asks for its font first to be bold where
 * it should (the Thai font has Latin letters and digits too).
 */
export function fontFamilyCss(language = "en"): string {
  const thai = language === "th" || language.startsWith("th-");
  const families = thai ? [FAMILY.thai, ...FONT_FAMILIES.filter((f) => f !== FAMILY.thai)] : FONT_FAMILIES;
  return families.map((f) => `'${f}'`).join(", ");
}

/** A font file: the npm package that ships it and its path inside the package. */
export interface FontFile {
  package: string;
  path: string;
}

/** Noto Sans Thai (Thai, Latin and digits), regular and bold: the SVGs' Thai face and the receipts' only one. */
export const THAI_FONT = {
  regular: { package: "@expo-google-fonts/noto-sans-thai", path: "400Regular/NotoSansThai_400Regular.ttf" },
  bold: { package: "@expo-google-fonts/noto-sans-thai", path: "700Bold/NotoSansThai_700Bold.ttf" },
} as const satisfies Record<string, FontFile>;

/** Latin and Thai: small files (1.5 MB), read for every drawing. */
const BASE_FILES: readonly FontFile[] = [
  { package: "dejavu-fonts-ttf", path: "ttf/DejaVuSans.ttf" },
  { package: "dejavu-fonts-ttf", path: "ttf/DejaVuSans-Bold.ttf" },
  THAI_FONT.regular,
  THAI_FONT.bold,
];

/** Korean, Japanese and Chinese, regular and bold: 35 MB that take resvg about a second to read, so only when needed. */
const CJK_FILES: readonly FontFile[] = [
  { package: "@embedpdf/fonts-kr", path: "fonts/NotoSansKR-Regular.otf" },
  { package: "@embedpdf/fonts-kr", path: "fonts/NotoSansKR-Bold.otf" },
  { package: "@embedpdf/fonts-jp", path: "fonts/NotoSansJP-Regular.otf" },
  { package: "@embedpdf/fonts-jp", path: "fonts/NotoSansJP-Bold.otf" },
  { package: "@embedpdf/fonts-sc", path: "fonts/NotoSansHans-Regular.otf" },
  { package: "@embedpdf/fonts-sc", path: "fonts/NotoSansHans-Bold.otf" },
];

/** Every font file this module knows (what `npm install` and the Docker image must provide). */
export const FONT_FILES: readonly FontFile[] = [...BASE_FILES, ...CJK_FILES];

/** Hangul, kana and CJK ideographs (and their punctuation and full-width forms). */
const CJK_TEXT = /[\u1100-\u11ff\u3000-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/u;

/** Thrown when a font file is not installed: names the file and its package. */
export class MissingFontError extends Error {
  override readonly name = "MissingFontError";
  constructor(
    readonly file: string,
    readonly npmPackage: string,
  ) {
    super(`font file ${file} of the npm package ${npmPackage} is missing: run npm install (or npm ci)`);
  }
}

/** Whether `text` needs the CJK faces (Hangul, kana, ideographs). */
export function needsCjk(text: string): boolean {
  return CJK_TEXT.test(text);
}

/**
 * The font files to draw `text` (an SVG) with, as absolute paths: Latin and Thai always, the CJK faces when
 * the text has Hangul, kana or ideographs. A file not installed throws `MissingFontError` (an image with its
 * script drawn as boxes is never sent); the SVG names its families (`fontFamilyCss`, or the voucher's list).
 */
export function fontFilesFor(text: string): string[] {
  const wanted = needsCjk(text) ? FONT_FILES : BASE_FILES;
  return wanted.map(requiredFontPath);
}

/** Where `font` is installed; throws `MissingFontError` when it is not. */
export function requiredFontPath(font: FontFile): string {
  const path = fontPath(font);
  if (path === undefined) throw new MissingFontError(font.path, font.package);
  return path;
}

const found = new Map<FontFile, string | undefined>();

/**
 * Where `font` is installed, or undefined: in its package's folder, found as Node finds a package (the
 * `node_modules` folders from this module's up), by its folder rather than `require.resolve` of the file,
 * since a package's `exports` may list no font.
 */
export function fontPath(font: FontFile): string | undefined {
  if (found.has(font)) return found.get(font);
  const folder = requireHere.resolve
    .paths(font.package)
    ?.map((modules) => join(modules, font.package))
    .find((candidate) => existsSync(join(candidate, "package.json")));
  const path = folder === undefined ? undefined : join(folder, font.path);
  const installed = path !== undefined && existsSync(path) ? path : undefined;
  found.set(font, installed);
  return installed;
}

const requireHere = createRequire(import.meta.url);
