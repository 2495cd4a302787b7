/**
 * What the page receives: Telegram messages as the local Bot API server keeps
 * them, with the file's bytes replaced by a link the page can download or show.
 */
import type { ChatMessage, StoredFile } from "../bot-api-server/index.js";

/** A file as the page sees it: metadata and where to get it. */
export interface FileView {
  file_id: string;
  file_name?: string;
  mime_type?: string;
  file_size: number;
  /** `/playground/file/<id>` for uploads, the original URL for files sent by URL. */
  href: string;
  /** True when the bot sent a URL (the page loads it from there, if it can). */
  external: boolean;
}

/** A message as the page sees it. */
export type MessageView = Omit<ChatMessage, "file"> & { file?: FileView };

/** The page's link to a file: the playground serves uploads, URLs stay where they are. */
export function fileView(file: StoredFile): FileView {
  const external = file.data === undefined && file.url !== undefined;
  return {
    file_id: file.file_id,
    ...(file.file_name !== undefined ? { file_name: file.file_name } : {}),
    ...(file.mime_type !== undefined ? { mime_type: file.mime_type } : {}),
    file_size: file.file_size,
    href: external && file.url !== undefined ? file.url : `/playground/file/${encodeURIComponent(file.file_id)}`,
    external,
  };
}

/** Drops the file bytes (and anything else the JSON cannot carry) from a message. */
export function messageView(message: ChatMessage): MessageView {
  const { file, ...rest } = message;
  return { ...rest, ...(file !== undefined ? { file: fileView(file) } : {}) };
}
