/**
 * The playground's JSON API: the page acts as its simulated users through
 * these, exactly as a Telegram client would (messages, button taps, contact and
 * location sharing), and reads files, the command menu and the sandbox state.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BotApiServer, SimulatedUser } from "../bot-api-server/index.js";
import { commandMenu } from "./commands.js";
import type { PlaygroundEvents } from "./events.js";
import { PlaygroundError, contentDisposition, readJson, sendJson } from "./http.js";
import { PLAYGROUND_LANGUAGES, type PlaygroundIdentity, findIdentity, isPlaygroundLanguage } from "./identities.js";
import { chooseResult, inlineQuery } from "./inline.js";
import { COURSE_KNOBS, courseChange, failNext, readSandboxState, type CourseKnob } from "./sandbox-state.js";

const COURSE_KNOB_PATH = new RegExp(`^/playground/course/(?:${COURSE_KNOBS.join("|")})$`);
import { openWebApp } from "./web-app.js";
import { messageView } from "./views.js";
import type { PlaygroundSlips } from "./slips.js";

/** What the routes need. */
export interface RouteContext {
  telegram: BotApiServer;
  partnerUrl: string;
  events: PlaygroundEvents;
  /** The simulated user behind an identity (created with its names and language). */
  userOf(identity: PlaygroundIdentity): SimulatedUser;
  /** Everything the page shows at start (also the SSE snapshot). */
  snapshot(): Record<string, unknown>;
  /** fairway's clock (a Mini App's initData is signed at this time). */
  now: () => number;
  /** The side panel's slips (loaded on first use), when the slip check asks the local stand-in. */
  slips?: () => Promise<PlaygroundSlips>;
}

/** Answers a `/playground/...` request; returns false for paths it does not know. */
export async function handleApi(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const route = `${req.method ?? "GET"} ${url.pathname
    .replace(/^\/playground\/file\/[^/]+$/, "/playground/file/:id")
    .replace(COURSE_KNOB_PATH, "/playground/course/:knob")}`;
  try {
    switch (route) {
      case "GET /playground/events":
        await ctx.events.connect(res);
        return true;
      case "GET /playground/snapshot":
        sendJson(res, 200, ctx.snapshot());
        return true;
      case "GET /playground/chat": {
        const user = ctx.userOf(identityParam(url.searchParams.get("userId")));
        sendJson(res, 200, { messages: user.history().map(messageView), replyKeyboard: user.replyKeyboard() ?? null });
        return true;
      }
      case "GET /playground/state":
        sendJson(res, 200, await readSandboxState(ctx.partnerUrl));
        return true;
      case "POST /playground/fail-next": {
        // The side panel's "next … fails": one refusal of a partner write, set on the sandbox.
        const answer = await failNext(ctx.partnerUrl, await readJson(req));
        sendJson(res, answer.status, answer.body);
        return true;
      }
      case "POST /playground/course/:knob": {
        // The side panel's course buttons: a change the course makes on its own (sandbox only).
        const knob = url.pathname.slice("/playground/course/".length) as CourseKnob; // COURSE_KNOB_PATH matched it
        const answer = await courseChange(ctx.partnerUrl, knob, await readJson(req));
        sendJson(res, answer.status, answer.body);
        return true;
      }
      case "GET /playground/commands": {
        const identity = identityParam(url.searchParams.get("userId"));
        sendJson(res, 200, {
          ...commandMenu(ctx.telegram, identity.id, ctx.userOf(identity).user.language_code),
          menuButton: ctx.telegram.menuButton(identity.id),
        });
        return true;
      }
      case "GET /playground/file/:id":
        serveFile(ctx, res, fileIdParam(url.pathname.slice("/playground/file/".length)));
        return true;
      case "POST /playground/send":
      case "POST /playground/tap":
      case "POST /playground/contact":
      case "POST /playground/location":
      case "POST /playground/language":
        sendJson(res, 200, act(ctx, url.pathname.slice("/playground/".length), await readJson(req)));
        return true;
      case "POST /playground/photo": {
        // A photo (a payment slip, say) as the phone sends it: JPEG, as Telegram re-encodes every photo.
        const body = await readJson(req, MAX_PHOTO_BODY_BYTES);
        sendJson(res, 200, sendPhoto(ctx.userOf(identityParam(body.userId)), body));
        return true;
      }
      case "POST /playground/slip": {
        // The side panel's "Pay as the customer": a slip of a kind for the user's last PromptPay QR.
        const body = await readJson(req);
        if (!ctx.slips)
          throw new PlaygroundError(409, "SLIP_CHECK_PROVIDER is set: the playground's slips need the stand-in");
        sendJson(res, 200, await (await ctx.slips()).send(ctx.userOf(identityParam(body.userId)), body.kind));
        return true;
      }
      case "POST /playground/web-app": {
        const body = await readJson(req);
        sendJson(res, 200, openWebApp(ctx, ctx.userOf(identityParam(body.userId)), body.url));
        return true;
      }
      case "POST /playground/inline": {
        const body = await readJson(req);
        sendJson(res, 200, await inlineQuery(ctx.telegram, ctx.userOf(identityParam(body.userId)), body));
        return true;
      }
      case "POST /playground/choose": {
        const body = await readJson(req);
        sendJson(res, 200, chooseResult(ctx.userOf(identityParam(body.userId)), body));
        return true;
      }
      default:
        if (url.pathname.startsWith("/playground/"))
          throw new PlaygroundError(404, `no such playground endpoint: ${req.method} ${url.pathname}`);
        return false;
    }
  } catch (error) {
    if (res.headersSent) throw error;
    if (error instanceof PlaygroundError) sendJson(res, error.status, { error: error.message });
    else throw error;
    return true;
  }
}

/** One user action; returns what the page needs to follow it up. */
function act(ctx: RouteContext, action: string, body: Record<string, unknown>): Record<string, unknown> {
  const identity = identityParam(body.userId);
  const user = ctx.userOf(identity);
  switch (action) {
    case "send": {
      const text = body.text;
      if (typeof text !== "string" || text.trim() === "")
        throw new PlaygroundError(400, "text must be a non-empty string");
      if (text.length > 4096) throw new PlaygroundError(400, "text is longer than Telegram's 4096 characters");
      return { message_id: user.send(text).message_id };
    }
    case "tap": {
      const { messageId, data } = body;
      if (typeof messageId !== "number" || !Number.isInteger(messageId))
        throw new PlaygroundError(400, "messageId must be an integer");
      if (typeof data !== "string") throw new PlaygroundError(400, "data must be the button's callback_data");
      try {
        return { query_id: user.tap({ data, messageId }) };
      } catch (error) {
        // The button is gone (the bot edited or deleted the message): Telegram clients cannot press it either.
        throw new PlaygroundError(409, error instanceof Error ? error.message : String(error));
      }
    }
    case "contact": {
      const phone = body.phone ?? identity.phone;
      if (typeof phone !== "string" || !/^\+?[0-9 -]{5,20}$/.test(phone))
        throw new PlaygroundError(400, "phone must be a phone number");
      return { message_id: user.shareContact(phone).message_id };
    }
    case "location": {
      const { latitude = 13.7563, longitude = 100.5018 } = body;
      if (typeof latitude !== "number" || typeof longitude !== "number")
        throw new PlaygroundError(400, "latitude and longitude must be numbers");
      return { message_id: user.shareLocation(latitude, longitude).message_id };
    }
    case "language": {
      const language = body.language;
      if (!isPlaygroundLanguage(language))
        throw new PlaygroundError(400, `language must be one of ${PLAYGROUND_LANGUAGES.join(", ")}`);
      // The Telegram client's language: sent as `from.language_code` with every later update.
      user.user.language_code = language;
      ctx.events.broadcast("language", { chat_id: identity.id, language_code: language });
      return { language_code: language };
    }
    default:
      throw new PlaygroundError(404, `unknown action ${action}`);
  }
}

/** A photo's JSON body (base64 JPEG) may be this large: a phone photo scaled down by the page. */
const MAX_PHOTO_BODY_BYTES = 4 * 1024 * 1024;

function sendPhoto(user: ReturnType<RouteContext["userOf"]>, body: Record<string, unknown>): Record<string, unknown> {
  const { jpeg, caption } = body;
  if (typeof jpeg !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(jpeg))
    throw new PlaygroundError(400, "jpeg must be the photo's bytes in base64");
  const bytes = Buffer.from(jpeg, "base64");
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw new PlaygroundError(400, "the photo must be a JPEG");
  if (caption !== undefined && (typeof caption !== "string" || caption.length > 1024))
    throw new PlaygroundError(400, "caption must be a string of at most 1024 characters");
  return { message_id: user.sendPhoto(bytes, caption).message_id };
}

function identityParam(value: unknown): PlaygroundIdentity {
  const id = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  const identity = typeof id === "number" ? findIdentity(id) : undefined;
  if (identity === undefined) throw new PlaygroundError(400, "userId must be one of the playground identities' ids");
  return identity;
}

function fileIdParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new PlaygroundError(404, "no such file");
  }
}

/** A file the bot sent: uploads with their name and type (documents download), URLs by redirect. */
function serveFile(ctx: RouteContext, res: ServerResponse, fileId: string): void {
  const file = ctx.telegram.file(fileId);
  if (file === undefined) throw new PlaygroundError(404, "no such file");
  if (file.data === undefined) {
    if (file.url === undefined || !/^https?:\/\//i.test(file.url))
      throw new PlaygroundError(404, "the file has no content");
    res.writeHead(302, { location: file.url, "cache-control": "no-store" });
    res.end();
    return;
  }
  const type = file.mime_type ?? file.content_type ?? "application/octet-stream";
  const inline = /^image\/(png|jpeg|gif|webp)$/.test(type);
  res.writeHead(200, {
    "content-type": /^text\//.test(type) && !/charset=/i.test(type) ? `${type}; charset=utf-8` : type,
    "content-length": file.data.length,
    "content-disposition": contentDisposition(inline ? "inline" : "attachment", file.file_name),
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  });
  res.end(file.data);
}
