/**
 * Reading an error answer: the partner's message from whatever body came back (JSON, plain text,
 * an HTML error page) and the `Retry-After` header. Never returns raw HTML.
 */

/** Longest partner message kept, in characters (longer ones end with `…`). */
export const MAX_PARTNER_MESSAGE_LENGTH = 300;

export interface ExtractedMessage {
  /** The partner's message, reduced to one trimmed line; `""` when the body says nothing. */
  message: string;
  /** The partner's own error code when the JSON body has one (kept for logs; never relied on). */
  code?: string;
}

/**
 * Extracts the partner's message from an error body. JSON: the first text among `message`,
 * `error.message`, `error` (a string), `errors[0].message` (or `errors[0]` as a string), `detail`,
 * `msg`; a JSON string is the message itself. HTML: the `<title>`, else the first `<h1>`, as text.
 * Anything else: the text itself. The result has no markup, no control characters and at most
 * `MAX_PARTNER_MESSAGE_LENGTH` characters.
 */
export function extractPartnerMessage(body: string, contentType = ""): ExtractedMessage {
  const text = body.trim();
  if (text === "") return { message: "" };
  const json = tryParseJson(text, contentType);
  if (json.ok) return fromJson(json.value);
  if (/html|xml/i.test(contentType) || looksLikeMarkup(text)) return { message: fromHtml(text) };
  return { message: clean(text) };
}

function tryParseJson(text: string, contentType: string): { ok: true; value: unknown } | { ok: false } {
  if (!/json/i.test(contentType) && !/^[{["]/.test(text)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function fromJson(value: unknown): ExtractedMessage {
  if (typeof value === "string") return { message: clean(value) };
  if (!isRecord(value)) return { message: "" };
  const error = value.error;
  const firstOfErrors = Array.isArray(value.errors) ? (value.errors[0] as unknown) : undefined;
  const detail = Array.isArray(value.detail) ? (value.detail[0] as unknown) : value.detail;
  const candidates: unknown[] = [
    value.message,
    isRecord(error) ? error.message : undefined,
    error,
    isRecord(firstOfErrors) ? firstOfErrors.message : firstOfErrors,
    isRecord(detail) ? (detail.msg ?? detail.message) : detail,
    value.msg,
  ];
  const found = candidates.find((c): c is string => typeof c === "string" && c.trim() !== "");
  const codeCandidate = value.code ?? (isRecord(error) ? error.code : undefined);
  const code = typeof codeCandidate === "string" && codeCandidate !== "" ? codeCandidate.slice(0, 64) : undefined;
  const result: ExtractedMessage = { message: found === undefined ? "" : clean(found) };
  if (code !== undefined) result.code = code;
  return result;
}

function looksLikeMarkup(text: string): boolean {
  return /<\s*(!doctype|html|head|body|title|h1|div|p|center|hr)\b/i.test(text);
}

function fromHtml(html: string): string {
  const pick = (tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, "i").exec(html)?.[1];
  const inner = [pick("title"), pick("h1")].map((t) => (t === undefined ? "" : clean(t))).find((t) => t !== "");
  return inner ?? "";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Strips tags, decodes the common entities, drops control characters, collapses space, bounds length. */
function clean(text: string): string {
  const decoded = text
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref.startsWith("#")) {
        const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 31 && code < 0x110000 ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    // Decoded entities may have produced markup again (`&lt;script&gt;`): drop it too.
    .replace(/<[^>]*>/g, " ")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (decoded.length <= MAX_PARTNER_MESSAGE_LENGTH) return decoded;
  return `${decoded.slice(0, MAX_PARTNER_MESSAGE_LENGTH - 1).trimEnd()}…`;
}

/**
 * Milliseconds to wait according to a `Retry-After` header: delay-seconds (`"3"`, `"1.5"`) or an
 * HTTP date. `undefined` when absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its weekday and month in letters; `Date.parse` alone accepts "-1" as a year.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
