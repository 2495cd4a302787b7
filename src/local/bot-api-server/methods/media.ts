/**
 * sendDocument, sendPhoto (upload, file_id or HTTP URL), sendLocation, sendVenue, getFile (the files users sent, for the download path).
 */
import type { Message } from "grammy/types";
import type { MethodHandler, ServerContext } from "../context.js";
import * as E from "../errors.js";
import type { Params } from "../params.js";
import type { StoredFile } from "../store.js";
import { type FormattedText, formatText } from "../text.js";
import { sendBotMessage } from "./common.js";

const MIME_BY_EXTENSION: Record<string, string> = {
  ics: "text/calendar",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  json: "application/json",
  html: "text/html",
  zip: "application/zip",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

/** Telegram derives a document's MIME type from the file name, falling back to the declared one. */
export function mimeFor(fileName: string | undefined, declared: string | undefined): string {
  const ext = fileName?.split(".").pop()?.toLowerCase();
  const known = ext !== undefined ? MIME_BY_EXTENSION[ext] : undefined;
  if (known !== undefined) return known;
  return declared !== undefined && declared !== "" ? declared : "application/octet-stream";
}

/**
 * Resolves an InputFile parameter: `attach://` upload, a part named like the field, a known file_id, or
 * an HTTP URL. `field` is the kind the file is sent as; a document's file_id is refused as a photo.
 */
function resolveFile(ctx: ServerContext, p: Params, field: "photo" | "document"): StoredFile {
  const value = p.raw(field);
  let part = value === undefined ? p.files.get(field) : undefined;
  if (typeof value === "string" && value.startsWith("attach://")) {
    part = p.files.get(value.slice("attach://".length));
    if (part === undefined) throw E.badRequest(E.WRONG_FILE);
  }
  if (part !== undefined) {
    if (part.data.length === 0) throw E.badRequest(E.FILE_MUST_BE_NON_EMPTY);
    return ctx.store.addFile({
      file_name: part.filename,
      mime_type: mimeFor(part.filename, part.contentType),
      content_type: part.contentType,
      file_size: part.data.length,
      data: part.data,
      kind: field,
    });
  }
  if (value === undefined || value === "") throw E.badRequest(`Bad Request: there is no ${field} in the request`);
  if (typeof value !== "string") throw E.badRequest(E.WRONG_FILE);
  const known = ctx.store.files.get(value);
  if (known?.kind === "document" && field === "photo") throw E.badRequest(E.DOCUMENT_AS_PHOTO);
  if (known !== undefined) return known;
  if (/^https?:\/\/[^\s/]+\S*$/i.test(value)) {
    const name = decodeURIComponent(new URL(value).pathname.split("/").pop() ?? "") || undefined;
    return ctx.store.addFile({
      ...(name !== undefined ? { file_name: name } : {}),
      mime_type: mimeFor(name, undefined),
      file_size: 0,
      url: value,
    });
  }
  throw E.badRequest(E.WRONG_FILE);
}

function caption(ctx: ServerContext, p: Params): FormattedText | undefined {
  return formatText(p.string("caption"), p.string("parse_mode"), p.raw("caption_entities"), {
    kind: "caption",
    strictAmpersand: ctx.settings.strictHtmlAmpersand,
  });
}

function captionFields(c: FormattedText | undefined): Pick<Message, "caption" | "caption_entities"> {
  if (c === undefined) return {};
  return { caption: c.text, ...(c.entities.length > 0 ? { caption_entities: c.entities } : {}) };
}

/** sendDocument: keeps uploaded bytes, name and MIME type in `message.file`. */
export const sendDocument: MethodHandler = (ctx, p) => {
  const c = caption(ctx, p);
  const file = resolveFile(ctx, p, "document");
  return sendBotMessage(ctx, p, {
    content: {
      document: {
        file_id: file.file_id,
        file_unique_id: file.file_unique_id,
        ...(file.file_name !== undefined ? { file_name: file.file_name } : {}),
        ...(file.mime_type !== undefined ? { mime_type: file.mime_type } : {}),
        file_size: file.file_size,
      },
      ...captionFields(c),
    },
    file,
    ...(c?.html !== undefined ? { html: c.html } : {}),
  });
};

/** sendPhoto: upload, file_id or URL (the URL is not fetched). */
export const sendPhoto: MethodHandler = (ctx, p) => {
  const c = caption(ctx, p);
  const file = resolveFile(ctx, p, "photo");
  return sendBotMessage(ctx, p, {
    content: {
      photo: [
        {
          file_id: file.file_id,
          file_unique_id: file.file_unique_id,
          width: 800,
          height: 600,
          file_size: file.file_size,
        },
      ],
      ...captionFields(c),
      ...(p.bool("has_spoiler") ? { has_media_spoiler: true as const } : {}),
    },
    file,
    ...(c?.html !== undefined ? { html: c.html } : {}),
  });
};

function location(p: Params): { latitude: number; longitude: number; horizontal_accuracy?: number } {
  const latitude = p.number("latitude");
  const longitude = p.number("longitude");
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw E.badRequest(E.WRONG_LOCATION);
  }
  const accuracy = p.number("horizontal_accuracy");
  return { latitude, longitude, ...(accuracy !== undefined ? { horizontal_accuracy: accuracy } : {}) };
}

/** getFile: a file's path for the download route (`/file/bot<token>/<file_path>`); only files with bytes. */
export const getFile: MethodHandler = (ctx, p) => {
  const id = p.string("file_id");
  const file = id !== undefined ? ctx.store.files.get(id) : undefined;
  if (file === undefined || file.data === undefined) throw E.badRequest("Bad Request: invalid file_id");
  return {
    file_id: file.file_id,
    file_unique_id: file.file_unique_id,
    file_size: file.file_size,
    file_path: `files/${file.file_id}`,
  };
};

/** sendLocation. */
export const sendLocation: MethodHandler = (ctx, p) => {
  const loc = location(p);
  return sendBotMessage(ctx, p, { content: { location: loc } });
};

/** sendVenue: message carries both `venue` and `location`, like Telegram's. */
export const sendVenue: MethodHandler = (ctx, p) => {
  const loc = location(p);
  const title = p.string("title") ?? "";
  const address = p.string("address") ?? "";
  if (title.trim() === "" || address.trim() === "") throw E.badRequest(E.VENUE_FIELDS_REQUIRED);
  const optional = ["foursquare_id", "foursquare_type", "google_place_id", "google_place_type"] as const;
  const extra = Object.fromEntries(optional.flatMap((k) => (p.string(k) !== undefined ? [[k, p.string(k)]] : [])));
  const { latitude, longitude } = loc;
  return sendBotMessage(ctx, p, {
    content: {
      venue: { location: { latitude, longitude }, title, address, ...extra },
      location: { latitude, longitude },
    },
  });
};
