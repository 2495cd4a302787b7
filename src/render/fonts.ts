/**
 * The font files fairway draws images with: Debian's packages, installed by the project itself
 * (`.ci/run`, the Dockerfile's runtime stage), never the machine's other fonts, so an image looks the
 * same wherever it is drawn. TLWG's Loma (fonts-thai-tlwg) draws Thai and Latin; Noto Sans CJK
 * (fonts-noto-cjk) draws Chinese, Japanese and Korean.
 */
import { existsSync } from "node:fs";

/** A family and the files that draw it, with the Debian package that installs them. */
export interface FontFamily {
  family: string;
  package: string;
  files: readonly string[];
}

/** Thai and Latin. */
export const THAI_LATIN: FontFamily = {
  family: "Loma",
  package: "fonts-thai-tlwg",
  files: ["/usr/share/fonts/truetype/tlwg/Loma.ttf", "/usr/share/fonts/truetype/tlwg/Loma-Bold.ttf"],
};

/** Chinese, Japanese and Korean (one collection holds every region's faces). */
export const CJK: FontFamily = {
  family: "Noto Sans CJK JP",
  package: "fonts-noto-cjk",
  files: [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
  ],
};

/** Thrown when a font file is not on this machine: names the file and the package to install. */
export class MissingFontError extends Error {
  constructor(
    readonly file: string,
    readonly debianPackage: string,
  ) {
    super(`font file ${file} is missing: install Debian's ${debianPackage} (apt-get install ${debianPackage})`);
    this.name = "MissingFontError";
  }
}

/** Whether `text` needs the CJK family (Han, kana, hangul). */
export function needsCjk(text: string): boolean {
  return /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/u.test(text);
}

/**
 * The families for `text` (Thai and Latin always; CJK only when the text has such characters, since its
 * collections are large to load) and their files, each checked to be there.
 */
export function fontsFor(text: string): { families: string[]; files: string[] } {
  const families = needsCjk(text) ? [THAI_LATIN, CJK] : [THAI_LATIN];
  for (const f of families)
    for (const file of f.files) if (!existsSync(file)) throw new MissingFontError(file, f.package);
  return { families: families.map((f) => f.family), files: families.flatMap((f) => [...f.files]) };
}
