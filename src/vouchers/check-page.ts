/**
 * The e-voucher's check page, `GET /v/<token>` on the public server: the booking's state now, plainly
 * (valid, void, cancelled by the course, moved: never what it was moved to), in the voucher's language, readable on a phone. One
 * HTML answer with its style inline (allowed by its hash in a strict Content-Security-Policy), no script,
 * nothing from elsewhere; it shows what the voucher shows, less the lead golfer's name and every price. An
 * unknown or malformed token is a bare 404; an address over its limit (every call counts, a token found or
 * not) a 429.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bookingCourseName } from "../bookings/index.js";
import { translate } from "../bot/i18n.js";
import { dateKeyOf, formatDateLong, formatTime } from "../bot/format/dates.js";
import type { Logger } from "../logger.js";
import type { KeyedBuckets } from "../runtime/shared-buckets.js";
import { flightStatus } from "./status.js";
import type { VoucherCheck, Vouchers } from "./vouchers.js";

/** Where the check page is mounted: every path under it is a token. */
export const VOUCHER_PATH_PREFIX = "/v/";

const STYLE = `body{margin:0;font:17px/1.45 system-ui,sans-serif;color:#15202b;background:#f3f5f6}
main{max-width:30rem;margin:0 auto;padding:1.2rem}
.status{border-radius:.8rem;padding:1rem 1.2rem;color:#fff;margin-bottom:1rem}
.status h1{margin:0;font-size:1.8rem}.status p{margin:.3rem 0 0}
.valid{background:#1d6b43}.void,.moved,.course-cancelled{background:#a32d2d}.pending,.partial{background:#8a5a00}
section{background:#fff;border-radius:.8rem;padding:1rem 1.2rem}
h2{margin:0 0 .4rem;font-size:1.3rem}dl{margin:0}dt{color:#5b6770;font-size:.85rem;margin-top:.6rem}dd{margin:0;font-weight:600}
li{margin:.2rem 0}`;

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** No script, no other origin, no frame, no form: only this page's own style. */
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page of a checked voucher. */
export function checkPageHtml(check: VoucherCheck): string {
  const { locale, flights } = check;
  const t = (key: string, args?: Record<string, string | number>) => escapeHtml(translate(locale, key, args));
  const first = flights[0]!;
  const code = (b: (typeof flights)[number]) => escapeHtml(b.reservation_code ?? b.reservation_id ?? "-");
  const time = (b: (typeof flights)[number]) => formatTime(b.slot_starts_at, b.time_zone, locale);
  const players = flights.reduce((n, f) => n + f.persons, 0);
  const rows =
    flights.length === 1
      ? `<dt>${t("voucher-time")}</dt><dd>${time(first)}</dd><dt>${t("voucher-players")}</dt><dd>${t("voucher-players-count", { players })}</dd><dt>${t("voucher-code")}</dt><dd>${code(first)}</dd>`
      : `<dt>${t("voucher-players")}</dt><dd>${t("voucher-players-count", { players })}</dd><dt>${t("voucher-flights")}</dt><dd><ul>${flights
          .map((f) => {
            const mark =
              flightStatus(f.state) === "valid"
                ? "voucher-check-flight-valid"
                : f.ended_by === "course"
                  ? "voucher-check-flight-course-cancelled"
                  : "voucher-check-flight-void";
            return `<li>${t("voucher-flight", { time: time(f), players: f.persons, code: f.reservation_code ?? "-" })} — ${t(mark)}</li>`;
          })
          .join("")}</ul></dd>`;
  const detail = t(`voucher-check-${check.status}-detail`);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t("voucher-check-title")}</title><style>${STYLE}</style></head>
<body><main>
<div class="status ${check.status}"><h1>${t(`voucher-check-${check.status}`)}</h1><p>${detail}</p></div>
<section><h2>${escapeHtml(bookingCourseName(first, locale))}</h2><dl>
<dt>${t("voucher-date")}</dt><dd>${formatDateLong(dateKeyOf(first.slot_starts_at, first.time_zone), locale)}</dd>
${rows}
</dl></section>
</main></body></html>
`;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...headers,
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** The client's address as the connection gives it (an IPv4 address mapped into IPv6 as plain IPv4). */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? "unknown";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

export interface CheckPageOptions {
  vouchers: Pick<Vouchers, "check">;
  /**
   * The per-address limit (VOUCHER_CHECK_RATE_PER_MINUTE): a token a call, taken before the token is
   * looked up; over it, 429 with Retry-After. Unset: no limit.
   */
  limit?: Pick<KeyedBuckets, "take">;
  logger: Logger;
}

/** The handler of every path under `/v/`. */
export function createCheckPage(options: CheckPageOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    req.resume();
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(res, 405, "", { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
    const taken = await options.limit?.take(clientAddress(req));
    if (taken && !taken.ok) {
      const seconds = Math.max(1, Math.ceil(taken.waitMs / 1000));
      options.logger.debug({ waitMs: taken.waitMs }, "voucher check: over the per-address limit");
      return send(res, 429, "Too many requests\n", {
        "retry-after": String(seconds),
        "content-type": "text/plain; charset=utf-8",
      });
    }
    const path = (req.url ?? "").split("?")[0] ?? "";
    const token = path.startsWith(VOUCHER_PATH_PREFIX) ? path.slice(VOUCHER_PATH_PREFIX.length) : "";
    const check = await options.vouchers.check(token);
    if (!check) return send(res, 404, "Not found\n", { "content-type": "text/plain; charset=utf-8" });
    options.logger.debug({ status: check.status }, "voucher checked");
    send(res, 200, checkPageHtml(check), {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CSP,
    });
  };
}
