import { GrammyError, InlineKeyboard, InputFile, Keyboard } from "grammy";
import { describe, expect, test } from "vitest";
import { botFor, startPolling, startServer } from "./helpers.js";

const QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid";

describe("simulated users and callback queries", () => {
  test("send: /command gets a bot_command entity and reaches grammY's command handler", async () => {
    const server = await startServer();
    const bot = botFor(server);
    const args: string[] = [];
    bot.command("book", async (ctx) => {
      args.push(ctx.match);
      await ctx.reply("Which course?");
    });
    await startPolling(bot);
    const alice = server.user({ id: 42, first_name: "Alice", language_code: "th" });
    const sent = alice.send("/book siam");
    expect(sent.entities).toEqual([{ type: "bot_command", offset: 0, length: 5 }]);
    await server.idle();
    expect(args).toEqual(["siam"]);
    expect(alice.lastMessage()?.text).toBe("Which course?");
  });

  test("tap by text: callback_query delivered, answered once; the second answer fails", async () => {
    const server = await startServer();
    const bot = botFor(server);
    const answers: unknown[] = [];
    bot.command("start", (ctx) =>
      ctx.reply("Pick", { reply_markup: new InlineKeyboard().text("07:30", "slot:0730").text("08:00", "slot:0800") }),
    );
    bot.callbackQuery(/^slot:/, async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Held" });
      await ctx.editMessageText(`Held ${ctx.callbackQuery.data}`);
      answers.push(await ctx.answerCallbackQuery().catch((e: GrammyError) => e.description));
    });
    await startPolling(bot);
    const alice = server.user({ id: 42 });
    alice.send("/start");
    await server.idle();
    const queryId = alice.tap("08:00");
    await server.idle();
    expect(answers).toEqual([QUERY_TOO_OLD]);
    expect(server.callbackAnswers).toMatchObject([{ queryId, text: "Held" }]);
    expect(server.unansweredCallbackQueries()).toEqual([]);
    expect(alice.lastMessage()).toMatchObject({ text: "Held slot:0800" });
    expect(alice.lastMessage()?.reply_markup).toBeUndefined();
  });

  test("tap an old message by id and data; unanswered queries are reported", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    const first = await api.sendMessage(42, "first", { reply_markup: new InlineKeyboard().text("A", "a") });
    await api.sendMessage(42, "second", { reply_markup: new InlineKeyboard().text("B", "b") });
    const id = alice.tap({ messageId: first.message_id, data: "a" });
    const [update] = server.pendingUpdates();
    expect(update?.callback_query).toMatchObject({
      id,
      data: "a",
      from: { id: 42 },
      message: { message_id: first.message_id, text: "first" },
    });
    expect(server.unansweredCallbackQueries().map((q) => q.id)).toEqual([id]);
    alice.tap(/^B$/);
    expect(server.pendingUpdates().at(-1)?.callback_query?.data).toBe("b");
    expect(() => alice.tap("Z")).toThrow(/no button matches "Z".*"B" \(b\)/);
  });

  test("answering an unknown or expired query → query is too old", async () => {
    let now = 1_700_000_000_000;
    const server = await startServer({ clock: () => now, callbackQueryTimeoutMs: 10_000 });
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    await api.sendMessage(42, "x", { reply_markup: new InlineKeyboard().text("A", "a") });
    const err = await api.answerCallbackQuery("12345").catch((e: GrammyError) => e);
    expect(err).toMatchObject({ error_code: 400, description: QUERY_TOO_OLD });
    const id = alice.tap("A");
    now += 10_001;
    expect((await api.answerCallbackQuery(id).catch((e: GrammyError) => e)) as GrammyError).toMatchObject({
      description: QUERY_TOO_OLD,
    });
    const fresh = alice.tap("A");
    await expect(api.answerCallbackQuery(fresh)).resolves.toBe(true);
  });

  test("reply keyboards: tapReply sends the text, or the contact for request_contact", async () => {
    const server = await startServer();
    const bot = botFor(server);
    const phones: string[] = [];
    bot.command("start", (ctx) =>
      ctx.reply("Share your phone", {
        reply_markup: new Keyboard().requestContact("📱 Share").row().text("Skip").resized().oneTime(),
      }),
    );
    bot.on("message:contact", async (ctx) => {
      phones.push(ctx.message.contact.phone_number);
      await ctx.reply("Thanks", { reply_markup: { remove_keyboard: true } });
    });
    bot.hears("Skip", (ctx) => ctx.reply("Skipped"));
    await startPolling(bot);
    const alice = server.user({ id: 42, first_name: "Alice" });
    alice.send("/start");
    await server.idle();
    expect(alice.replyKeyboard()?.keyboard.map((row) => row.map((b) => (typeof b === "string" ? b : b.text)))).toEqual([
      ["📱 Share"],
      ["Skip"],
    ]);
    alice.tapReply("Skip");
    await server.idle();
    expect(alice.lastMessage()?.text).toBe("Skipped");
    const contact = alice.tapReply("📱 Share");
    expect(contact.contact).toEqual({ phone_number: "+66812345678", first_name: "Alice", user_id: 42 });
    await server.idle();
    expect(phones).toEqual(["+66812345678"]);
    expect(alice.replyKeyboard()).toBeUndefined();
    expect(() => alice.tapReply("Skip")).toThrow(/no reply keyboard/);
    alice.shareContact("+66999");
    await server.idle();
    expect(phones).toEqual(["+66812345678", "+66999"]);
    expect(alice.history().map((m) => m.text ?? (m.contact ? "[contact]" : "?"))).toEqual([
      "/start",
      "Share your phone",
      "Skip",
      "Skipped",
      "[contact]",
      "Thanks",
      "[contact]",
      "Thanks",
    ]);
  });

  test("blocked user: the bot's reply fails with 403 and the call is recorded", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    alice.block();
    const err = await api.sendMessage(42, "Your tee time is tomorrow").catch((e: GrammyError) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect(err).toMatchObject({ error_code: 403, description: "Forbidden: bot was blocked by the user" });
    expect(server.calls.at(-1)).toMatchObject({ method: "sendMessage", ok: false, error: { error_code: 403 } });
    expect(alice.messages()).toEqual([]);
  });
});

describe("uploads", () => {
  const ics =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Tee time – Siam CC\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

  test("sendDocument with an InputFile goes multipart; bytes, name and type are kept", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    const m = await api.sendDocument(42, new InputFile(Buffer.from(ics), "tee time.ics"), {
      caption: "<b>Add</b> to calendar",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Done", "done"),
    });
    expect(m.document).toMatchObject({
      file_name: "tee time.ics",
      mime_type: "text/calendar",
      file_size: Buffer.byteLength(ics),
    });
    expect(m.caption).toBe("Add to calendar");
    expect(m.caption_entities).toEqual([{ type: "bold", offset: 0, length: 3 }]);
    expect(m.reply_markup?.inline_keyboard[0]?.[0]).toEqual({ text: "Done", callback_data: "done" });
    const stored = alice.lastMessage();
    expect(stored?.file?.data?.toString("utf8")).toBe(ics);
    expect(server.file(m.document.file_id)?.file_name).toBe("tee time.ics");
    const callRecord = server.callsTo("sendDocument")[0]!;
    expect(callRecord.params).toMatchObject({
      chat_id: 42,
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Done" }]] },
    });
    expect(Object.values(callRecord.files)[0]?.data.toString("utf8")).toBe(ics);
    // The file_id can be re-sent without uploading again.
    const again = await api.sendDocument(42, m.document.file_id);
    expect(again.document?.file_id).toBe(m.document.file_id);
  });

  test("captions are limited to 1024 characters; empty uploads and unknown file ids are rejected", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    server.user({ id: 42 });
    const tooLong = await api
      .sendDocument(42, new InputFile(Buffer.from("x"), "a.txt"), { caption: "c".repeat(1025) })
      .catch((e: GrammyError) => e);
    expect(tooLong).toMatchObject({ error_code: 400, description: "Bad Request: message caption is too long" });
    const empty = await api.sendDocument(42, new InputFile(new Uint8Array(0), "a.txt")).catch((e: GrammyError) => e);
    expect(empty).toMatchObject({ description: "Bad Request: file must be non-empty" });
    const unknown = await api.sendDocument(42, "no-such-file-id").catch((e: GrammyError) => e);
    expect(unknown).toMatchObject({ description: "Bad Request: wrong file identifier/HTTP URL specified" });
  });

  test("sendPhoto by URL and by upload", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    const byUrl = await api.sendPhoto(42, "https://img.example/course.jpg", { caption: "Siam CC" });
    expect(byUrl.photo?.[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(alice.lastMessage()?.file?.url).toBe("https://img.example/course.jpg");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const upload = await api.sendPhoto(42, new InputFile(png, "map.png"));
    expect(server.file(upload.photo[0]!.file_id)?.data).toEqual(png);
  });
});

describe("a user's files", () => {
  test("a file keeps its bytes, name and type; its file_id goes out again as a document, never as a photo", async () => {
    const server = await startServer();
    const api = botFor(server).api;
    const alice = server.user({ id: 42 });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const sent = alice.sendDocument(png, { fileName: "slip.png", caption: "paid" });
    expect(sent.document).toMatchObject({ file_name: "slip.png", mime_type: "image/png", file_size: png.length });
    expect(sent.caption).toBe("paid");
    const fileId = sent.document!.file_id;
    expect(server.file(fileId)?.data).toEqual(png);
    const asPhoto = await api.sendPhoto(42, fileId).catch((e: GrammyError) => e);
    expect(asPhoto).toMatchObject({
      error_code: 400,
      description: "Bad Request: can't use file of type Document as Photo",
    });
    const asDocument = await api.sendDocument(42, fileId, { caption: "forwarded" });
    expect(asDocument.document?.file_id).toBe(fileId);
    // A photo's file_id goes out again as a photo.
    const photo = alice.sendPhoto(png).photo!.at(-1)!;
    expect((await api.sendPhoto(42, photo.file_id)).photo?.[0]?.file_id).toBe(photo.file_id);
  });
});

describe("events and waiting", () => {
  test("on(call|message|update) report traffic; waitForCall finds the reply", async () => {
    const server = await startServer();
    const bot = botFor(server);
    bot.on("message:text", (ctx) => ctx.reply("pong"));
    const seen: string[] = [];
    const off = server.on("message", (e) => seen.push(`${e.kind}:${e.message.text}`));
    server.on("update", (u) => seen.push(`update:${u.update_id}`));
    server.on("call", (c) => {
      if (c.method === "sendMessage") seen.push("call:sendMessage");
    });
    await startPolling(bot);
    const alice = server.user({ id: 42 });
    const update = server.pendingUpdates().length;
    expect(update).toBe(0);
    alice.send("ping");
    const reply = await server.waitForCall((c) => c.method === "sendMessage");
    expect(reply.params).toMatchObject({ chat_id: 42, text: "pong" });
    await server.idle();
    off();
    expect(seen).toEqual(["sent:ping", "update:1", "sent:pong", "call:sendMessage"]);
  });

  test("waitForCall rejects with the calls it saw", async () => {
    const server = await startServer();
    await botFor(server).api.getMe();
    await expect(server.waitForCall((c) => c.method === "sendMessage", 100, { since: 0 })).rejects.toThrow(
      /calls seen: getMe/,
    );
  });

  test("idle rejects when a polling bot never confirms an update", async () => {
    const server = await startServer();
    const bot = botFor(server);
    await startPolling(bot);
    await bot.stop();
    server.user({ id: 1 }).send("nobody listens");
    await expect(server.idle({ timeoutMs: 200 })).rejects.toThrow(/1 unconfirmed updates/);
  });
});
