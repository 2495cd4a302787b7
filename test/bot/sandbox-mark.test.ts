import type { ApiCallFn, RawApi } from "grammy";
import { describe, expect, it } from "vitest";
import { formatText } from "../../src/local/bot-api-server/text.js";
import {
  CAPTION_LIMIT,
  createSandboxMark,
  fitHtml,
  shownLength,
  TEXT_LIMIT,
  withMark,
} from "../../src/bot/sandbox-mark.js";

const MARK = "🧪 SANDBOX — not real bookings";

/** What Telegram would show for `text` sent with `parseMode` (the local Bot API server's pipeline: it throws on bad HTML or a text too long). */
function shown(text: string, parseMode?: string, kind: "text" | "caption" = "text") {
  return formatText(text, parseMode, undefined, { kind });
}

describe("withMark", () => {
  it("puts the mark on a first line of its own, escaped for HTML, and leaves a marked text as it is", () => {
    const html = "<b>Reservation GT1</b>\nCourse &amp; date";
    const marked = withMark(html, MARK, { parseMode: "HTML", limit: TEXT_LIMIT });
    expect(marked.text).toBe(`${MARK}\n${html}`);
    expect(shown(marked.text, "HTML")?.text).toBe(`${MARK}\nReservation GT1\nCourse & date`);
    expect(withMark(marked.text, MARK, { parseMode: "HTML", limit: TEXT_LIMIT }).text).toBe(marked.text);
    expect(withMark("<b>x</b>", "A < B & C", { parseMode: "HTML", limit: TEXT_LIMIT }).text).toBe(
      "A &lt; B &amp; C\n<b>x</b>",
    );
    expect(withMark("x", "Not (real).", { parseMode: "MarkdownV2", limit: TEXT_LIMIT }).text).toBe(
      "Not \\(real\\)\\.\nx",
    );
  });

  it("shifts explicit entities past the mark (UTF-16 offsets: the emoji counts two)", () => {
    const marked = withMark("Pay 100", MARK, { entities: [{ type: "bold", offset: 4, length: 3 }], limit: TEXT_LIMIT });
    expect(marked.text).toBe(`${MARK}\nPay 100`);
    const [bold] = marked.entities!;
    expect(marked.text.slice(bold!.offset, bold!.offset + bold!.length)).toBe("100");
  });

  it("a caption that was absent becomes the mark alone", () => {
    expect(withMark("", MARK, { parseMode: "HTML", limit: CAPTION_LIMIT }).text).toBe(MARK);
  });

  it("a text at Telegram's limit loses its last whole lines to the mark, its tags closed, and stays within the limit", () => {
    const lines = Array.from(
      { length: 80 },
      (_, i) => `• <b>GT${String(i).padStart(4, "0")}</b> Somchai &amp; friends · ฿2,500`,
    );
    const html = `<b>Latest bookings</b>\n<blockquote>${lines.join("\n")}\n</blockquote>`;
    const long = html.replace("\n</blockquote>", `\n${"x".repeat(TEXT_LIMIT - shownLength(html))}</blockquote>`);
    expect(shownLength(long)).toBe(TEXT_LIMIT);
    const marked = withMark(long, MARK, { parseMode: "HTML", limit: TEXT_LIMIT }).text;
    const result = shown(marked, "HTML")!;
    expect(result.text.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(result.text.startsWith(`${MARK}\nLatest bookings\n• GT0000 Somchai & friends`)).toBe(true);
    expect(result.text).toMatch(/• GT0079 Somchai & friends · ฿2,500…$/);
    expect(marked.endsWith("…</blockquote>")).toBe(true);
  });

  it("a single long line is cut at the last character that fits, never inside an entity or a Thai cluster", () => {
    const body = `<i>${"ก่".repeat(600)}&amp;${"ข้".repeat(600)}</i>`;
    const marked = withMark(body, MARK, { parseMode: "HTML", limit: CAPTION_LIMIT }).text;
    const result = shown(marked, "HTML", "caption")!;
    expect(result.text.length).toBeLessThanOrEqual(CAPTION_LIMIT);
    expect(result.text.length).toBeGreaterThan(CAPTION_LIMIT - 4);
    expect(result.text.endsWith("่…")).toBe(true);
    expect(marked.endsWith("…</i>")).toBe(true);
    // Plain text too: cut between clusters, with the ellipsis.
    const plain = withMark("ข้".repeat(3000), MARK, { limit: TEXT_LIMIT }).text;
    expect(plain.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(plain.endsWith("ข้…")).toBe(true);
  });

  it("fitHtml returns HTML that fits unchanged", () => {
    expect(fitHtml("<b>a</b> &lt;3", 4)).toBe("<b>a</b> &lt;3");
    expect(fitHtml("<b>abc</b>", 2)).toBe("<b>a…</b>");
  });
});

describe("createSandboxMark", () => {
  /** The transformer over a fake Bot API that records what it was asked. */
  function harness() {
    const seen: { method: string; payload: Record<string, unknown> }[] = [];
    const asked: (number | string | undefined)[] = [];
    const { transformer } = createSandboxMark({
      markFor: (chatId) => {
        asked.push(chatId);
        return Promise.resolve(chatId === 42 ? "🧪 แซนด์บ็อกซ์ — ไม่ใช่การจองจริง" : MARK);
      },
    });
    const prev = ((method: string, payload: Record<string, unknown>) => {
      seen.push({ method, payload });
      return Promise.resolve({ ok: true, result: true });
    }) as unknown as ApiCallFn<RawApi>;
    const call = (method: string, payload: Record<string, unknown>) =>
      transformer(prev, method as keyof RawApi, payload as never);
    return { seen, asked, call };
  }

  it("marks texts, captions (an absent one too) and inline cards in the chat's language; other calls pass unchanged", async () => {
    const { seen, asked, call } = harness();
    const message = { chat_id: 42, text: "<b>สวัสดี</b>", parse_mode: "HTML" };
    await call("sendMessage", message);
    await call("editMessageText", { chat_id: 7, message_id: 1, text: "Held" });
    await call("sendPhoto", { chat_id: 7, photo: "file-id" });
    await call("sendDocument", { chat_id: 7, document: "file-id", caption: "Report" });
    await call("answerInlineQuery", {
      inline_query_id: "q",
      results: [
        { type: "article", id: "a", title: "T", input_message_content: { message_text: "Card", parse_mode: "HTML" } },
      ],
    });
    await call("answerCallbackQuery", { callback_query_id: "c", text: "Done" });
    await call("setMyCommands", { commands: [] });
    expect(seen.map((s) => s.payload)).toEqual([
      { chat_id: 42, text: "🧪 แซนด์บ็อกซ์ — ไม่ใช่การจองจริง\n<b>สวัสดี</b>", parse_mode: "HTML" },
      { chat_id: 7, message_id: 1, text: `${MARK}\nHeld` },
      { chat_id: 7, photo: "file-id", caption: MARK },
      { chat_id: 7, document: "file-id", caption: `${MARK}\nReport` },
      {
        inline_query_id: "q",
        results: [
          {
            type: "article",
            id: "a",
            title: "T",
            input_message_content: { message_text: `${MARK}\nCard`, parse_mode: "HTML" },
          },
        ],
      },
      { callback_query_id: "c", text: "Done" },
      { commands: [] },
    ]);
    expect(asked).toEqual([42, 7, 7, 7, undefined]);
    // The caller's payload is never changed: a retry of it is marked once.
    expect(message.text).toBe("<b>สวัสดี</b>");
  });
});
