import { GrammyError, InputFile } from "grammy";
import { describe, expect, test } from "vitest";
import { botFor, startServer } from "./helpers.js";

/** The GrammyError description a call fails with. */
async function failure(promise: Promise<unknown>): Promise<{ code: number; description: string; retryAfter?: number }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GrammyError);
  const e = err as GrammyError;
  return {
    code: e.error_code,
    description: e.description,
    ...(e.parameters.retry_after !== undefined ? { retryAfter: e.parameters.retry_after } : {}),
  };
}

async function setup() {
  const server = await startServer({ clock: () => 1_700_000_000_000 });
  const bot = botFor(server);
  const alice = server.user({ id: 42, first_name: "Alice", username: "alice" });
  return { server, api: bot.api, alice };
}

describe("sendMessage", () => {
  test("returns Telegram's Message shape; ids increase per chat, shared with the user's messages", async () => {
    const { api, alice, server } = await setup();
    alice.send("/start");
    const m = await api.sendMessage(42, "Hello");
    expect(m).toEqual({
      message_id: 2,
      from: { id: 123456, is_bot: true, first_name: "fairway", username: "fairway_test_bot" },
      chat: { id: 42, type: "private", first_name: "Alice", username: "alice" },
      date: 1_700_000_000,
      text: "Hello",
    });
    expect((await api.sendMessage(42, "again")).message_id).toBe(3);
    const bob = server.user({ id: 43 });
    bob.send("hi");
    expect((await api.sendMessage(43, "hi bob")).message_id).toBe(2);
  });

  test("HTML is parsed into text + entities; the raw HTML is kept", async () => {
    const { api, alice } = await setup();
    const html =
      '<b>Tee</b> at <i>Siam &amp; Co</i> <a href="https://x.example/b?id=1&amp;s=2">book</a> <code>07:30</code>';
    const m = await api.sendMessage(42, html, { parse_mode: "HTML" });
    expect(m.text).toBe("Tee at Siam & Co book 07:30");
    expect(m.entities).toEqual([
      { type: "bold", offset: 0, length: 3 },
      { type: "italic", offset: 7, length: 9 },
      { type: "text_link", offset: 17, length: 4, url: "https://x.example/b?id=1&s=2" },
      { type: "code", offset: 22, length: 5 },
    ]);
    expect(alice.lastMessage()?.html).toBe(html);
  });

  test("the whole supported tag set, nested, with entities offsets in UTF-16", async () => {
    const { api } = await setup();
    const m = await api.sendMessage(
      42,
      "⛳ <strong>a<em>b</em></strong><u>c</u><ins>d</ins><s>e</s><strike>f</strike><del>g</del><tg-spoiler>h</tg-spoiler>" +
        '<span class="tg-spoiler">i</span><pre><code class="language-ts">j</code></pre><pre>k</pre>' +
        '<blockquote>l</blockquote><blockquote expandable>m</blockquote><tg-emoji emoji-id="5368324170671202286">👍</tg-emoji> &lt;&gt;&quot;&#65;&#x42;',
      { parse_mode: "HTML" },
    );
    expect(m.text).toBe('⛳ abcdefghijklm👍 <>"AB');
    expect(m.entities).toEqual([
      { type: "bold", offset: 2, length: 2 },
      { type: "italic", offset: 3, length: 1 },
      { type: "underline", offset: 4, length: 1 },
      { type: "underline", offset: 5, length: 1 },
      { type: "strikethrough", offset: 6, length: 1 },
      { type: "strikethrough", offset: 7, length: 1 },
      { type: "strikethrough", offset: 8, length: 1 },
      { type: "spoiler", offset: 9, length: 1 },
      { type: "spoiler", offset: 10, length: 1 },
      { type: "pre", offset: 11, length: 1, language: "ts" },
      { type: "pre", offset: 12, length: 1 },
      { type: "blockquote", offset: 13, length: 1 },
      { type: "expandable_blockquote", offset: 14, length: 1 },
      { type: "custom_emoji", offset: 15, length: 2, custom_emoji_id: "5368324170671202286" },
    ]);
  });

  test.each([
    ["<b>unclosed", `Can't find end tag corresponding to start tag "b"`],
    ["<b><i>x</b></i>", `Unmatched end tag at byte offset 7, expected "</i>", found "</b>"`],
    ["<script>x</script>", `Unsupported start tag "script" at byte offset 0`],
    ["Ünïcode <br>", `Unsupported start tag "br" at byte offset 10`],
    ["a < b", `Unsupported start tag "" at byte offset 2`],
    ["x</b>", "Unexpected end tag at byte offset 1"],
    ['<span class="x">s</span>', `Tag "span" must have class "tg-spoiler" at byte offset 0`],
    ["<b", "Unclosed start tag at byte offset 0"],
    [
      "Golf & Country",
      `Unescaped "&" at byte offset 5: write &amp; (the local Bot API server is stricter than Telegram here)`,
    ],
    // Names from outside put into HTML unescaped (a course, a customer, an agent's profile name).
    ["⛳ <Sea> Golf", `Unsupported start tag "sea" at byte offset 4`],
    ["<b>Club <b></b>", `Can't find end tag corresponding to start tag "b"`],
    ["<b>Sea </i></b>", `Unmatched end tag at byte offset 7, expected "</b>", found "</i>"`],
    [
      "Sea &amp Sand",
      `Unescaped "&" at byte offset 4: write &amp; (the local Bot API server is stricter than Telegram here)`,
    ],
    [
      "Sea&nbsp;Sand",
      `Unescaped "&" at byte offset 3: write &amp; (the local Bot API server is stricter than Telegram here)`,
    ],
  ])("invalid HTML %j → can't parse entities", async (text, detail) => {
    const { api } = await setup();
    expect(await failure(api.sendMessage(42, text, { parse_mode: "HTML" }))).toEqual({
      code: 400,
      description: `Bad Request: can't parse entities: ${detail}`,
    });
  });

  test("a caption (a photo's: an e-voucher's) is refused for its HTML as a message is", async () => {
    const { api } = await setup();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const photo = (caption: string) =>
      failure(api.sendPhoto(42, new InputFile(png, "voucher.png"), { caption, parse_mode: "HTML" }));
    expect(await photo("🎫 Your e-voucher for <Sea> Golf")).toEqual({
      code: 400,
      description: `Bad Request: can't parse entities: Unsupported start tag "sea" at byte offset 24`,
    });
    expect(
      (
        await api.sendPhoto(42, new InputFile(png, "v.png"), {
          caption: "for &lt;Sea&gt; &amp; Sand",
          parse_mode: "HTML",
        })
      ).caption,
    ).toBe("for <Sea> & Sand");
  });

  test("a bare & is accepted when strictHtmlAmpersand is off, like Telegram", async () => {
    const server = await startServer({ strictHtmlAmpersand: false });
    server.user({ id: 1 });
    expect((await botFor(server).api.sendMessage(1, "Golf & <b>Country</b>", { parse_mode: "HTML" })).text).toBe(
      "Golf & Country",
    );
  });

  test("empty, whitespace-only and too-long texts", async () => {
    const { api } = await setup();
    expect((await failure(api.sendMessage(42, ""))).description).toBe("Bad Request: message text is empty");
    expect((await failure(api.sendMessage(42, "  \n "))).description).toBe("Bad Request: message text is empty");
    expect((await failure(api.sendMessage(42, "<b></b>", { parse_mode: "HTML" }))).description).toBe(
      "Bad Request: message text is empty",
    );
    expect((await failure(api.sendMessage(42, "x".repeat(4097)))).description).toBe("Bad Request: message is too long");
    // The limit applies after entity parsing: markup does not count.
    const ok = await api.sendMessage(42, `<b>${"x".repeat(4096)}</b>`, { parse_mode: "HTML" });
    expect(ok.text).toHaveLength(4096);
  });

  test("surrounding whitespace is trimmed, entities follow", async () => {
    const { api } = await setup();
    const m = await api.sendMessage(42, "\n  <b>hi</b> there \n", { parse_mode: "HTML" });
    expect(m.text).toBe("hi there");
    expect(m.entities).toEqual([{ type: "bold", offset: 0, length: 2 }]);
  });

  test("unsupported parse_mode; Markdown fails loudly", async () => {
    const { api } = await setup();
    expect((await failure(api.sendMessage(42, "x", { parse_mode: "XML" as "HTML" }))).description).toBe(
      "Bad Request: unsupported parse_mode",
    );
    expect((await failure(api.sendMessage(42, "*x*", { parse_mode: "MarkdownV2" }))).description).toMatch(
      /^Bad Request: unsupported parse_mode/,
    );
  });

  test("unknown chat → chat not found; missing chat_id → chat_id is empty", async () => {
    const { api } = await setup();
    expect(await failure(api.sendMessage(999, "x"))).toEqual({ code: 400, description: "Bad Request: chat not found" });
    expect((await failure(api.sendMessage("", "x"))).description).toBe("Bad Request: chat_id is empty");
  });

  test("blocked user → 403 Forbidden: bot was blocked by the user", async () => {
    const { api, alice } = await setup();
    alice.block();
    expect(await failure(api.sendMessage(42, "reminder"))).toEqual({
      code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    expect((await failure(api.sendChatAction(42, "typing"))).code).toBe(403);
    alice.send("/start"); // writing to the bot again unblocks it, as in Telegram
    await expect(api.sendMessage(42, "welcome back")).resolves.toMatchObject({ text: "welcome back" });
  });

  test("reply_parameters: replies carry reply_to_message; a missing target is an error", async () => {
    const { api, alice } = await setup();
    const asked = alice.send("question");
    const m = await api.sendMessage(42, "answer", { reply_parameters: { message_id: asked.message_id } });
    expect(m.reply_to_message).toMatchObject({ message_id: asked.message_id, text: "question" });
    expect((await failure(api.sendMessage(42, "x", { reply_parameters: { message_id: 999 } }))).description).toBe(
      "Bad Request: message to be replied not found",
    );
  });
});

describe("inline keyboards", () => {
  const kb = (button: Record<string, unknown>) => ({ reply_markup: { inline_keyboard: [[button as never]] } });

  test.each([
    [{ text: "x", callback_data: "d".repeat(65) }, "Bad Request: BUTTON_DATA_INVALID"],
    [{ text: "x", callback_data: "é".repeat(33) }, "Bad Request: BUTTON_DATA_INVALID"], // 66 bytes, 33 chars
    [
      { text: "x", callback_data: "" },
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    ],
    [
      { text: "x" },
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    ],
    [{ text: "", callback_data: "a" }, "Bad Request: BUTTON_TEXT_INVALID"],
    [{ callback_data: "a" }, `Bad Request: can't parse inline keyboard button: Field "text" must be of type String`],
    [
      { text: "x", callback_data: "a", url: "https://e.com" },
      "Bad Request: can't parse inline keyboard button: exactly one of the optional fields must be used",
    ],
    [{ text: "x", url: "not-a-url" }, "Bad Request: inline keyboard button URL 'not-a-url' is invalid: Wrong HTTP URL"],
    [
      { text: "x", url: "ftp://example.com" },
      "Bad Request: inline keyboard button URL 'ftp://example.com' is invalid: Unsupported URL protocol",
    ],
  ])("%j → %s", async (button, description) => {
    const { api } = await setup();
    expect(await failure(api.sendMessage(42, "pick", kb(button)))).toEqual({ code: 400, description });
  });

  test("64 bytes of callback_data and URL buttons are fine; the keyboard is stored", async () => {
    const { api, alice } = await setup();
    const markup = {
      inline_keyboard: [
        [
          { text: "ok", callback_data: "d".repeat(64) },
          { text: "site", url: "https://fairway.example" },
        ],
      ],
    };
    const m = await api.sendMessage(42, "pick", { reply_markup: markup });
    expect(m.reply_markup).toEqual(markup);
    expect(alice.lastMessage()?.reply_markup).toEqual(markup);
  });
});

describe("editing and deleting", () => {
  test("editMessageText returns the edited Message; omitting reply_markup removes the keyboard", async () => {
    const { api, alice } = await setup();
    const m = await api.sendMessage(42, "Pick", {
      reply_markup: { inline_keyboard: [[{ text: "A", callback_data: "a" }]] },
    });
    const edited = await api.editMessageText(42, m.message_id, "<b>Picked</b> A", { parse_mode: "HTML" });
    expect(edited).toMatchObject({
      message_id: m.message_id,
      text: "Picked A",
      entities: [{ type: "bold", offset: 0, length: 6 }],
      edit_date: 1_700_000_000,
    });
    expect(edited).not.toHaveProperty("reply_markup");
    expect(alice.messages()).toHaveLength(1);
    expect(alice.lastMessage()).toMatchObject({ text: "Picked A", html: "<b>Picked</b> A", edits: 1 });
  });

  test("message is not modified: same text, entities and markup", async () => {
    const { api } = await setup();
    const markup = { inline_keyboard: [[{ text: "A", callback_data: "a" }]] };
    const m = await api.sendMessage(42, "<b>Same</b>", { parse_mode: "HTML", reply_markup: markup });
    const notModified =
      "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
    expect(
      (
        await failure(
          api.editMessageText(42, m.message_id, "<b>Same</b>", { parse_mode: "HTML", reply_markup: markup }),
        )
      ).description,
    ).toBe(notModified);
    expect((await failure(api.editMessageReplyMarkup(42, m.message_id, { reply_markup: markup }))).description).toBe(
      notModified,
    );
    // Same text but different formatting is a modification.
    await expect(api.editMessageText(42, m.message_id, "Same", { reply_markup: markup })).resolves.toMatchObject({
      text: "Same",
    });
    // Removing the keyboard is a modification; removing it again is not.
    await api.editMessageReplyMarkup(42, m.message_id);
    expect((await failure(api.editMessageReplyMarkup(42, m.message_id))).description).toBe(notModified);
  });

  test("edit errors: not found, empty text, user's message, media without text", async () => {
    const { api, alice } = await setup();
    expect((await failure(api.editMessageText(42, 77, "x"))).description).toBe(
      "Bad Request: message to edit not found",
    );
    const m = await api.sendMessage(42, "x");
    expect((await failure(api.editMessageText(42, m.message_id, ""))).description).toBe(
      "Bad Request: text must be non-empty",
    );
    const own = alice.send("mine");
    expect((await failure(api.editMessageText(42, own.message_id, "x"))).description).toBe(
      "Bad Request: message can't be edited",
    );
    const loc = await api.sendLocation(42, 13.75, 100.5);
    expect((await failure(api.editMessageText(42, loc.message_id, "x"))).description).toBe(
      "Bad Request: there is no text in the message to edit",
    );
    expect(
      (
        await failure(
          api.editMessageText(42, m.message_id, "x", { reply_markup: { keyboard: [[{ text: "k" }]] } as never }),
        )
      ).code,
    ).toBe(400);
  });

  test("deleteMessage: true once, then message to delete not found; edits of deleted messages fail", async () => {
    const { api, alice } = await setup();
    const m = await api.sendMessage(42, "bye");
    await expect(api.deleteMessage(42, m.message_id)).resolves.toBe(true);
    expect(alice.messages()).toEqual([]);
    expect((await failure(api.deleteMessage(42, m.message_id))).description).toBe(
      "Bad Request: message to delete not found",
    );
    expect((await failure(api.editMessageText(42, m.message_id, "x"))).description).toBe(
      "Bad Request: message to edit not found",
    );
  });
});

describe("other methods", () => {
  test("sendLocation, sendVenue, sendChatAction, getChat", async () => {
    const { api, alice } = await setup();
    expect((await api.sendLocation(42, 13.75, 100.5)).location).toEqual({ latitude: 13.75, longitude: 100.5 });
    const venue = await api.sendVenue(42, 12.9, 100.9, "Siam Country Club", "Pattaya");
    expect(venue.venue).toEqual({
      location: { latitude: 12.9, longitude: 100.9 },
      title: "Siam Country Club",
      address: "Pattaya",
    });
    expect(venue.location).toEqual({ latitude: 12.9, longitude: 100.9 });
    expect((await failure(api.sendVenue(42, 12.9, 100.9, "", "x"))).code).toBe(400);
    expect((await failure(api.sendLocation(42, 91, 0))).code).toBe(400);
    await expect(api.sendChatAction(42, "typing")).resolves.toBe(true);
    expect((await failure(api.sendChatAction(42, "dancing" as "typing"))).description).toBe(
      "Bad Request: wrong parameter action in request",
    );
    expect(await api.getChat(42)).toMatchObject({ id: 42, type: "private", first_name: "Alice" });
    expect(alice.messages()).toHaveLength(2);
  });

  test("commands per scope and language; menu button stored", async () => {
    const { api, server } = await setup();
    await api.setMyCommands([{ command: "start", description: "Start" }]);
    await api.setMyCommands([{ command: "book", description: "จองเวลา" }], { language_code: "th" });
    await api.setMyCommands([{ command: "help", description: "Help" }], { scope: { type: "chat", chat_id: 42 } });
    expect(await api.getMyCommands()).toEqual([{ command: "start", description: "Start" }]);
    expect(await api.getMyCommands({ language_code: "th" })).toEqual([{ command: "book", description: "จองเวลา" }]);
    expect(server.commands({ scope: { type: "chat", chat_id: 42 } })).toEqual([
      { command: "help", description: "Help" },
    ]);
    await api.deleteMyCommands({ language_code: "th" });
    expect(await api.getMyCommands({ language_code: "th" })).toEqual([]);
    expect((await failure(api.setMyCommands([{ command: "Bad-Name", description: "x" }]))).description).toBe(
      "Bad Request: BOT_COMMAND_INVALID",
    );
    expect((await failure(api.setMyCommands([{ command: "ok", description: "" }]))).description).toBe(
      "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID",
    );
    await api.setChatMenuButton({ chat_id: 42, menu_button: { type: "commands" } });
    expect(server.menuButton(42)).toEqual({ type: "commands" });
    expect(server.menuButton()).toEqual({ type: "default" });
  });

  test("failNext: 429 with retry_after, then the method works again", async () => {
    const { api, server } = await setup();
    server.failNext({ method: "sendMessage", error_code: 429, retry_after: 7 });
    expect(await failure(api.sendMessage(42, "x"))).toEqual({
      code: 429,
      description: "Too Many Requests: retry after 7",
      retryAfter: 7,
    });
    await expect(api.sendMessage(42, "x")).resolves.toMatchObject({ text: "x" });
    server.failNext({ method: "*", times: 2, error_code: 500, description: "Internal Server Error" });
    expect((await failure(api.getMe())).code).toBe(500);
    expect((await failure(api.sendChatAction(42, "typing"))).description).toBe("Internal Server Error");
    await expect(api.getMe()).resolves.toBeDefined();
    expect(server.calls.filter((c) => !c.ok).map((c) => c.error?.error_code)).toEqual([429, 500, 500]);
    // Counted for the run's figures: armed faults count once consumed, not when armed.
    server.failNext({ method: "sendMessage", error_code: 500 });
    expect(server.faultsInjected()).toBe(3);
  });
});
