/**
 * The e-voucher end to end: booked through the bot (the sandbox over HTTP, SQLite on disk), sent as a
 * photo with the receipt, its QR read back by a decoder fairway does not use to draw it (jsQR), and the
 * check page it opens fetched over real HTTP: valid, then void after an admin's refund. With a markup,
 * neither the voucher's text nor the page carries the net.
 */
import { request } from "node:http";
import { PNG } from "pngjs";
import { afterEach, describe, expect, it } from "vitest";
import { userActor, type BookingRecord } from "../../src/bookings/index.js";
import { netOf, sellingOf } from "../../src/bot/format/booking-money.js";
import { formatBaht } from "../../src/bot/format/money.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../src/local/bot-api-server/store.js";
import { voucherContent } from "../../src/vouchers/content.js";
import { createVoucherStore } from "../../src/vouchers/store.js";
import { voucherSvg } from "../../src/vouchers/svg.js";
import { createLink, customerDetails, paidBooking, pickDate, tapData, tomorrow } from "../helpers/flow.js";
import { bookGroup } from "../helpers/group-flow.js";
import { startHarness, type Harness } from "../helpers/harness.js";
import { qrOf, slipPhoto } from "../helpers/slips.js";

const ADMIN = 9001;
const AGENT = 9002;
const ORIGIN = "https://vouchers.fairway.example";

let h: Harness;
afterEach(async () => {
  await h.stop();
});

async function start(more: Record<string, string> = {}): Promise<Harness> {
  h = await startHarness({
    env: {
      ...more,
      ADMIN_IDS: String(ADMIN),
      AGENT_IDS: String(AGENT),
      PRICE_MARKUP: "20%",
      PRICE_ROUNDING: "10",
      VOUCHER_URL: ORIGIN,
      AGENCY_NAME: "Siam Fairways",
      AGENCY_CONTACT: "+66 81 234 5678",
    },
  });
  return h;
}

/** The voucher photos `user` received. */
const vouchersOf = (user: SimulatedUser): ChatMessage[] => user.messages().filter((m) => m.photo && m.file?.data);

/** The agent's receipt, where "Send to golfer" is. */
const receiptOf = (user: SimulatedUser): number =>
  user.messages().find((m) => m.text?.includes("Booking confirmed"))!.message_id;

/** The check page behind a voucher's QR, fetched from fairway's public server. */
async function openQr(photo: ChatMessage): Promise<{ url: string; res: Response; html: string }> {
  const url = qrOf(photo);
  expect(url).toMatch(new RegExp(`^${ORIGIN}/v/[A-Za-z0-9_-]{24}$`));
  const res = await fetch(`${h.app.httpUrl()}${new URL(url).pathname}`);
  return { url, res, html: await res.text() };
}

function expectImage(photo: ChatMessage): PNG {
  const bytes = photo.file!.data!;
  expect(bytes.length, "under 300 KB").toBeLessThan(300 * 1024);
  const png = PNG.sync.read(Buffer.from(bytes));
  expect(png.width, "at least 800 px wide").toBeGreaterThanOrEqual(800);
  return png;
}

/** Every form a booking's net could take in `locale` (its total and its per-player share). */
function netFigures(b: Pick<BookingRecord, "amount" | "expected_amount" | "persons">, locale: "en" | "th"): string[] {
  const net = netOf(b);
  return [formatBaht(net, locale), formatBaht(Math.round(net / b.persons), locale)];
}

describe("the e-voucher", () => {
  it("comes with an agent's receipt (en): its QR opens the check page over HTTP, valid, then void after an admin's refund; no net anywhere", async () => {
    await start();
    const agent = h.user(AGENT, "en", "Anan");
    const booking = await paidBooking(h, agent, "Voucher Golfer");
    expect(netOf(booking)).not.toBe(sellingOf(booking));

    const [photo, ...more] = vouchersOf(agent);
    expect(more, "one voucher per receipt").toEqual([]);
    expect(photo!.caption).toContain("e-voucher");
    expectImage(photo!);

    const valid = await openQr(photo!);
    expect(valid.res.status).toBe(200);
    expect(valid.res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = valid.res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline|https?:/);
    expect(valid.html).toContain('<html lang="en">');
    expect(valid.html).toContain("Valid");
    expect(valid.html).toContain(booking.reservation_code!);
    expect(valid.html).not.toMatch(/<script|<link|<img|src=|https?:\/\//i);
    expect(valid.html, "no personal data beyond the voucher's: not even the lead golfer").not.toContain(
      "Voucher Golfer",
    );
    expect(valid.html).not.toContain(booking.customer_email);
    for (const figure of netFigures(booking, "en")) expect(valid.html).not.toContain(figure);

    // What the voucher says: the selling price, never the net.
    const text = voucherSvg(
      voucherContent([booking], { locale: "en", agency: { name: "A", contact: "B" } }),
      valid.url,
    );
    expect(text).toContain(formatBaht(sellingOf(booking), "en"));
    for (const figure of netFigures(booking, "en")) expect(text).not.toContain(figure);

    // Send to golfer: a new link comes with the voucher again (a token of its own), before the link.
    agent.tap({ messageId: receiptOf(agent), data: `gc:${booking.id}` });
    await h.settle();
    const again = vouchersOf(agent);
    expect(again).toHaveLength(2);
    expect(agent.lastMessage()?.text).toContain("?start=gc_");
    const copy = await openQr(again[1]!);
    expect(copy.url).not.toBe(valid.url);
    expect(copy.html).toContain("Valid");

    // A voucher replaced by another (as a moved booking's are) says so, never naming what replaced it.
    const store = createVoucherStore(h.app.storage.db, h.clock);
    const oldToken = new URL(valid.url).pathname.slice(3);
    const newToken = new URL(copy.url).pathname.slice(3);
    await store.replace(oldToken, newToken);
    const moved = await openQr(photo!);
    expect(moved.html).toContain("<h1>Moved</h1>");
    expect(moved.html).toContain("This booking was moved to another tee time");
    expect(moved.html).not.toContain(newToken);
    await h.app.storage.db.updateTable("vouchers").set({ replaced_by: null }).where("token", "=", oldToken).execute();

    const refund = await h.app.bookings.refund(booking.id, { actor: userActor(ADMIN) });
    expect(refund.kind).toBe("refunded");
    for (const voucher of [photo!, again[1]!]) {
      const voided = await openQr(voucher);
      expect(voided.res.status).toBe(200);
      expect(voided.html).toContain("Void");
      expect(voided.html).not.toContain("Valid");
    }
  });

  it("of a group (th): one voucher listing every flight, its page in Thai says valid", async () => {
    await start();
    const agent = h.user(AGENT, "th", "อนันต์");
    const view = await bookGroup(h, agent, { players: 8, name: "สมชาย ใจดี" });
    expect(view.flights.length).toBeGreaterThan(1);
    expect(view.flights.every((f) => f.state === "PAID")).toBe(true);
    const photos = vouchersOf(agent);
    expect(photos, "one voucher for the group").toHaveLength(1);
    expect(photos[0]!.caption).toContain("บัตรยืนยันการจอง");
    expectImage(photos[0]!);

    const { res, html } = await openQr(photos[0]!);
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="th">');
    expect(html).toContain("ใช้ได้");
    for (const f of view.flights) expect(html).toContain(f.reservation_code!);
    const content = voucherContent(view.flights, { locale: "th", agency: { name: "A", contact: "B" } });
    expect(content.flights?.lines).toHaveLength(view.flights.length);
    const total = view.flights.reduce((n, f) => n + netOf(f), 0);
    for (const shown of [JSON.stringify(content), html]) expect(shown).not.toContain(formatBaht(total, "th"));
  });

  it("comes with a customer's receipt after their PromptPay payment is approved, in their language (th), at the selling price", async () => {
    await start({ PROMPTPAY_ID: "0812345678", PAYMENT_WINDOW_MINUTES: "30" });
    const agent = h.user(AGENT, "en", "Anan");
    const token = await createLink(h, agent, [/^lk:cc:/, /^lk:s:2:/]);
    const customer = h.user(100_501, "th", "นก", "stranger");
    customer.send(`/start ${token}`);
    await h.settle();
    tapData(customer, /:go$/);
    await h.settle();
    await pickDate(h, customer, tomorrow(h.clock()));
    await h.settle();
    tapData(customer, /:s:\d+$/);
    await h.settle();
    tapData(customer, /:p:2$/);
    await h.settle();
    await customerDetails(h, customer);
    tapData(customer, /:ok$/);
    await h.settle();
    expect(
      vouchersOf(customer).filter((m) => m.caption?.includes("บัตรยืนยันการจอง")),
      "none before payment",
    ).toEqual([]);
    customer.sendPhoto(await slipPhoto("014202611250777"));
    await h.settle();
    const card = agent
      .messages()
      .filter((m) => m.photo)
      .at(-1)!;
    const [booking] = await h.app.bookings.listForUser(100_501);
    agent.tap({ messageId: card.message_id, data: `py:a:${booking!.id}` });
    await h.settle();
    const paid = (await h.app.bookings.get(booking!.id))!;
    expect(paid.state).toBe("PAID");

    const photos = vouchersOf(customer).filter((m) => m.caption?.includes("บัตรยืนยันการจอง"));
    expect(photos).toHaveLength(1);
    expectImage(photos[0]!);
    const { res, html } = await openQr(photos[0]!);
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="th">');
    expect(html).toContain("ใช้ได้");
    const content = JSON.stringify(voucherContent([paid], { locale: "th", agency: { name: "A", contact: "B" } }));
    expect(content).toContain(formatBaht(sellingOf(paid), "th"));
    for (const figure of netFigures(paid, "th"))
      for (const shown of [content, html]) expect(shown).not.toContain(figure);
  });

  it("an unknown or malformed token is a bare 404, and so is a voucher whose booking is not in the ledger", async () => {
    await start();
    const orphan = await createVoucherStore(h.app.storage.db, h.clock).issue({ bookingId: "no-such-booking" }, "en");
    const res = await fetch(`${h.app.httpUrl()}/v/${orphan}`);
    expect([res.status, await res.text()]).toEqual([404, "Not found\n"]);
    for (const path of [
      "/v/AAAAAAAAAAAAAAAAAAAAAAAA",
      "/v/",
      "/v/short",
      "/v/AAAAAAAAAAAAAAAAAAAAAAAAA",
      "/v/%3Cscript%3E",
      "/v/a/b",
    ]) {
      const res = await fetch(`${h.app.httpUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe("Not found\n");
    }
  });

  it("the check page is limited per client address (VOUCHER_CHECK_RATE_PER_MINUTE): over it, 429 with Retry-After for a found token or not, before any lookup; another address goes on", async () => {
    await start({ VOUCHER_CHECK_RATE_PER_MINUTE: "3" });
    const agent = h.user(AGENT, "en", "Anan");
    await paidBooking(h, agent, "Limit Golfer");
    const [photo] = vouchersOf(agent);
    const path = new URL(qrOf(photo!)).pathname;
    const base = h.app.httpUrl()!;
    const statuses = [];
    for (const p of [path, path, "/v/AAAAAAAAAAAAAAAAAAAAAAAA"]) statuses.push((await fetch(`${base}${p}`)).status);
    expect(statuses).toEqual([200, 200, 404]);
    for (const p of [path, "/v/AAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(429);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 20, `Retry-After ${retryAfter}`).toBe(
        true,
      );
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("Too many requests\n");
    }
    // The same page from another address of this machine (the server listens on every interface).
    const other = await getFrom("127.0.0.2", `${base}${path}`);
    expect(other.status).toBe(200);
    expect(other.body).toContain("Valid");
  });
});

/** GET `url` from the local address `localAddress`: the status and the body. */
function getFrom(localAddress: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: "127.0.0.1", port: u.port, path: u.pathname, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
