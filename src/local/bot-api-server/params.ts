/**
 * Typed access to method parameters, whatever encoding they arrived in.
 * Form encodings carry strings (JSON-serialized objects for fields such as
 * reply_markup); `normalizeFields` turns the well-known ones back into numbers,
 * booleans and objects so `server.calls` looks the same for every encoding.
 */
import type { UploadedPart } from "./body.js";
import * as E from "./errors.js";

const JSON_FIELDS = new Set([
  "reply_markup",
  "entities",
  "caption_entities",
  "reply_parameters",
  "link_preview_options",
  "commands",
  "scope",
  "menu_button",
  "allowed_updates",
  "media",
  "results",
  "button",
]);
const NUMBER_FIELDS = new Set([
  "message_id",
  "offset",
  "limit",
  "timeout",
  "reply_to_message_id",
  "message_thread_id",
  "cache_time",
  "max_connections",
  "user_id",
  "horizontal_accuracy",
  "live_period",
  "heading",
  "proximity_alert_radius",
  "latitude",
  "longitude",
]);
const BOOLEAN_FIELDS = new Set([
  "show_alert",
  "disable_notification",
  "protect_content",
  "drop_pending_updates",
  "allow_sending_without_reply",
  "disable_web_page_preview",
  "has_spoiler",
  "show_caption_above_media",
  "disable_content_type_detection",
  "allow_paid_broadcast",
  "for_channels",
  "is_personal",
]);

/** Converts well-known string form fields to the JSON types Telegram documents. */
export function normalizeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = typeof value === "string" ? normalizeValue(key, value) : value;
  }
  return out;
}

function normalizeValue(key: string, value: string): unknown {
  if (JSON_FIELDS.has(key)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value; // the method reports Telegram's "can't parse ..." error
    }
  }
  if ((NUMBER_FIELDS.has(key) || key === "chat_id") && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (BOOLEAN_FIELDS.has(key) && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** A parameter given as the object itself or as its JSON serialization; unparsable JSON is Telegram's `error`. */
export function fromJson(value: unknown, error: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw E.badRequest(error);
  }
}

/** Parameters of one call plus its uploaded file parts. */
export class Params {
  constructor(
    readonly values: Record<string, unknown>,
    readonly files: ReadonlyMap<string, UploadedPart> = new Map(),
  ) {}

  /** The raw value (undefined if absent or null). */
  raw(name: string): unknown {
    const v = this.values[name];
    return v === null ? undefined : v;
  }

  /** A string parameter; numbers and booleans are stringified like Telegram does. */
  string(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    throw E.badRequest(`Bad Request: field "${name}" must be of type String`);
  }

  /** A numeric parameter (accepts numeric strings). */
  number(name: string): number | undefined {
    const v = this.raw(name);
    if (v === undefined || v === "") return undefined;
    const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) throw E.badRequest(`Bad Request: field "${name}" must be a valid Number`);
    return n;
  }

  /** A boolean parameter ("true"/"false" strings accepted). */
  bool(name: string): boolean {
    const v = this.raw(name);
    return v === true || v === "true" || v === 1 || v === "1";
  }

  /** `chat_id`: an integer id or an `@username`; Telegram's "chat_id is empty" when missing. */
  chatId(): number | string {
    const v = this.raw("chat_id");
    if (v === undefined || v === "") throw E.badRequest(E.CHAT_ID_EMPTY);
    if (typeof v === "number") return v;
    if (typeof v === "string") return /^-?\d+$/.test(v.trim()) ? Number(v) : v;
    throw E.badRequest(E.CHAT_NOT_FOUND);
  }

  /** `message_id`, required. */
  messageId(): number {
    const id = this.number("message_id");
    if (id === undefined) throw E.badRequest(E.MESSAGE_ID_INVALID);
    return id;
  }
}
