import { autoRetry } from "@grammyjs/auto-retry";
import { sequentialize } from "@grammyjs/runner";
import { conversations, createConversation, type ConversationData, type VersionedState } from "@grammyjs/conversations";
import { Api, Bot, GrammyError, HttpError, session, type Context, type Middleware, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import {
  BOOKING_FLOW_VERSION,
  BOOKING_IDLE_MS,
  BOOKING_STATE_TTL_MS,
  createBookingConversation,
} from "./conversations/booking/index.js";
import { BOOKING_CONVERSATION } from "./conversations/booking/entry.js";
import {
  createTaxInvoiceConversation,
  TAX_INVOICE_CONVERSATION,
  TAX_INVOICE_IDLE_MS,
} from "./conversations/tax-invoice.js";
import type { BotContext, BotDeps, FlowContext, Locale } from "./context.js";
import { commandsForCustomer, createMenuMemo } from "./commands.js";
import { voucherDrawer } from "./features/after-booking/voucher.js";
import { createAbuseControl, type AbuseControlHooks } from "./abuse-control.js";
import { createBusyAnswers } from "./busy-answers.js";
import { isAccessRefused } from "../access/index.js";
import { isBookingOwned } from "../bookings/index.js";
import { isDatabaseUnavailable } from "../storage/unavailable.js";
import { createConversationStates } from "../storage/conversation-states.js";
import { createAccessGate, createFormerCustomerGate } from "./features/access-gate.js";
import { createAdminFeature } from "./features/admin/index.js";
import { createAfterBookingFeature, createAfterBookingPass } from "./features/after-booking/index.js";
import { createBookingEntry, createBookingGuards } from "./features/booking.js";
import { createPaymentsFeature } from "./features/payments/index.js";
import { createFindEntry, createFindFeature } from "./features/find/index.js";
import { createWatchesEntry, createWatchesFeature } from "./features/watches/index.js";
import { createLinksFeature } from "./features/links.js";
import { createStartFeature } from "./features/start.js";
import { createTeeSheetEntry, createTeeSheetMenuButton, createTeeSheetPicks } from "./features/tee-sheet.js";
import { createInlineOffersFeature, INLINE_START_PARAMETER } from "./features/inline-offers.js";
import { createOffersFeature } from "./features/offers.js";
import { createInlineThrottle } from "./inline/throttle.js";
import { createNotifications } from "./notifications.js";
import { createSandboxMark, MARK_KEY } from "./sandbox-mark.js";
import { localeOfUser, sessionStorage, type SessionData } from "./session.js";
import { resolveRole } from "./middlewares/roles.js";
import { createFallbackFeature } from "./features/fallback.js";
import { createLanguageFeature } from "./features/language.js";
import { createMenuFeature } from "./features/menu.js";
import { createMyBookingsFeature } from "./features/my-bookings.js";
import { createMovesFeature } from "./features/moves/index.js";
import { createTripCustomerGate } from "./features/trips/gate.js";
import { createTripsFeature } from "./features/trips/index.js";
import { createTripEntry } from "./features/trips/entry.js";
import { createTripConversation, TRIP_CONVERSATION } from "./conversations/trip/index.js";
import { createTripEditConversation, TRIP_EDIT_CONVERSATION } from "./conversations/trip/edit.js";
import { createI18n, surfaceLocale } from "./i18n.js";
import { dedupeUpdates } from "./middlewares/dedupe-updates.js";
import { isBlocked, plainTextOnEntityErrors, tolerateLateCallbackAnswers } from "./ui/telegram-errors.js";
import { soloFleet, type Fleet } from "../runtime/fleet.js";
import { createCourseAlternativesEntry } from "./features/course-changes/alternatives.js";
import { createCourseNotices } from "./features/course-changes/notices.js";
import { deliverTripPapers } from "./features/trips/papers.js";
import { deliverInstalmentQr } from "./features/trips/instalments.js";
import type { BucketStore } from "../runtime/shared-buckets.js";

export type { BotContext, BotDeps } from "./context.js";

export interface CreateBotOptions {
  token: string;
  /** Bot API server root (TELEGRAM_API_ROOT); default Telegram's. */
  apiRoot?: string;
  /** Skips getMe at start-up (tests). */
  botInfo?: UserFromGetMe;
  /** Overrides the stored-conversation version (tests of a deploy with changed flow code). */
  flowVersion?: number;
  /** Runs first for every update (instrumentation: tests count updates in flight). */
  first?: Middleware<Context>;
  /**
   * A Bot API transformer installed below auto-retry, so it sees every attempt (metrics). It must
   * pass every call and answer through unchanged.
   */
  apiObserver?: Transformer;
  /** Metrics of the per-user limit, the outbox and the outgoing budget. */
  limitHooks?: AbuseControlHooks;
  /** This bot's instances (default: this process alone): the limits are shared with the live ones. */
  fleet?: Fleet;
  /** The shared buckets in the database (PostgreSQL), used while other instances receive updates. */
  bucketStore?: BucketStore;
}

interface LocaleCarrier {
  flowLocale?: Locale;
  session?: SessionData;
  who?: { role: string };
}

/** Builds fairway's bot: plugins in order, then one composer per feature. */
export function createBot(base: Omit<BotDeps, "notifications" | "courseNotices">, options: CreateBotOptions) {
  // Abuse control and rate limits (abuse-control.ts): every HTTP attempt paced by the outgoing budget.
  const fleet = options.fleet ?? soloFleet("this process");
  const { defaultLocale } = base.config;
  // The surface's language: the flow's (read outside, below), else the user's by their role and choice.
  const i18n = createI18n<Context & LocaleCarrier>(
    defaultLocale,
    (ctx) =>
      ctx.flowLocale ??
      surfaceLocale(
        { role: ctx.who?.role, chosen: ctx.session?.locale, languageCode: ctx.from?.language_code },
        defaultLocale,
      ),
  );
  // A demo (a real bot on the embedded sandbox): every send is marked, on every client below.
  const mark = base.config.sandboxDemo ? sandboxMarkOf(base, i18n) : undefined;
  const limits = createAbuseControl({
    ...base,
    fleet,
    ...(options.bucketStore ? { bucketStore: options.bucketStore } : {}),
    token: options.token,
    ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
    ...(options.apiObserver ? { apiObserver: options.apiObserver } : {}),
    ...(mark ? { outgoing: mark.transformer } : {}),
    ...(options.limitHooks ? { hooks: options.limitHooks } : {}),
    ...(base.vouchers ? { drawVoucher: voucherDrawer({ vouchers: base.vouchers, bookings: base.bookings }) } : {}),
  });
  const bot = new Bot<BotContext>(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: {
      ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
      timeoutSeconds: 60,
      fetch: limits.budget.fetch,
    },
  });
  if (options.apiObserver) bot.api.config.use(options.apiObserver);
  if (mark) bot.api.config.use(mark.transformer);
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
  const lateAnswer = tolerateLateCallbackAnswers((detail) =>
    base.logger.info(detail, "a button tap was answered too late; its work goes on"),
  );
  bot.api.config.use(lateAnswer);
  // A tap whose view must wait for Telegram's limits is answered "fairway is busy" (busy-answers.ts).
  const busy = createBusyAnswers({ expectedWaitMs: (chatKey) => limits.budget.expectedWaitMs(chatKey) });
  bot.api.config.use(busy.transformer);
  // A message Telegram refuses for its HTML (a name nobody escaped) arrives as plain text, logged as the bug it is.
  const plainFallback = plainTextOnEntityErrors((detail) =>
    base.logger.error(detail, "Telegram refused a message's HTML; sent again as plain text"),
  );
  bot.api.config.use(plainFallback);

  // Inside the booking flow a Bot API call (replayed from the conversation's log) waits at most a
  // short while: one retry, after at most 3 s. Built once: auto-retry keeps its state per call, so one
  // transformer serves every client.
  const flowRetry = [
    ...(mark ? [mark.transformer] : []),
    autoRetry({ maxRetryAttempts: 1, maxDelaySeconds: 3 }),
    lateAnswer,
    busy.transformer,
    plainFallback,
  ];
  // The flow's panel is shown from an `external` (not replayed, so a wait costs no later update
  // anything) through a client of the bot's options (fetch paced by the budget). A 429 asking for
  // longer than the flow's retry is waited out up to 25 s, the chat's lock held meanwhile (its other
  // updates could not be answered sooner anyway): the view arrives when Telegram allows, rather than
  // the tap leaving the panel as it was. Beyond 25 s the update fails and the user is told. Built
  // once: every update's client has the same token and options, and this client keeps no state.
  const flowApi = new Api(bot.token, bot.api.options);
  if (options.apiObserver) flowApi.config.use(options.apiObserver);
  if (mark) flowApi.config.use(mark.transformer);
  flowApi.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 25 }), lateAnswer, plainFallback);

  const notifications = createNotifications({ ...base, api: bot.api, i18n, outbox: limits.outbox });
  const courseNotices = createCourseNotices({
    db: base.storage.db,
    outbox: limits.outbox,
    notifications,
    access: base.access,
    bookings: base.bookings,
    ledger: base.ledger,
    catalog: base.catalog,
    receipts: base.receipts,
    trips: base.trips,
    // Called only from a pass, once the bot is initialised (its username is known).
    tripPapers: async (view, change) => {
      await deliverTripPapers(deps, view, bot.botInfo.username, { itinerary: true, vouchersOf: [] });
      if (change === "ended") await deliverInstalmentQr(deps, view, "balance");
    },
    logger: base.logger.child({ module: "course-notices" }),
    now: base.now,
  });
  const deps: BotDeps = { ...base, notifications, courseNotices };
  const teeSheetPicks = createTeeSheetPicks(base.now);

  if (options.first) bot.use(options.first);
  // The per-user limit, before anything else: a flood's excess is dropped here, in memory.
  bot.use(limits.gate(bot.api, (locale, key) => i18n.t(locale, key)));
  // Inline queries: a burst of keystrokes is debounced before the per-user line and its lock below.
  const inlineThrottle = createInlineThrottle({
    now: base.now,
    shared: { fleet, kv: base.storage.kv },
  });
  bot.use(inlineThrottle.debounce);
  // One update at a time per chat: in this process (the runner is concurrent across chats), then
  // across instances (a PostgreSQL advisory lock; on SQLite there is one process). The dedupe below
  // runs under both, so a redelivered update waits for the first delivery and is then dropped.
  const chatKey = (ctx: Context) => ctx.chat?.id.toString() ?? ctx.from?.id.toString();
  bot.use(sequentialize(chatKey));
  bot.use((ctx, next) => {
    const key = chatKey(ctx);
    return key === undefined ? next() : base.storage.locks.run(`chat:${key}`, next);
  });
  bot.use((ctx, next) => {
    ctx.deps = deps;
    return next();
  });
  bot.use(dedupeUpdates());
  bot.use(
    session<SessionData, BotContext>({
      initial: () => ({}),
      storage: sessionStorage(deps.storage.kv),
      getSessionKey: (ctx) => ctx.from?.id.toString(),
    }),
  );
  // The role first: the language of a surface depends on it (staff read Thai or English only).
  bot.use(resolveRole());
  bot.use(i18n);
  if (mark) bot.use(mark.middleware());
  bot.use(busy.middleware());
  bot.use(async (ctx, next) => {
    const code = ctx.from?.language_code;
    if (code && ctx.session.languageCode !== code) ctx.session.languageCode = code;
    await next();
  });
  // Inline queries and chosen results have no chat: served here, above the chat-type filters.
  bot.use(createInlineOffersFeature(inlineThrottle));

  // Everything below serves private chats; in a group fairway only points to the private chat.
  const groups = bot.chatType(["group", "supergroup"]);
  groups.on("message", (ctx) => ctx.reply(ctx.t("private-only")));
  const chat = bot.chatType("private");

  // A flow's state the database would not take after its panel was shown (an outage) is kept and stored
  // when the database answers again, so the chat and the stored step agree (conversation-states.ts).
  const conversationStates = createConversationStates<VersionedState<ConversationData>>({
    kv: deps.storage.kv,
    prefix: "convo:",
    ttlMs: BOOKING_STATE_TTL_MS,
    locks: deps.storage.locks,
    lockKey: (key) => `chat:${key}`,
    logger: deps.logger,
  });
  chat.use(
    conversations<BotContext, FlowContext>({
      storage: {
        type: "key",
        adapter: conversationStates.adapter,
        version: options.flowVersion ?? BOOKING_FLOW_VERSION,
      },
      plugins: (conversation) => [
        // The user's language choice lives in the outside session: read it through `external`.
        async (ctx, next) => {
          (ctx as FlowContext & LocaleCarrier).flowLocale = await conversation.external((outside) =>
            surfaceLocale(
              { role: outside.who.role, chosen: outside.session.locale, languageCode: outside.from?.language_code },
              defaultLocale,
            ),
          );
          await next();
        },
        i18n,
        async (ctx, next) => {
          ctx.api.config.use(...flowRetry);
          await next();
        },
      ],
    }),
  );
  // Everyone: help and language. Then the gate: strangers go no further.
  chat.use(createMenuFeature());
  chat.use(createLanguageFeature());
  chat.use(createAfterBookingPass());
  chat.use(createAccessGate());
  // Agents' and admins' chats: the menu button opens the tee sheet (when the Mini App is served).
  chat.use(createTeeSheetMenuButton());
  // The tax invoice's buyer: its flow first, then the button that enters it (after-booking).
  chat.use(
    createConversation(createTaxInvoiceConversation(deps), {
      id: TAX_INVOICE_CONVERSATION,
      maxMillisecondsToWait: TAX_INVOICE_IDLE_MS,
    }),
  );
  chat.use(createAfterBookingFeature());
  // Slips, payment decisions, /payments: before the booking conversation, which would take their updates.
  chat.use(createPaymentsFeature());
  chat.use(createFormerCustomerGate());
  // A trip's lead customer: their trip only. Then /trips (agents, admins, that customer).
  chat.use(createTripCustomerGate());
  chat.use(createTripsFeature());
  // Customers, agents and admins; each feature checks its own roles again, buttons included.
  chat.use(createBookingGuards());
  chat.use(createFindFeature());
  chat.use(createWatchesFeature());
  chat.use(createMyBookingsFeature());
  chat.use(createMovesFeature());
  chat.use(createLinksFeature());
  chat.use(createAdminFeature());
  chat.use(
    createConversation(
      createBookingConversation(deps, () => flowApi),
      { id: BOOKING_CONVERSATION, maxMillisecondsToWait: BOOKING_IDLE_MS },
    ),
  );
  chat.use(
    createConversation(createTripConversation(deps), {
      id: TRIP_CONVERSATION,
      maxMillisecondsToWait: BOOKING_IDLE_MS,
    }),
  );
  chat.use(
    createConversation(createTripEditConversation(deps), {
      id: TRIP_EDIT_CONVERSATION,
      maxMillisecondsToWait: BOOKING_IDLE_MS,
    }),
  );
  // Entering the conversation must happen below it.
  chat.use(createTripEntry());
  chat.use(createFindEntry());
  chat.use(createCourseAlternativesEntry());
  chat.use(createWatchesEntry());
  chat.use(createOffersFeature());
  // The tee sheet's hand-over (`/start ts_…`, an update fairway gives itself), before /start's own handler.
  chat.use(createTeeSheetEntry(teeSheetPicks));
  chat.use(
    createStartFeature(async (ctx) => {
      if (ctx.from)
        await commandsForCustomer(ctx.api, ctx.from.id, createMenuMemo(deps.storage.kv)).catch((err: unknown) =>
          deps.logger.warn({ err }, "customer command menu not set"),
        );
    }),
  );
  chat.use(createBookingEntry());
  bot.use(createFallbackFeature());

  // The error handler counts on no middleware having run: an update that failed in the chat's lock or
  // its session (the database away) has no `ctx.t`, no session and no role. Its answer's language comes
  // from what is known without the database: the role and the chosen language if they were read, else
  // the admins and AGENT_IDS (staff read Thai or English) and Telegram's `language_code`.
  const answerLocale = (ctx: BotContext): Locale => {
    const carrier = ctx as unknown as LocaleCarrier;
    let chosen: unknown;
    try {
      chosen = carrier.session?.locale;
    } catch {
      chosen = undefined;
    }
    const id = ctx.from?.id;
    const staff = id !== undefined && (base.access.isAdmin(id) || base.config.agentIds.includes(id));
    const role = carrier.who?.role ?? (staff ? "agent" : undefined);
    return surfaceLocale({ role, chosen, languageCode: ctx.from?.language_code }, defaultLocale);
  };

  bot.catch(async ({ ctx, error }) => {
    const log = deps.logger.child({ updateId: ctx.update.update_id, chatId: ctx.chat?.id });
    if (error instanceof GrammyError && isBlocked(error)) {
      log.info({ description: error.description }, "user blocked the bot");
      return;
    }
    // The service's access rule refused a write the screens would not have offered (forged or stale data).
    const refused = isAccessRefused(error);
    // Another path asked to write a booking an open move owns (bookings/ownership.ts): nothing was done.
    const owned = !refused && isBookingOwned(error);
    // The database could not be reached (an outage, a restart): the user is told to try again shortly.
    const unavailable = !refused && !owned && isDatabaseUnavailable(error);
    if (refused) log.warn({ reason: error.reason, kind: error.request.kind }, "write refused by the access rule");
    else if (owned)
      log.warn({ bookingId: error.bookingId, write: error.write }, "write refused: a move owns the booking");
    else if (unavailable)
      log.warn({ err: { message: (error as Error).message } }, "update failed: the database is unreachable");
    else
      log.error(
        { err: error instanceof GrammyError || error instanceof HttpError ? { message: error.message } : error },
        "update failed",
      );
    const key = refused
      ? "error-not-allowed"
      : owned
        ? error.owner.startsWith("trip ")
          ? "error-trip-owns"
          : "error-move-open"
        : unavailable
          ? "error-database-busy"
          : "error-generic";
    let text: string;
    try {
      text = i18n.t(answerLocale(ctx), key);
    } catch (translateError) {
      log.warn({ err: translateError }, "the failure's notice could not be translated");
      text = i18n.t(defaultLocale, key);
    }
    // A tap is always answered, so its spinner stops: with the notice where no message follows (groups)
    // or the database is away (the notice shows at once where the user is looking).
    if (ctx.callbackQuery) {
      const toast = ctx.chat?.type !== "private" || unavailable;
      await ctx
        .answerCallbackQuery(toast ? { text, ...(refused || owned ? { show_alert: true } : {}) } : {})
        .catch(() => undefined);
    }
    // An inline query the database failed: an empty answer whose button says so, instead of a spinner.
    if (ctx.inlineQuery && unavailable) {
      await ctx
        .answerInlineQuery([], {
          cache_time: 0,
          is_personal: true,
          button: { text, start_parameter: INLINE_START_PARAMETER },
        })
        .catch((err: unknown) => log.warn({ err }, "could not tell the user about the failure"));
      return;
    }
    if (ctx.chat?.type !== "private") return;
    try {
      await ctx.reply(text);
    } catch (replyError) {
      log.warn({ err: replyError }, "could not tell the user about the failure");
    }
  });

  return {
    bot,
    /** What every update's handlers are given (the leader's jobs that act as a handler would read it too). */
    deps,
    i18n,
    notifications,
    outbox: limits.outbox,
    budget: limits.budget,
    teeSheetPicks,
    conversationStates,
  };
}

export type FairwayBot = ReturnType<typeof createBot>;

/** The sandbox mark in the language of the chat it goes to (a user's chat: theirs; any other: the default). */
function sandboxMarkOf(
  base: Pick<BotDeps, "config" | "storage" | "access">,
  i18n: { t(locale: string, key: string): string },
) {
  const { defaultLocale } = base.config;
  return createSandboxMark({
    async markFor(chatId) {
      const locale =
        typeof chatId === "number" && chatId > 0
          ? await localeOfUser({ kv: base.storage.kv, access: base.access }, chatId, defaultLocale)
          : defaultLocale;
      return i18n.t(locale, MARK_KEY);
    },
  });
}
