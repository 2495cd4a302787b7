/**
 * Request body parsing: JSON, application/x-www-form-urlencoded and
 * multipart/form-data (with uploaded files kept as bytes).
 *
 * Node's built-in `Request.formData()` rejects the multipart bodies grammY
 * produces (header lines written as `content-disposition:form-data;...` and an
 * unquoted `filename=`), which Telegram accepts, so multipart is parsed here.
 */
import type { IncomingMessage } from "node:http";
import { ApiError } from "./errors.js";

/** A file part of a multipart request. */
export interface UploadedPart {
  /** Form field name (the id in grammY's `attach://<id>`). */
  field: string;
  filename: string;
  /** Content-Type declared for the part (grammY sends application/octet-stream). */
  contentType: string;
  data: Buffer;
}

/** Fields (strings for form encodings, any JSON for JSON bodies) and file parts. */
export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Map<string, UploadedPart>;
}

/** Reads the whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses a body by its Content-Type; query-string parameters are merged underneath. */
export function parseBody(contentType: string | undefined, raw: Buffer, query: URLSearchParams): ParsedBody {
  const fields: Record<string, unknown> = Object.fromEntries(query);
  const files = new Map<string, UploadedPart>();
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (raw.length === 0) return { fields, files };
  if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString("utf8")) as unknown;
    } catch {
      throw new ApiError(400, "Bad Request: can't parse JSON object");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ApiError(400, "Bad Request: can't parse JSON object");
    }
    return { fields: { ...fields, ...(parsed as Record<string, unknown>) }, files };
  }
  if (type === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(raw.toString("utf8"))) fields[k] = v;
    return { fields, files };
  }
  if (type === "multipart/form-data") {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
    const value = boundary?.[1] ?? boundary?.[2]?.trim();
    if (value === undefined) throw new ApiError(400, "Bad Request: multipart boundary is missing");
    for (const part of parseMultipart(raw, value)) {
      if (part.filename === undefined) fields[part.name] = part.data.toString("utf8");
      else
        files.set(part.name, {
          field: part.name,
          filename: part.filename,
          contentType: part.contentType,
          data: part.data,
        });
    }
    return { fields, files };
  }
  throw new ApiError(400, `Bad Request: unsupported Content-Type ${type}`);
}

interface RawPart {
  name: string;
  filename: string | undefined;
  contentType: string;
  data: Buffer;
}

/** Splits a multipart/form-data body into parts. Tolerates header lines without a space after ":". */
export function parseMultipart(raw: Buffer, boundary: string): RawPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: RawPart[] = [];
  let pos = raw.indexOf(delimiter);
  if (pos < 0) throw new ApiError(400, "Bad Request: malformed multipart body");
  pos += delimiter.length;
  for (;;) {
    if (raw.subarray(pos, pos + 2).toString() === "--") break;
    if (raw.subarray(pos, pos + 2).toString() === "\r\n") pos += 2;
    const end = raw.indexOf(next, pos);
    if (end < 0) throw new ApiError(400, "Bad Request: malformed multipart body");
    const part = raw.subarray(pos, end);
    const headerEnd = part.indexOf("\r\n\r\n");
    const headerText = (headerEnd < 0 ? part : part.subarray(0, headerEnd)).toString("utf8");
    const data = headerEnd < 0 ? Buffer.alloc(0) : Buffer.from(part.subarray(headerEnd + 4));
    const headers = new Map<string, string>();
    for (const line of headerText.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = parseDisposition(headers.get("content-disposition") ?? "");
    const name = disposition.get("name");
    if (name !== undefined) {
      parts.push({
        name,
        filename: disposition.get("filename*") ?? disposition.get("filename"),
        contentType: headers.get("content-type") ?? "application/octet-stream",
        data,
      });
    }
    pos = end + next.length;
  }
  return parts;
}

/** Parameters of a Content-Disposition header; values may be quoted or bare (up to the next `;`). */
function parseDisposition(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([A-Za-z*-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of header.matchAll(re)) {
    const key = (m[1] ?? "").toLowerCase();
    let value = (m[2] ?? "").trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    if (key === "filename*") {
      const ext = /^[^']*'[^']*'(.*)$/.exec(value);
      value = decodeURIComponent(ext?.[1] ?? value);
    }
    params.set(key, value);
  }
  return params;
}
