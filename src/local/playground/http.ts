/**
 * Small node:http helpers for the playground: JSON answers, JSON request bodies
 * and the static files of the page.
 */
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { projectPath } from "../../runtime/project-path.js";

/**
 * The page's files (HTML, CSS and browser JavaScript modules; no build step), in the source tree, whether this
 * runs from src/, from dist/ or from the start bundle.
 */
export const PUBLIC_DIR = projectPath("src/local/playground/public/");

const MAX_BODY_BYTES = 64 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** A request the playground refuses, with the HTTP status to answer. */
export class PlaygroundError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PlaygroundError";
  }
}

/** Answers with JSON (never cached: the page always wants the current state). */
export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

/**
 * Reads a JSON object body. Only `application/json` is accepted: a cross-site
 * page cannot send that without a CORS preflight, which the playground never
 * grants, so other sites cannot act as your simulated users.
 */
export async function readJson(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) {
    req.resume();
    throw new PlaygroundError(415, "send a JSON body (content-type: application/json)");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new PlaygroundError(413, "request body too large");
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new PlaygroundError(400, "the body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new PlaygroundError(400, "the body must be a JSON object");
  return value as Record<string, unknown>;
}

/**
 * Serves a file of the page: `/` is index.html; other paths must name a file
 * directly under public/ or public/js/ with a known extension. Returns false
 * when there is no such file.
 */
export async function serveStatic(pathname: string, res: ServerResponse): Promise<boolean> {
  const relative = pathname === "/" ? "index.html" : pathname.slice(1);
  if (!/^(js\/)?[a-z0-9][a-z0-9-]*\.(html|css|js|svg|png)$/.test(relative)) return false;
  const type = CONTENT_TYPES[extname(relative)];
  if (type === undefined) return false;
  let data: Buffer;
  try {
    data = await readFile(join(PUBLIC_DIR, relative));
  } catch {
    return false;
  }
  res.writeHead(200, {
    "content-type": type,
    "content-length": data.length,
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    ...(type.startsWith("text/html")
      ? {
          "content-security-policy":
            "default-src 'self'; img-src * data:; style-src 'self'; object-src 'none'; base-uri 'none'",
        }
      : {}),
  });
  res.end(data);
  return true;
}

/** `Content-Disposition` with a plain fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: "attachment" | "inline", fileName: string | undefined): string {
  if (fileName === undefined || fileName === "") return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
