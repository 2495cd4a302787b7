/**
 * The playground's HTTP API against fairway itself, started as `npm start` does
 * without a BOT_TOKEN: the page and the Bot API share one port, the identities
 * have their roles, and send/tap/contact/language/file/state/events work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLAYGROUND_ADMIN_ID,
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
  PLAYGROUND_STRANGER_ID,
} from "../../../src/local/playground/index.js";
import {
  type EventStream,
  type Json,
  type PlaygroundApp,
  bookThroughApi,
  openEvents,
  say,
  startPlaygroundApp,
  tapData,
} from "./helpers.js";
import { plainPhoto } from "../../helpers/slips.js";

let p: PlaygroundApp;
let events: EventStream;

beforeAll(async () => {
  p = await startPlaygroundApp();
  events = await openEvents(p.url);
}, 30_000);

afterAll(async () => {
  events?.close();
  await p?.stop();
});

describe("one port: page, playground API and Bot API", () => {
  it("serves the page with a strict content security policy, and its modules", async () => {
    const page = await fetch(p.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="js/main.js">');
    const script = await fetch(`${p.url}js/main.js`);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    const css = await fetch(`${p.url}style.css`);
    expect(css.status).toBe(200);
  });

  it("keeps answering unknown paths as the Bot API does, and never serves files outside public/", async () => {
    for (const path of ["nope.html", "js/../../http.ts", "%2e%2e/http.ts", "playground/../app.ts"]) {
      const res = await fetch(`${p.url}${path}`);
      expect(res.status, path).toBe(404);
    }
    const api = await p.get("/playground/nothing");
    expect(api.status).toBe(404);
    const me = await p.get(`/bot${p.telegram.token}/getMe`);
    expect(me.json).toMatchObject({ ok: true, result: { username: p.telegram.botInfo.username } });
    const wrongToken = await p.get("/bot1:wrong/getMe");
    expect(wrongToken.json).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
  });

  it("gives the playground's admin and agent their roles (on top of ADMIN_IDS/AGENT_IDS), the others none", () => {
    expect(p.app.config.adminIds).toContain(PLAYGROUND_ADMIN_ID);
    expect(p.app.config.agentIds).toContain(PLAYGROUND_AGENT_ID);
    for (const id of [PLAYGROUND_CUSTOMER_ID, PLAYGROUND_STRANGER_ID]) {
      expect(p.app.config.adminIds).not.toContain(id);
      expect(p.app.config.agentIds).not.toContain(id);
    }
  });
});

describe("events", () => {
  it("starts with a snapshot of every identity and the sandbox state", async () => {
    const snapshot = await events.next((e) => e.event === "snapshot");
    expect(snapshot.data.bot.username).toBe(p.telegram.botInfo.username);
    expect(snapshot.data.identities.map((i: { key: string }) => i.key)).toEqual([
      "admin",
      "agent",
      "customer",
      "stranger",
    ]);
    const state = await events.next((e) => e.event === "state");
    expect(state.data).toMatchObject({ available: true, state: { balance: 10_000_000, reservations: [] } });
  });

  it("relays the user's message and the bot's answer, and a tap's callback answer", async () => {
    await say(p, PLAYGROUND_AGENT_ID, "/start");
    const mine = await events.next(
      (e) => e.event === "message" && e.data.chat_id === PLAYGROUND_AGENT_ID && e.data.message.text === "/start",
    );
    expect(mine.data.message.from.id).toBe(PLAYGROUND_AGENT_ID);
    const answer = await events.next(
      (e) => e.event === "message" && e.data.chat_id === PLAYGROUND_AGENT_ID && e.data.message.from.is_bot === true,
    );
    expect(answer.data.message.reply_markup.inline_keyboard.length).toBeGreaterThan(0);

    const queryId = await tapData(p, PLAYGROUND_AGENT_ID, /^lang:menu$/);
    const answered = await events.next((e) => e.event === "answer" && e.data.query_id === queryId);
    expect(answered.data.chat_id).toBe(PLAYGROUND_AGENT_ID);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("sends a photo (a payment slip) as the identity, JPEG as Telegram re-encodes photos; refuses anything else", async () => {
    const jpeg = plainPhoto().toString("base64");
    const res = await p.post("/playground/photo", { userId: PLAYGROUND_CUSTOMER_ID, jpeg });
    expect(res.status).toBe(200);
    const sent = await events.next(
      (e) => e.event === "message" && e.data.chat_id === PLAYGROUND_CUSTOMER_ID && Array.isArray(e.data.message.photo),
    );
    expect(sent.data.message.from.id).toBe(PLAYGROUND_CUSTOMER_ID);
    const png = Buffer.from("\x89PNG\r\n").toString("base64");
    expect((await p.post("/playground/photo", { userId: PLAYGROUND_CUSTOMER_ID, jpeg: png })).status).toBe(400);
  });

  it("switches an identity's Telegram language: an event, and the next update carries it", async () => {
    const res = await p.post("/playground/language", { userId: PLAYGROUND_STRANGER_ID, language: "th" });
    expect(res).toEqual({ status: 200, json: { language_code: "th" } });
    await events.next(
      (e) => e.event === "language" && e.data.chat_id === PLAYGROUND_STRANGER_ID && e.data.language_code === "th",
    );
    const seen = new Promise<string | undefined>((resolve) => {
      const off = p.telegram.on("update", (u) => {
        if (u.message?.from?.id !== PLAYGROUND_STRANGER_ID) return;
        off();
        resolve(u.message.from.language_code);
      });
    });
    await say(p, PLAYGROUND_STRANGER_ID, "/start");
    expect(await seen).toBe("th");
    const chat = await p.get(`/playground/chat?userId=${PLAYGROUND_STRANGER_ID}`);
    expect(chat.json.messages.at(-1).from.is_bot).toBe(true);
    await p.post("/playground/language", { userId: PLAYGROUND_STRANGER_ID, language: "en" });
  });

  it("shares the identity's own contact, as a request_contact button does", async () => {
    const res = await p.post("/playground/contact", { userId: PLAYGROUND_CUSTOMER_ID });
    expect(res.status).toBe(200);
    const event = await events.next(
      (e) =>
        e.event === "message" &&
        e.data.message.message_id === res.json.message_id &&
        e.data.chat_id === PLAYGROUND_CUSTOMER_ID,
    );
    expect(event.data.message.contact).toMatchObject({ phone_number: "+66811110003", user_id: PLAYGROUND_CUSTOMER_ID });
    await p.settle();
  });
});

describe("refusals", () => {
  it("takes JSON only (no cross-site form posts), from the playground's identities only", async () => {
    expect((await p.post("/playground/send", { userId: PLAYGROUND_AGENT_ID, text: "hi" }, "text/plain")).status).toBe(
      415,
    );
    expect((await p.post("/playground/send", { userId: 42, text: "hi" })).status).toBe(400);
    expect((await p.post("/playground/send", { userId: PLAYGROUND_AGENT_ID, text: "  " })).status).toBe(400);
    expect((await p.post("/playground/send", { userId: PLAYGROUND_AGENT_ID, text: "x".repeat(4097) })).status).toBe(
      400,
    );
    expect((await p.post("/playground/language", { userId: PLAYGROUND_AGENT_ID, language: "de" })).status).toBe(400);
    expect((await p.get("/playground/chat?userId=abc")).status).toBe(400);
    expect((await p.get("/playground/file/BQACnothing")).status).toBe(404);
    expect((await p.get("/playground/file/%E0%A4%A")).status).toBe(404);
  });

  it("refuses a tap on a button that is not there (409), as a Telegram client cannot press it", async () => {
    const res = await p.post("/playground/tap", { userId: PLAYGROUND_AGENT_ID, messageId: 99_999, data: "b:x:ok" });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/does not exist/);
  });
});

describe("a booking through the API", () => {
  it("books as the agent: the .ics downloads with its name and type, the sandbox state shows it PAID, live", async () => {
    await bookThroughApi(p, PLAYGROUND_AGENT_ID);
    const chat = await p.get(`/playground/chat?userId=${PLAYGROUND_AGENT_ID}`);
    const doc = (chat.json.messages as Json[]).findLast((m) => m.document);
    expect(doc?.document.file_name).toMatch(/^tee-time-GT[A-Z0-9]{6}\.ics$/);
    expect(doc.file.href).toBe(`/playground/file/${encodeURIComponent(doc.document.file_id)}`);
    expect(doc.file).not.toHaveProperty("data");

    const file = await fetch(new URL(doc.file.href, p.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="${doc.document.file_name}"; filename*=UTF-8''${doc.document.file_name}`,
    );
    const ics = await file.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    const code = /GT[A-Z0-9]{6}/.exec(doc.document.file_name)?.[0] ?? "";
    expect(ics).toContain(code);

    const state = await p.get("/playground/state");
    expect(state.json.available).toBe(true);
    const reservation = state.json.state.reservations.find((r: { code: string }) => r.code === code);
    expect(reservation).toMatchObject({ status: "PAID" });
    expect(state.json.state.balance).toBe(10_000_000 - reservation.amount);
    const pushed = await events.next(
      (e) =>
        e.event === "state" &&
        (e.data.state?.reservations ?? []).some(
          (r: { code: string; status: string }) => r.code === code && r.status === "PAID",
        ) === true,
    );
    expect(pushed.data.state.balance).toBe(state.json.state.balance);
  });
});
