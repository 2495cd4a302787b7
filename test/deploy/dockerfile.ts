/**
 * The Dockerfile read as Docker reads the parts of it the image test needs: its stages, each with its
 * working directory, environment, COPY lines (sources, destination, `--from`), RUN lines, HEALTHCHECK
 * and CMD. Line continuations, comments, global ARGs in FROM, `ENV k=v …` and exec-form (JSON) commands;
 * anything else this reader does not know throws, so a Dockerfile it would misread fails the test.
 */
import { posix } from "node:path";

/**
 * A COPY line: `sources` as written, `dest` absolute in its stage. As Docker does, a source folder's
 * contents go to `dest`; a file goes to `dest` itself, or into it when `intoFolder` (`dest` written
 * with a trailing `/`, or several sources).
 */
export interface Copy {
  /** The stage copied from (`--from=`), or undefined for the build context. */
  from?: string;
  sources: string[];
  dest: string;
  intoFolder: boolean;
}

export interface Stage {
  /** Its name (`AS name`), if any. */
  name?: string;
  image: string;
  /** WORKDIR at the end of the stage (Docker's default `/`). */
  workdir: string;
  env: Record<string, string>;
  copies: Copy[];
  runs: string[];
  /** HEALTHCHECK's command (exec form). */
  healthcheck?: string[];
  /** CMD (exec form). */
  cmd?: string[];
}

/** Where each of a COPY line's sources lands, in order: `dest`, or `dest/<name>` for a file into a folder. */
export function landings(copy: Copy, isFolder: (source: string) => boolean): string[] {
  return copy.sources.map((source) =>
    copy.intoFolder && !isFolder(source) ? posix.join(copy.dest, posix.basename(source)) : copy.dest,
  );
}

/** Parses a Dockerfile's text into its stages, in order (the last one is the image). */
export function parseDockerfile(text: string): Stage[] {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const match = /^(\w+)\s+(.*)$/s.exec(line);
    if (!match) throw new Error(`Dockerfile: cannot read ${JSON.stringify(line)}`);
    const instruction = match[1]!.toUpperCase();
    const rest = match[2]!.trim();
    if (instruction === "ARG" && stages.length === 0) {
      const [name, value = ""] = rest.split("=", 2) as [string, string?];
      args[name] = value;
      continue;
    }
    if (instruction === "FROM") {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest.replace(/\$\{(\w+)\}/g, (_, n: string) => args[n] ?? ""));
      if (!from) throw new Error(`Dockerfile: cannot read FROM ${rest}`);
      stages.push({
        image: from[1]!,
        ...(from[2] ? { name: from[2] } : {}),
        workdir: "/",
        env: {},
        copies: [],
        runs: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${instruction} before FROM`);
    switch (instruction) {
      case "WORKDIR":
        stage.workdir = posix.resolve(stage.workdir, rest);
        break;
      case "ENV":
        for (const pair of rest.split(/\s+/)) {
          const eq = pair.indexOf("=");
          if (eq < 1) throw new Error(`Dockerfile: ENV ${rest}: only the name=value form is read here`);
          stage.env[pair.slice(0, eq)] = pair.slice(eq + 1);
        }
        break;
      case "COPY":
        stage.copies.push(readCopy(rest, stage.workdir));
        break;
      case "RUN":
        stage.runs.push(rest);
        break;
      case "HEALTHCHECK":
        stage.healthcheck = execForm(/\bCMD\s+(.*)$/s.exec(rest)?.[1] ?? rest, "HEALTHCHECK");
        break;
      case "CMD":
        stage.cmd = execForm(rest, "CMD");
        break;
      case "USER":
      case "EXPOSE":
      case "LABEL":
        break;
      default:
        throw new Error(`Dockerfile: ${instruction} is not read by test/deploy/dockerfile.ts`);
    }
  }
  return stages;
}

/** Instructions one to a line: comments and blank lines dropped, `\` continuations joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = "";
  }
  if (pending !== "") lines.push(pending);
  return lines;
}

function readCopy(rest: string, workdir: string): Copy {
  const words = rest.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    if (flag.startsWith("--from=")) from = flag.slice("--from=".length);
    else if (!/^--(chown|chmod)=/.test(flag) && flag !== "--link")
      throw new Error(`Dockerfile: COPY ${flag} is not read here`);
  }
  if (words[0]?.startsWith("[")) throw new Error("Dockerfile: COPY's JSON form is not read here");
  if (words.length < 2) throw new Error(`Dockerfile: COPY ${rest} names no destination`);
  const dest = words.pop()!;
  return {
    ...(from ? { from } : {}),
    sources: words,
    dest: posix.resolve(workdir, dest),
    intoFolder: dest.endsWith("/") || words.length > 1,
  };
}

function execForm(text: string, what: string): string[] {
  const parsed: unknown = JSON.parse(text.trim());
  if (Array.isArray(parsed) && parsed.every((x): x is string => typeof x === "string")) return parsed;
  throw new Error(`Dockerfile: ${what} must be in exec form (a JSON array of strings)`);
}
