import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import type { BookingRecord, GroupView } from "../../src/bookings/index.js";
import { deliverVoucher } from "../../src/bot/features/after-booking/voucher.js";
import { escapeHtml } from "../../src/bot/format/html.js";
import type { Locale } from "../../src/bot/format/locale.js";
import { LOCALES_DIR, translate } from "../../src/bot/i18n.js";
import { createNotifications, type OutgoingMessage } from "../../src/bot/notifications.js";
import { createLogger } from "../../src/logger.js";
import { parseTelegramHtml } from "../../src/local/bot-api-server/index.js";
import { bookingRow } from "../helpers/booking-row.js";

/**
 * Every message and caption fairway sends as HTML, with names from outside (a course, a customer, an
 * agent: what a partner or a user typed), goes through the local Bot API server's parser, which refuses
 * what Telegram refuses (an unsupported or unclosed tag, a bare `<` or `&`). A name that breaks the HTML
 * makes Telegram refuse the message: a voucher or a notice nobody gets.
 */
const HOSTILE = ["<b>", "<Sea>", "&", "&amp;", "</i>", "Sea & Sand <Golf> </b>&lt"] as const;

/** Whether `html` is refused by Telegram's rules: the refusal, or undefined when it parses. */
function refusal(html: string): string | undefined {
  try {
    parseTelegramHtml(html);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Each locale's messages and the variables each refers to. */
function fluentMessages(): { locale: Locale; key: string; vars: string[] }[] {
  const out: { locale: Locale; key: string; vars: string[] }[] = [];
  for (const file of readdirSync(LOCALES_DIR).filter((f) => f.endsWith(".ftl"))) {
    const locale = file.replace(/\.ftl$/, "") as Locale;
    const resource = new FluentResource(readFileSync(join(LOCALES_DIR, file), "utf8"));
    for (const message of resource.body) {
      if (message.id.startsWith("-") || !message.value) continue;
      out.push({ locale, key: message.id, vars: [...variablesOf(message.value)] });
    }
  }
  return out;
}

function variablesOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) variablesOf(n, out);
  else if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (o.type === "var" && typeof o.name === "string") out.add(o.name);
    for (const v of Object.values(o)) variablesOf(v, out);
  }
  return out;
}

describe("Telegram HTML with hostile names", () => {
  it("every Fluent message in every locale, each variable a hostile name escaped as its caller must, parses", () => {
    const messages = fluentMessages();
    expect(new Set(messages.map((m) => m.locale)).size, "every locale file is read").toBeGreaterThanOrEqual(5);
    const refused: string[] = [];
    for (const { locale, key, vars } of messages) {
      for (const name of HOSTILE) {
        const args = Object.fromEntries(vars.map((v) => [v, escapeHtml(name)]));
        const why = refusal(translate(locale, key, args));
        if (why) refused.push(`${locale} ${key} (${name}): ${why}`);
      }
    }
    expect(refused).toEqual([]);
  });

  const booking = (name: string): BookingRecord =>
    ({
      ...bookingRow("b1", "PAID", Date.UTC(2026, 10, 28, 1), Date.UTC(2026, 10, 25, 3), {
        course_name: name,
        course_name_th: name,
        customer_name: name,
        reservation_code: name,
        amount: 300_000,
      }),
    }) as unknown as BookingRecord;

  it("the e-voucher's caption, in every locale, for a booking and a group", async () => {
    const refused: string[] = [];
    for (const locale of ["en", "th", "ko", "ja", "zh"] as const) {
      for (const name of HOSTILE) {
        const sent: OutgoingMessage[] = [];
        const deps = {
          vouchers: {} as never,
          notifications: { deliver: (m: OutgoingMessage) => Promise.resolve(sent.push(m) > 0) } as never,
        };
        const b = booking(name);
        const group = { group: { id: "g1" }, flights: [b] } as unknown as GroupView;
        await deliverVoucher(deps, { booking: b }, { chatId: 7, locale, botUsername: "fairway_bot" });
        await deliverVoucher(deps, { group }, { chatId: 7, locale, botUsername: "fairway_bot" });
        expect(sent).toHaveLength(2);
        for (const m of sent) {
          const why = refusal(m.text);
          if (why) refused.push(`${locale} ${m.what} (${name}): ${why}`);
          else if (!parseTelegramHtml(m.text).text.includes(name))
            refused.push(`${locale} ${m.what} (${name}): name not shown as written`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it("the reaper's notices of a booking and of a group, with a hostile course and customer", async () => {
    const sent: OutgoingMessage[] = [];
    const notifications = createNotifications({
      i18n: {
        t: (locale: string, key: string, args?: Record<string, string | number>) =>
          translate(locale as Locale, key, args),
      },
      config: { defaultLocale: "en" },
      outbox: { enqueue: (m: OutgoingMessage) => Promise.resolve(void sent.push(m)) },
      logger: createLogger({ level: "silent" }),
    } as never);
    for (const name of HOSTILE) {
      for (const locale of ["en", "th", "ko", "ja", "zh"] as const) {
        const b = { ...booking(name), locale };
        for (const kind of ["expired", "released", "reserve-unknown", "reserve-released", "refunded"] as const)
          await notifications.reaperEvent({ kind, booking: b });
        const view = {
          group: { ...b, id: "g1", course_name: name, course_name_th: name },
          flights: [{ ...b, flight: 1 }],
        };
        for (const kind of ["expired", "released"] as const)
          await notifications.groupEvent({ kind, view: view as unknown as GroupView });
      }
    }
    expect(sent.length).toBe(HOSTILE.length * 5 * 7);
    expect(sent.flatMap((m) => (refusal(m.text) ? [`${m.what}: ${refusal(m.text)}`] : []))).toEqual([]);
  });
});
