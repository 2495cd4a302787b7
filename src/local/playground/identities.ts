/**
 * The people you can be in the browser playground. Each is a fixed simulated
 * Telegram user with its own private chat. When fairway runs without a
 * BOT_TOKEN, `createApp` adds the admin and agent ids to the configured admin
 * and agent lists, so these identities have their roles without any setup.
 */

/** Telegram user id of the playground's admin. */
export const PLAYGROUND_ADMIN_ID = 910_000_001;
/** Telegram user id of the playground's sales agent. */
export const PLAYGROUND_AGENT_ID = 910_000_002;
/** Telegram user id of the customer who arrives through an agent's link. */
export const PLAYGROUND_CUSTOMER_ID = 910_000_003;
/** Telegram user id of someone fairway does not know. */
export const PLAYGROUND_STRANGER_ID = 910_000_004;

/**
 * The Telegram languages the playground's switch offers: fairway's locales. Any identity may take any of
 * them, as any phone may: a customer reads Korean, Japanese or Chinese; staff so set read English.
 */
export const PLAYGROUND_LANGUAGES = ["en", "th", "ko", "ja", "zh"] as const;
export type PlaygroundLanguage = (typeof PLAYGROUND_LANGUAGES)[number];

/** One identity of the switch. */
export interface PlaygroundIdentity {
  /** Stable key used by the page ("admin", "agent", "customer", "stranger"). */
  key: "admin" | "agent" | "customer" | "stranger";
  /** Simulated Telegram user id (and private chat id). */
  id: number;
  /** Label of the switch. */
  label: string;
  /** One line saying who this is. */
  role: string;
  first_name: string;
  last_name?: string;
  username?: string;
  /** Initial Telegram language_code. */
  language_code: PlaygroundLanguage;
  /** What "Share my phone number" sends for this user. */
  phone: string;
}

/** The four identities, in the order the switch shows them. */
export const PLAYGROUND_IDENTITIES: readonly PlaygroundIdentity[] = [
  {
    key: "admin",
    id: PLAYGROUND_ADMIN_ID,
    label: "Admin",
    role: "Runs fairway: balance, bookings, refunds, agents",
    first_name: "Ploy",
    last_name: "Admin",
    username: "ploy_admin",
    language_code: "en",
    phone: "+66811110001",
  },
  {
    key: "agent",
    id: PLAYGROUND_AGENT_ID,
    label: "Agent",
    role: "Sales agent: books tee times for customers, issues customer links",
    first_name: "Niran",
    last_name: "Agent",
    username: "niran_sales",
    language_code: "en",
    phone: "+66811110002",
  },
  {
    key: "customer",
    id: PLAYGROUND_CUSTOMER_ID,
    label: "Customer",
    role: "A golfer who arrives through a link an agent made",
    first_name: "Somchai",
    last_name: "Jaidee",
    language_code: "th",
    phone: "+66811110003",
  },
  {
    key: "stranger",
    id: PLAYGROUND_STRANGER_ID,
    label: "Stranger",
    role: "Someone fairway does not know",
    first_name: "Alex",
    language_code: "en",
    phone: "+66811110004",
  },
];

/** The identity with this user id, if it is one of the playground's. */
export function findIdentity(userId: number): PlaygroundIdentity | undefined {
  return PLAYGROUND_IDENTITIES.find((identity) => identity.id === userId);
}

/** Whether a value is one of the playground's languages. */
export function isPlaygroundLanguage(value: unknown): value is PlaygroundLanguage {
  return typeof value === "string" && (PLAYGROUND_LANGUAGES as readonly string[]).includes(value);
}
