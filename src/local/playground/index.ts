/**
 * The browser playground: a Telegram-like chat page on the local Bot API
 * server's own port. `GET /` serves the page (static files in `public/`), and
 * `/playground/*` its JSON and Server-Sent Events API (see README.md here).
 *
 * ```ts
 * const telegram = createBotApiServer();
 * await telegram.listen(8080);
 * const playground = createPlayground({ telegram, partnerUrl });
 * // open http://127.0.0.1:8080/ ... then: playground.close()
 * ```
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BotApiServer, SimulatedUser } from "../bot-api-server/index.js";
import { PlaygroundEvents } from "./events.js";
import { serveStatic } from "./http.js";
import { PLAYGROUND_IDENTITIES, type PlaygroundIdentity } from "./identities.js";
import { type RouteContext, handleApi } from "./routes.js";
import { messageView } from "./views.js";
import type { SlipCheckStandIn } from "../slip-check/index.js";
import { lazy } from "../../runtime/lazy.js";

export {
  PLAYGROUND_ADMIN_ID,
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
  PLAYGROUND_STRANGER_ID,
  PLAYGROUND_IDENTITIES,
  type PlaygroundIdentity,
} from "./identities.js";
export type { MessageView, FileView } from "./views.js";

/** Options of {@link createPlayground}. */
export interface PlaygroundOptions {
  /** The local Bot API server fairway talks to; the playground mounts itself on it. */
  telegram: BotApiServer;
  /** Partner base URL; its `/__sandbox/state` feeds the side panel (when it is the sandbox). */
  partnerUrl: string;
  /** How often the sandbox state is polled while a page is open (default 1 000 ms). */
  stateIntervalMs?: number;
  /** fairway's clock: when a Mini App opened (its initData's `auth_date`). Default Date.now. */
  now?: () => number;
  /** The local slip-check stand-in the slip check asks: the side panel's slip buttons (absent: none). */
  slipCheck?: SlipCheckStandIn;
}

/** Handlers by exact path that the playground's port serves too (the tee sheet Mini App). */
export type MountedRoutes = Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;

/** A mounted playground. */
export interface Playground {
  /** The page's address, e.g. http://127.0.0.1:8080/ (the Bot API server must be listening). */
  readonly url: string;
  /** The simulated user behind an identity. */
  userOf(identity: PlaygroundIdentity): SimulatedUser;
  /** Serves these paths on the playground's port too (the tee sheet Mini App, when no BOT_TOKEN). */
  mountRoutes(routes: MountedRoutes): void;
  /** Serves every path under these prefixes (ending in `/`) too: the e-voucher's check page, `/v/`. */
  mountPrefixRoutes(routes: MountedRoutes): void;
  /** Ends the pages' event streams and unmounts. */
  close(): void;
}

/** Mounts the playground's page and API on the local Bot API server. */
export function createPlayground(options: PlaygroundOptions): Playground {
  const { telegram, partnerUrl } = options;
  // Every identity exists from the start (with its names and language): its chat, keyboard and menu can be read.
  const users = new Map(
    PLAYGROUND_IDENTITIES.map((identity) => [
      identity.id,
      telegram.user({
        id: identity.id,
        first_name: identity.first_name,
        ...(identity.last_name !== undefined ? { last_name: identity.last_name } : {}),
        ...(identity.username !== undefined ? { username: identity.username } : {}),
        language_code: identity.language_code,
      }),
    ]),
  );
  const userOf = (identity: PlaygroundIdentity): SimulatedUser => {
    const user = users.get(identity.id);
    if (user === undefined) throw new Error(`playground: unknown identity ${identity.id}`);
    return user;
  };
  const snapshot = (): Record<string, unknown> => ({
    bot: { id: telegram.botInfo.id, username: telegram.botInfo.username, first_name: telegram.botInfo.first_name },
    identities: PLAYGROUND_IDENTITIES.map((identity) => {
      const user = userOf(identity);
      return {
        ...identity,
        language_code: user.user.language_code ?? identity.language_code,
        messages: user.history().map(messageView),
        replyKeyboard: user.replyKeyboard() ?? null,
      };
    }),
    slipCheckStandIn: options.slipCheck !== undefined,
  });
  const events = new PlaygroundEvents(telegram, partnerUrl, snapshot, options.stateIntervalMs);
  const now = options.now ?? Date.now;
  const standIn = options.slipCheck;
  // Loaded with the first slip: its QR and image libraries are not loaded at start (test/lazy-boundary.test.ts).
  const slips = standIn && lazy(async () => (await import("./slips.js")).createPlaygroundSlips({ standIn, now }));
  const ctx: RouteContext = { telegram, partnerUrl, events, userOf, snapshot, now, ...(slips ? { slips } : {}) };
  let mounted: MountedRoutes = {};
  let prefixed: MountedRoutes = {};

  telegram.mount(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/playground/")) return handleApi(ctx, req, res, url);
    const route =
      (Object.hasOwn(mounted, url.pathname) ? mounted[url.pathname] : undefined) ??
      Object.entries(prefixed).find(([prefix]) => url.pathname.startsWith(prefix))?.[1];
    if (route) {
      await route(req, res);
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    return serveStatic(url.pathname, res);
  });

  return {
    get url() {
      return `${telegram.url}/`;
    },
    userOf,
    mountRoutes(routes) {
      mounted = { ...routes };
    },
    mountPrefixRoutes(routes) {
      prefixed = { ...routes };
    },
    close() {
      telegram.mount(undefined);
      events.close();
    },
  };
}
