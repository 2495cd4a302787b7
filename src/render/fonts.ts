/**
 * The fonts images are drawn with: files of Debian's font packages, which the Docker image and CI install
 * (`fonts-dejavu-core` for Latin, `fonts-thai-tlwg` for Thai, `fonts-noto-cjk` for Korean, Japanese and
 * Chinese). Named by file, not found by scanning the system, so a render never reads the machine's other
 * fonts and every machine with the packages draws the same pixels.
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

/** Korean, Japanese and Chinese: a 19 MB collection that takes resvg about a second to read, so only when needed. */
const CJK_FILES = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"];

/** Hangul, kana and CJK ideographs (and their punctuation and full-width forms). */
const CJK_TEXT = /[\u1100-\u11ff\u3000-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/u;

/** The Debian packages that hold `FONT_FILES`: the Docker image and `.ci/run` install them. */
export const FONT_PACKAGES = ["fonts-dejavu-core", "fonts-thai-tlwg", "fonts-noto-cjk"] as const;

/** Every font file this module knows (what the Docker image must hold). */
export const FONT_FILES: readonly string[] = [...BASE_FILES, ...CJK_FILES];

/**
 * The font files to draw `text` (an SVG) with: Latin and Thai always, the CJK collection when the text
 * has Hangul, kana or ideographs. Only files present on this machine (a missing package leaves its
 * script drawn as boxes).
 */
export function fontFilesFor(text: string): string[] {
  const wanted = CJK_TEXT.test(text) ? FONT_FILES : BASE_FILES;
  return wanted.filter((f) => present(f));
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
