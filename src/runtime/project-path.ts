/**
 * Files fairway reads from its own folder at run time (the locales, the Mini App's and the playground's
 * pages), found from the project's root: the nearest folder above the running module that holds a
 * package.json. The same code runs from src/ (tsx), from dist/ (tsc's build) and from dist/bundle/ (the
 * start bundle, `src/build/bundle.ts`), each at its own depth, so no path is counted in `../`.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The project's root folder (where package.json is); in the Docker image, /app. */
export function projectRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  root = dir;
  return root;
}

/** A path under the project's root, e.g. `projectPath("locales")`; a trailing slash is kept. */
export function projectPath(relative: string): string {
  const path = join(projectRoot(), relative);
  return relative.endsWith("/") && !path.endsWith("/") ? `${path}/` : path;
}
