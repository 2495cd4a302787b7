/**
 * The tee sheet Mini App's HTTP side: its page (`public/`: one HTML file, one script, one
 * stylesheet; no framework, nothing from elsewhere) and its two JSON calls, mounted on the public
 * HTTP server at `PORT` (with a BOT_TOKEN) or on the playground's port (without):
 *
 * - `POST /tee-sheet/api/sheet` `{ initData, date?, part?, players?, area?, maxBaht? }` → the sheet;
 * - `POST /tee-sheet/api/pick` `{ initData, courseId, date, slotId, players, part?, area?, maxBaht?, flights? }`
 *   → the hand-over to the chat (a group's flights when the party is larger than one tee time).
 *
 * Trust nothing from the page: every call carries Telegram's initData, checked first (signature and
 * age, init-data.ts); then the user's token of the per-user limit (limit.ts: over it, 429 with
 * `retryAfterSeconds`, nothing read); the role is read as the bot reads it (strangers get 403 and
 * cause no partner call; customers see their link's course only, at their selling price, never the
 * net; agents and admins see what they sell at, with the net beside it when a markup applies); a pick is
 * looked up again in the search's own result for that user, so a forged tee time, price, group or
 * course finds nothing. Groups (a party larger than one tee time) are offered as in `/find` (to
 * customers too, within their link's course; a customer's group pays first where their link says so);
 * the answer says so (`groups`, `maxPlayers`), and the page follows it.
 */
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as v from "valibot";
import type { Access, Who } from "../access/index.js";
import type { BookingArgs } from "../bot/conversations/booking/entry.js";
import { surfaceLocale } from "../bot/i18n.js";
import type { Locale } from "../locale.js";
import type { Logger } from "../logger.js";
import type { KeyedBuckets } from "../runtime/shared-buckets.js";
import { sellerOf, type PriceRules } from "../pricing/rules.js";
import { isPartnerApiError } from "../partner/errors.js";
import { MAX_GROUP_FLIGHTS, MAX_GROUP_PLAYERS } from "../search/groups.js";
import { checkInitData, type InitDataUser } from "./init-data.js";
import type { SheetScope, TeeSheet } from "./sheet.js";
import { projectPath } from "../runtime/project-path.js";

/** The page's files, in the source tree, whether this runs from src/, from dist/ or from the start bundle. */
const PUBLIC_DIR = projectPath("src/mini-app/public/");

const MAX_BODY_BYTES = 16 * 1024;

const FILES: Record<string, { file: string; type: string }> = {
  "/tee-sheet/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/tee-sheet/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/tee-sheet/style.css": { file: "style.css", type: "text/css; charset=utf-8" },
};

/** Inline scripts, other origins and plugins refused; Telegram's clients show the page in a frame. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

export interface TeeSheetServerOptions {
  sheet: TeeSheet;
  access: Access;
  /** The price rules: what a customer is shown (their agent's selling price). */
  prices: Pick<PriceRules, "book">;
  /** The bot token initData is signed with. */
  botToken: () => string;
  /** The per-user limit (`createMiniAppLimit`): one token a call, by Telegram user id. */
  limit: Pick<KeyedBuckets, "take">;
  /** The language the user chose with /language, if any (their session's); none: their Telegram's. */
  chosenLocale?: (userId: number) => Promise<Locale | undefined>;
  /** An agent's or admin's recent courses (listed first). */
  recentCourses: (userId: number) => Promise<string[]>;
  /** Hands a checked pick over to the user's chat: the booking flow at the golfer step. */
  handOver: (user: InitDataUser, args: BookingArgs) => Promise<void>;
  logger: Logger;
  now: () => number;
}

/** A mounted handler by exact path, as the public HTTP server on PORT takes them. */
export type TeeSheetRoutes = Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;

/** The sheet's filters, as the page sends them with a read and with a pick. */
const Filters = {
  part: v.optional(v.picklist(["any", "morning", "midday", "afternoon"])),
  area: v.optional(v.pipe(v.string(), v.maxLength(40))),
  maxBaht: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
};

const SheetBody = v.object({
  initData: v.string(),
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
  players: v.optional(v.pipe(v.number(), v.integer())),
  ...Filters,
});

const PickBody = v.object({
  initData: v.string(),
  courseId: v.pipe(v.string(), v.maxLength(100)),
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  slotId: v.pipe(v.string(), v.maxLength(100)),
  players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_GROUP_PLAYERS)),
  ...Filters,
  /** A group's tee times as the page showed them. */
  flights: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(MAX_GROUP_FLIGHTS))),
});

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** When to try again (429), in whole seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  res.end(body);
}

/** A JSON object body (only `application/json`: another site cannot send it without a preflight). */
async function readBody(req: IncomingMessage): Promise<unknown> {
  if (req.method !== "POST") throw new Refusal(405, "method-not-allowed");
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    req.resume();
    throw new Refusal(415, "json-only");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, "too-large");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new Refusal(400, "bad-json");
  }
}

/** The routes of the tee sheet: its page and its API. */
export function createTeeSheetRoutes(options: TeeSheetServerOptions): TeeSheetRoutes {
  const { sheet, access, logger } = options;

  /**
   * The signed user and their role; refuses a bad initData (401), a user over the limit (429, before
   * anything is read for them) and a stranger (403).
   */
  async function member(initData: string): Promise<{ user: InitDataUser; who: Who }> {
    const checked = checkInitData(initData, { botToken: options.botToken(), now: options.now() });
    if (!checked.ok) {
      logger.info({ reason: checked.reason }, "tee sheet: initData refused");
      throw new Refusal(401, "unauthorized");
    }
    const taken = await options.limit.take(String(checked.user.id));
    if (!taken.ok) {
      logger.debug({ userId: checked.user.id, waitMs: taken.waitMs }, "tee sheet: over the per-user limit");
      throw new Refusal(429, "too-many-requests", Math.max(1, Math.ceil(taken.waitMs / 1000)));
    }
    const who = await access.whoIs(checked.user.id);
    if (who.role === "stranger") throw new Refusal(403, "forbidden");
    return { user: checked.user, who };
  }

  /**
   * What the user may see and at what price, as in `/find`: a customer their link's course at the
   * selling price of their agent's sales; agents and admins every course at what they sell at (their
   * own rules) with the net beside it; every member groups for a party larger than one tee time. A
   * top price compares the selling price for everyone.
   */
  async function scopeOf(user: InitDataUser, who: Who): Promise<SheetScope> {
    const book = await options.prices.book();
    const agentId = sellerOf(who, user.id);
    const priceOf: NonNullable<SheetScope["priceOf"]> = (t, c) => book.perPlayer(t.price, { courseId: c.id, agentId });
    if (who.role === "customer") {
      const courseId = await access.links.courseOfCustomer(user.id);
      return { ...(courseId ? { courseIds: [courseId] } : {}), priceOf, groups: true };
    }
    const recent = await options.recentCourses(user.id);
    if (!book.hasMarkup()) return { recent, groups: true };
    return { recent, priceOf, groups: true, showNet: true };
  }

  function api(handle: (body: unknown) => Promise<unknown>) {
    return async (req: IncomingMessage, res: ServerResponse) => {
      try {
        sendJson(res, 200, await handle(await readBody(req)));
      } catch (error) {
        if (error instanceof Refusal) {
          const retry = error.retryAfterSeconds;
          if (retry === undefined) return sendJson(res, error.status, { error: error.code });
          return sendJson(
            res,
            error.status,
            { error: error.code, retryAfterSeconds: retry },
            { "retry-after": String(retry) },
          );
        }
        if (isPartnerApiError(error)) {
          logger.warn({ error: error.toJSON() }, "tee sheet: the partner did not answer");
          return sendJson(res, 503, { error: "unavailable" });
        }
        logger.error({ err: error }, "tee sheet: request failed");
        sendJson(res, 500, { error: "internal" });
      }
    };
  }

  const routes: TeeSheetRoutes = {
    "/tee-sheet/api/sheet": api(async (raw) => {
      const body = v.safeParse(SheetBody, raw);
      if (!body.success) throw new Refusal(400, "bad-request");
      const { initData, maxBaht, ...request } = body.output;
      const { user, who } = await member(initData);
      const read = await sheet.read({ ...request, ...(maxBaht ? { maxBaht } : {}) }, await scopeOf(user, who));
      // As the chat speaks to them: their /language choice, else their Telegram's, narrowed by role (staff
      // read Thai or English: src/locale.ts).
      const chosen = await options.chosenLocale?.(user.id);
      const locale = surfaceLocale({ role: who.role, chosen, languageCode: user.language_code }, "en");
      return { ...read, role: who.role, locale };
    }),
    "/tee-sheet/api/pick": api(async (raw) => {
      const body = v.safeParse(PickBody, raw);
      if (!body.success) throw new Refusal(400, "bad-request");
      const { initData, maxBaht, ...pick } = body.output;
      const { courseId, date, players } = pick;
      const { user, who } = await member(initData);
      // The tee time (or group) is looked up again, for this user, as the search gives it now (their price, their courses).
      const picked = await sheet.pick({ ...pick, ...(maxBaht ? { maxBaht } : {}) }, await scopeOf(user, who));
      if (!picked.ok) throw new Refusal(409, picked.reason);
      const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
      const customer = who.role === "customer" && who.agentId !== undefined;
      const args: BookingArgs = {
        courseId,
        date,
        slot: picked.slot,
        persons: players,
        ...(picked.group ? { group: picked.group } : {}),
        ...(customer ? { agentId: who.agentId, ...(name ? { customerName: name } : {}) } : {}),
      };
      await options.handOver(user, args);
      return { ok: true };
    }),
  };

  for (const [path, { file, type }] of Object.entries(FILES)) {
    routes[path] = async (req, res) => {
      req.resume();
      if (req.method !== "GET" && req.method !== "HEAD") return sendJson(res, 405, { error: "method-not-allowed" });
      const data = await readFile(new URL(file, `file://${PUBLIC_DIR}`));
      res.writeHead(200, {
        "content-type": type,
        "content-length": data.length,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        ...(type.startsWith("text/html") ? { "content-security-policy": CSP } : {}),
      });
      res.end(req.method === "HEAD" ? undefined : data);
    };
  }
  return routes;
}
