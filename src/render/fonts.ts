/**
 * The fonts images are drawn with: files of Debian's font packages, which the Docker image and CI install
 * (`fonts-dejavu-core` for Latin, `fonts-thai-tlwg` for Thai, `fonts-noto-cjk` for Korean, Japanese and
 * Chinese). Named by file, not found by scanning the system, so a render never reads the machine's other
 * fonts and every machine with the packages draws the same pixels. Charts ask for DejaVu Sans, Loma, then
 * Noto Sans CJK SC (`fontFamilyCss`); vouchers for Loma (Thai and Latin) and Noto Sans CJK JP.
 */
import { existsSync } from "node:fs";

/** The font families of the files below, in the order a drawing should ask for them: Latin, Thai, CJK. */
export const FONT_FAMILIES = ["DejaVu Sans", "Loma", "Noto Sans CJK SC"] as const;

/**
 * A CSS `font-family` list for SVG text in `language` (a BCP 47 tag or fairway's locale): `FONT_FAMILIES`,
 * with the Thai font first for Thai. resvg takes a whole run in the first family that has its first
 * letter, falling back without regard to weight, so Thai text asks for its font first to be bold where
 * it should (the Thai font has Latin letters and digits too).
 */
export function fontFamilyCss(language = "en"): string {
  const thai = language === "th" || language.startsWith("th-");
  const families = thai ? [FONT_FAMILIES[1], FONT_FAMILIES[0], FONT_FAMILIES[2]] : FONT_FAMILIES;
  return families.map((f) => `'${f}'`).join(", ");
}

/** Latin and Thai: small files, read for every drawing. */
const BASE_FILES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/truetype/tlwg/Loma.ttf",
  "/usr/share/fonts/truetype/tlwg/Loma-Bold.ttf",
];

/** Korean, Japanese and Chinese: 19 MB collections that take resvg about a second to read, so only when needed. */
const CJK_FILES = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
];

/** Hangul, kana and CJK ideographs (and their punctuation and full-width forms). */
const CJK_TEXT = /[\u1100-\u11ff\u3000-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/u;

/** The Debian packages that hold `FONT_FILES`: the Docker image and `.ci/run` install them. */
export const FONT_PACKAGES = ["fonts-dejavu-core", "fonts-thai-tlwg", "fonts-noto-cjk"] as const;

/** Every font file this module knows (what the Docker image must hold). */
export const FONT_FILES: readonly string[] = [...BASE_FILES, ...CJK_FILES];

/** Thrown when a font file is not on this machine: names the file and the package to install. */
export class MissingFontError extends Error {
  override readonly name = "MissingFontError";
  constructor(
    readonly file: string,
    readonly debianPackage: string,
  ) {
    super(`font file ${file} is missing: install Debian's ${debianPackage} (apt-get install ${debianPackage})`);
  }
}

/** The package a file of `FONT_FILES` comes from. */
function packageOf(file: string): string {
  return file.includes("/dejavu/")
    ? "fonts-dejavu-core"
    : file.includes("/tlwg/")
      ? "fonts-thai-tlwg"
      : "fonts-noto-cjk";
}

/** Whether `text` needs the CJK collections (Hangul, kana, ideographs). */
export function needsCjk(text: string): boolean {
  return CJK_TEXT.test(text);
}

/**
 * The font files to draw `text` (an SVG) with: Latin and Thai always, the CJK collections when the text
 * has Hangul, kana or ideographs. A file missing on this machine throws `MissingFontError` (an image
 * with its script drawn as boxes is never sent); the SVG names its families (`fontFamilyCss`, or the
 * voucher's own list).
 */
export function fontFilesFor(text: string): string[] {
  const wanted = needsCjk(text) ? FONT_FILES : BASE_FILES;
  for (const file of wanted) if (!present(file)) throw new MissingFontError(file, packageOf(file));
  return [...wanted];
}

const presence = new Map<string, boolean>();

function present(file: string): boolean {
  let found = presence.get(file);
  if (found === undefined) {
    found = existsSync(file);
    presence.set(file, found);
  }
  return found;
}
