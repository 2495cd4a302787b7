import { HttpError, type Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createOutbox, type VoucherOrder } from "../../src/bot/outbox.js";
import { createLogger } from "../../src/logger.js";
import { databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

/**
 * An e-voucher queued with a receipt is drawn by the outbox's drain, not by the update that queued it:
 * the receipt's update stores an order, the drain draws it and sends the photo, and other chats' sends
 * never wait for a drawing.
 */
describe.each(databaseFactories)("the outbox draws queued e-vouchers in the background ($name)", ({ make }) => {
  const s = storageEach(make);

  function world(
    drawVoucher: (order: VoucherOrder) => Promise<{ filename: string; base64: string }>,
    opts: { failPhotos?: number; maxDrawings?: number } = {},
  ) {
    let photoFailures = opts.failPhotos ?? 0;
    const sent: { method: string; chatId: number; text: string; bytes?: number }[] = [];
    const lines: { level: number; msg: string }[] = [];
    const api = {
      sendMessage: (chatId: number, text: string) => {
        sent.push({ method: "sendMessage", chatId, text });
        return Promise.resolve({});
      },
      sendPhoto: (chatId: number, file: { fileData: Buffer }, other: { caption: string }) => {
        if (photoFailures > 0) {
          photoFailures--;
          return Promise.reject(new HttpError("Network request for 'sendPhoto' failed!", new Error("ECONNRESET")));
        }
        sent.push({ method: "sendPhoto", chatId, text: other.caption, bytes: file.fileData.length });
        return Promise.resolve({});
      },
    } as unknown as Api;
    const results: string[] = [];
    const outbox = createOutbox({
      db: s.storage.db,
      api,
      logger: createLogger({
        level: "info",
        destination: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
      }),
      now: () => 1_800_000_000_000,
      perSecond: 100,
      pollMs: 20,
      drawVoucher,
      ...(opts.maxDrawings !== undefined ? { maxDrawings: opts.maxDrawings } : {}),
      onResult: (what, outcome) => results.push(`${what}:${outcome}`),
    });
    return { outbox, sent, lines, results };
  }

  const order: VoucherOrder = { of: { bookingId: "b1" }, locale: "ko", defaultContact: "t.me/fairway_bot" };

  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(condition(), what).toBe(true);
  }

  it("queuing a voucher draws nothing; the drain draws it once and sends it as a photo with its caption", async () => {
    const orders: VoucherOrder[] = [];
    const w = world((o) => {
      orders.push(o);
      return Promise.resolve({ filename: "voucher-ABC.png", base64: Buffer.from("png-bytes").toString("base64") });
    });
    await w.outbox.enqueue({ chatId: 7, text: "Your e-voucher", voucher: order, what: "voucher" });
    expect(orders, "the enqueuing caller never waits for a drawing").toEqual([]);
    w.outbox.start();
    await until(() => w.sent.length === 1, "the voucher is sent");
    await w.outbox.stop();
    expect(orders).toEqual([order]);
    expect(w.sent).toEqual([{ method: "sendPhoto", chatId: 7, text: "Your e-voucher", bytes: 9 }]);
    expect(await w.outbox.depth()).toBe(0);
  });

  it("while a voucher is being drawn, other chats' messages go out; the drain counts as busy until it is sent", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const w = world(async () => {
      await gate;
      return { filename: "v.png", base64: Buffer.from("png").toString("base64") };
    });
    await w.outbox.enqueue({ chatId: 7, text: "Your e-voucher", voucher: order, what: "voucher" });
    await w.outbox.enqueue({ chatId: 8, text: "Your tee time is tomorrow", what: "reminder" });
    w.outbox.start();
    await until(() => w.sent.length === 1, "the other chat's message is sent during the drawing");
    expect(w.sent[0]).toMatchObject({ method: "sendMessage", chatId: 8 });
    expect(w.outbox.busy(), "a drawing in progress is work the drain still owes").toBe(true);
    release();
    await until(() => w.sent.length === 2, "the voucher follows once drawn");
    await until(() => !w.outbox.busy(), "the drain is idle after the photo");
    await w.outbox.stop();
    expect(w.sent[1]).toMatchObject({ method: "sendPhoto", chatId: 7 });
  });

  it("a voucher that cannot be drawn is dropped and logged; nothing is sent in its place and the queue goes on", async () => {
    const w = world(() => Promise.reject(new Error("font file /usr/share/fonts/x.ttc is missing")));
    await w.outbox.enqueue({ chatId: 7, text: "Your e-voucher", voucher: order, what: "voucher" });
    await w.outbox.enqueue({ chatId: 7, text: "Your calendar file", what: "receipt-ics" });
    w.outbox.start();
    await until(() => w.sent.length === 1 && w.results.length === 2, "the next row is sent");
    await w.outbox.stop();
    expect(w.sent).toEqual([{ method: "sendMessage", chatId: 7, text: "Your calendar file" }]);
    expect(w.results.sort()).toEqual(["receipt-ics:sent", "voucher:failed"]);
    expect(w.lines.some((l) => l.level >= 50 && l.msg.includes("e-voucher not drawn"))).toBe(true);
    expect(await w.outbox.depth()).toBe(0);
  });

  it("a leader gone between the drawing and the send leaves the order: the next leader draws it again and sends one photo", async () => {
    const first = world(() => Promise.resolve({ filename: "v.png", base64: Buffer.from("first").toString("base64") }), {
      failPhotos: 1,
    });
    await first.outbox.enqueue({ chatId: 7, text: "Your e-voucher", voucher: order, what: "voucher" });
    first.outbox.start();
    await until(() => first.lines.some((l) => l.msg.includes("will retry")), "the first send fails");
    await first.outbox.stop();
    expect(first.sent).toEqual([]);
    // The row's back-off over: another instance is the leader now, with nothing of the first's memory.
    await s.storage.db.updateTable("outbox").set({ claimed_until: 0 }).execute();
    const draws: VoucherOrder[] = [];
    const second = world((o) => {
      draws.push(o);
      return Promise.resolve({ filename: "v.png", base64: Buffer.from("second").toString("base64") });
    });
    second.outbox.start();
    await until(() => second.sent.length === 1, "the voucher is sent by the new leader");
    await second.outbox.stop();
    expect(draws).toEqual([order]);
    expect(second.sent).toEqual([{ method: "sendPhoto", chatId: 7, text: "Your e-voucher", bytes: 6 }]);
    expect(await second.outbox.depth()).toBe(0);
  });

  it("six vouchers for six chats with two drawings at a time: each is drawn once and sent once", async () => {
    let inProgress = 0;
    let most = 0;
    const drawnFor: string[] = [];
    const w = world(
      async (o) => {
        inProgress++;
        most = Math.max(most, inProgress);
        await new Promise((r) => setTimeout(r, 30));
        inProgress--;
        drawnFor.push("bookingId" in o.of ? o.of.bookingId : o.of.groupId);
        return { filename: "v.png", base64: Buffer.from("png").toString("base64") };
      },
      { maxDrawings: 2 },
    );
    for (let chat = 1; chat <= 6; chat++)
      await w.outbox.enqueue({
        chatId: chat,
        text: `voucher ${chat}`,
        voucher: { ...order, of: { bookingId: `b${chat}` } },
        what: "voucher",
      });
    w.outbox.start();
    await until(() => w.sent.length === 6, "every voucher is sent");
    await w.outbox.stop();
    expect(drawnFor.sort()).toEqual(["b1", "b2", "b3", "b4", "b5", "b6"]);
    expect(most).toBeLessThanOrEqual(2);
    expect(w.sent.map((m) => m.chatId).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(w.sent.every((m) => m.method === "sendPhoto")).toBe(true);
  });
});
