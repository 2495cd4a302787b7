/**
 * A customer's slip (a photo, or an image sent as a file) for their booking awaiting payment reaches the
 * agent and the admins with Paid — confirm / Not received, with the bank reference its QR gives (read in a
 * worker thread, `deps.slips`). An image too large to read is forwarded all the same, and the customer
 * asked for a screenshot next time; a slip after the hold ended reaches them too, with the booking's
 * state, so the money can be returned; a slip whose bank reference, file or picture another booking's
 * slip had is flagged, and one whose QR was not read is marked so; past the payment's limit of slips
 * (the service's rule, counted before any download) the customer is told to wait for their agent and
 * nobody else hears of it; anyone else's photo goes nowhere.
 */
import type { SlipReading } from "../../../bookings/service.js";
import type { SlipRead } from "../../../payments/slip-reader.js";
import type { BotContext } from "../../context.js";
import { formatTime } from "../../format/dates.js";
import { formatBaht } from "../../format/money.js";
import { localeOf } from "../../i18n.js";
import { isTelegramFailure } from "../../ui/telegram-errors.js";
import { payableHoldEnd, readerIn, slipCard } from "./messages.js";
import { checkLine, checkSlip, countCheck } from "./slip-check.js";
import { deciders } from "./who-decides.js";

/** A late slip older than this (after its payment ended) is no longer matched to the booking. */
const LATE_SLIP_MS = 24 * 60 * 60 * 1000;

/**
 * The bytes of a file a user sent, through getFile and the Bot API's file path, up to `maxBytes` (a
 * larger file is not downloaded: `too-large`); undefined if unavailable.
 */
async function download(
  ctx: BotContext,
  fileId: string,
  maxBytes: number,
): Promise<Uint8Array | "too-large" | undefined> {
  try {
    const file = await ctx.api.getFile(fileId);
    if ((file.file_size ?? 0) > maxBytes) return "too-large";
    if (!file.file_path) return undefined;
    const root = ctx.api.options?.apiRoot ?? "https://api.telegram.org";
    const res = await fetch(`${root}/file/bot${ctx.api.token}/${file.file_path}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return undefined;
    if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
      await res.body?.cancel();
      return "too-large";
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length > maxBytes ? "too-large" : bytes;
  } catch (error) {
    ctx.deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "slip not downloaded");
    return undefined;
  }
}

/**
 * The slip's QR, read off the event loop (`deps.slips`, in the customer's turn: `sender`); `too-large`
 * from the file's size before any download when Telegram gave it. Undefined when the file could not be
 * downloaded.
 */
export async function readSlip(
  ctx: BotContext,
  file: { fileId: string; fileSize: number | undefined; sender: string },
): Promise<SlipRead | undefined> {
  const { slips } = ctx.deps;
  if ((file.fileSize ?? 0) > slips.limits.maxBytes) return { kind: "too-large" };
  const bytes = await download(ctx, file.fileId, slips.limits.maxBytes);
  if (bytes === "too-large") return { kind: "too-large" };
  return bytes ? slips.read(bytes, { sender: file.sender }) : undefined;
}

/** What the service records of a read (undefined: not downloaded). */
function readingOf(read: SlipRead | undefined): SlipReading {
  if (read?.kind === "read") return { qr: "read", ref: read.qr.transRef, pixels: read.pixels };
  if (read?.kind === "no-qr") return { qr: "no-qr", pixels: read.pixels };
  return { qr: read?.kind === "too-large" ? "too-large" : "unread" };
}

/** A slip photo (or an image sent as a file) from a customer with a booking awaiting payment. */
export async function onSlip(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined || ctx.who.role !== "customer") return next();
  const message = ctx.message;
  const photo = message?.photo?.at(-1);
  const document = message?.document?.mime_type?.startsWith("image/") ? message.document : undefined;
  const fileId = photo?.file_id ?? document?.file_id;
  const fileUniqueId = photo?.file_unique_id ?? document?.file_unique_id;
  if (!fileId) return next();
  const { deps } = ctx;
  const arrived = deps.now();
  const payment = await deps.bookings.latestPrepayOf(userId);
  const ended = payment && ["expired", "cancelled"].includes(payment.state);
  // Nothing to pay, or long over: the photo goes nowhere (the fallback answers as for any message).
  if (!payment || payment.state === "approved" || (ended && payment.updated_at < deps.now() - LATE_SLIP_MS))
    return next();
  // Read only once the service admits the slip (within the payment's limit).
  const seen: { read?: SlipRead } = {};
  const out = await deps.bookings.submitSlip(payment.booking_id, {
    fileId,
    ...(fileUniqueId ? { fileUniqueId } : {}),
    read: async () => {
      seen.read = await readSlip(ctx, {
        fileId,
        fileSize: photo?.file_size ?? document?.file_size,
        sender: `user:${userId}`,
      });
      return readingOf(seen.read);
    },
  });
  if (out.kind === "approved") {
    await ctx.reply(ctx.t("pay-slip-already-confirmed"));
    return;
  }
  if (out.kind === "refused") {
    deps.logger.info({ bookingId: out.booking.id, limit: out.limit }, "payment slip refused: the payment's limit");
    await ctx.reply(ctx.t("pay-slip-limit", { limit: out.limit }));
    return;
  }
  const late = out.kind === "late";
  const reusedOf = out.reusedOf;
  const reusedCode = reusedOf ? ((await deps.bookings.get(reusedOf))?.reservation_code ?? reusedOf) : undefined;
  deps.logger.info(
    {
      bookingId: out.booking.id,
      late,
      reused: out.reusedBy ?? false,
      read: seen.read?.kind ?? "not-downloaded",
    },
    "payment slip received",
  );
  // Read and submitted: the slip check's word, when one is configured (slip-check.ts).
  const checked =
    out.kind === "submitted" && seen.read?.kind === "read" ? await checkSlip(ctx, out, seen.read.qr) : undefined;
  if (checked) countCheck(deps, checked, arrived);
  const current = (await deps.bookings.payment(out.booking.id)) ?? out.payment;
  for (const id of await deciders(ctx, out.payment)) {
    const r = readerIn(await deps.notifications.localeOf(id));
    const card = slipCard(current, out, r, {
      late,
      reusedOf: reusedOf ?? null,
      reusedCode: reusedCode ?? null,
      ...(out.reusedBy ? { reusedBy: out.reusedBy } : {}),
    });
    const booked = checked?.kind === "booked";
    const options = {
      caption: checked
        ? `${card.caption}\n${checkLine(checked, r, formatBaht(current.amount, r.locale))}`
        : card.caption,
      parse_mode: "HTML" as const,
      // Booked by the slip check: nothing left to tap.
      ...(card.keyboard && !booked ? { reply_markup: card.keyboard } : {}),
    };
    // A file keeps its kind: Telegram refuses a document's file_id as a photo.
    await (document ? ctx.api.sendDocument(id, fileId, options) : ctx.api.sendPhoto(id, fileId, options)).catch(
      (error: unknown) => {
        if (!isTelegramFailure(error)) throw error;
        deps.logger.warn({ to: id, bookingId: out.booking.id }, "slip card not delivered");
      },
    );
  }
  const b = out.booking;
  const ends = payableHoldEnd(out);
  const amount = formatBaht(out.payment.amount, localeOf(ctx));
  const answer = late
    ? ctx.t("pay-slip-late-customer", { time: ends ? formatTime(ends, b.time_zone, localeOf(ctx)) : "-" })
    : checked?.kind === "booked"
      ? ctx.t("pay-slip-verified", { amount })
      : checked?.kind === "refused"
        ? ctx.t("pay-slip-check-refused", { why: ctx.t(`pay-check-why-${checked.reason}`, { amount }) })
        : checked?.kind === "retrying"
          ? ctx.t("pay-slip-check-retrying", { amount, minutes: checked.minutes })
          : ctx.t("pay-slip-received", { amount });
  // Over the limits: the agent still has the slip; the customer knows why its QR was not read.
  const tooLarge = seen.read?.kind === "too-large" ? `\n\n${ctx.t("pay-slip-too-large")}` : "";
  await ctx.reply(answer + tooLarge, { parse_mode: "HTML" });
}
