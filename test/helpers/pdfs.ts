import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { Harness } from "./harness.js";

/** A PDF the bot sent: its message's caption, file name, bytes and text as poppler's pdftotext reads it. */
export interface SentPdf {
  caption: string;
  filename: string;
  bytes: Buffer;
  /** pdftotext's lines, trimmed, empty ones dropped. */
  lines: string[];
  text: string;
}

/** The PDFs the bot sent to `user`, oldest first, read back by pdftotext (a reader fairway did not write). */
export function pdfsOf(h: Pick<Harness, "telegram">, user: SimulatedUser): SentPdf[] {
  return user
    .messages()
    .filter((m) => m.document?.file_name?.endsWith(".pdf"))
    .map((m) => {
      const bytes = h.telegram.file(m.document!.file_id)!.data!;
      const path = join(mkdtempSync(join(tmpdir(), "fairway-pdf-")), "document.pdf");
      writeFileSync(path, bytes);
      const text = execFileSync("pdftotext", ["-enc", "UTF-8", path, "-"], { encoding: "utf8" });
      const lines = text
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== "");
      return { caption: m.caption ?? "", filename: m.document!.file_name ?? "", bytes, lines, text };
    });
}
