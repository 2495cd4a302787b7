/**
 * The English texts the simulated agents look for and the baseline bot shows, read from fairway's own
 * locale file (locales/en.ftl), so a reworded title changes both sides at once. Only simple one-line
 * messages are read; a missing key falls back to today's wording.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./processes.js";

const FALLBACK = {
  "course-title": "Choose a golf course",
  "btn-pick-date": "📅 Choose a date",
  "players-title": "How many players?",
  "customer-title": "Who is playing?",
  "customer-hint": "Reuse a recent customer, or add a new one. You can also just type the customer's full name.",
  "btn-new-customer": "➕ New customer",
  "name-title": "Customer's full name",
  "name-hint": "Type the name as it should appear on the booking, e.g. Somchai Jaidee.",
  "email-title": "Customer's e-mail",
  "email-hint": "Type an e-mail address for the booking confirmation, e.g. name@example.com.",
  "mobile-title": "Customer's mobile number",
  "mobile-hint": "Type a mobile number, e.g. 081-234-5678 or +66 81 234 5678.",
  "mobile-share-hint": "If you are the golfer, you can share your own number with the button below.",
  "mobile-share-prompt": "Or share your own number:",
  "held-title": "Your tee time is on hold",
  "btn-confirm": "✅ Confirm and pay",
  "btn-cancel": "✖ Cancel",
  "confirmed-title": "Booking confirmed",
  "hold-slot-taken": "Sorry, that tee time was just taken. Here is the updated list.",
  "cancel-done": "Booking cancelled. Use /book to start again.",
  "cancel-released": "Booking cancelled and the hold released. Use /book to start again.",
  "cancel-nothing": "There is no booking to cancel. Use /book to start one.",
} as const;

/** The locale keys the bench reads. */
export type TextKey = keyof typeof FALLBACK;
/** The English text of each key. */
export type FlowTexts = Record<TextKey, string>;

let cached: FlowTexts | undefined;

/** The texts of {@link TextKey} from locales/en.ftl (a value with a placeable `{ … }` keeps the fallback). */
export function flowTexts(): FlowTexts {
  if (cached) return cached;
  const out: FlowTexts = { ...FALLBACK };
  let source = "";
  try {
    source = readFileSync(join(ROOT, "locales", "en.ftl"), "utf8");
  } catch {
    // No locale file: the fallback wording.
  }
  for (const line of source.split("\n")) {
    const match = /^([a-z0-9-]+) = (.+)$/.exec(line);
    if (!match) continue;
    const [, key, value] = match as unknown as [string, string, string];
    if (key in out && !value.includes("{")) out[key as TextKey] = value.trim();
  }
  cached = out;
  return out;
}
