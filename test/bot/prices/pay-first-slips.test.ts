/**
 * A customer's slips beyond their bank reference (finding 5 of issue 48), against the real parts: fairway,
 * the sandbox over HTTP, the local Bot API server, the slip reader's worker, SQLite on disk (and
 * PostgreSQL where named). A slip image sent before for another booking is flagged whatever its QR
 * gives; a payment takes at most SLIPS_PER_PAYMENT slips, the next goes to nobody; one customer's flood
 * never makes another's slip come back unread; a slip whose QR was not read is marked so on the card.
 */
import { PNG } from "pngjs";
import jpeg from "jpeg-js";
import { afterEach, describe, expect, it } from "vitest";
import type { SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import type { ChatMessage } from "../../../src/local/bot-api-server/store.js";
import { databaseFactories } from "../../helpers/databases.js";
import { customerShownQr as sharedCustomerShownQr, expectTelegramRules } from "../../helpers/flow.js";
import { startHarness, type Harness } from "../../helpers/harness.js";
import { plainPhoto, slipPhoto, slipPixels } from "../../helpers/slips.js";

const ADMIN = 9301;
const AGENT = 9302;
const ENV = {
  ADMIN_IDS: String(ADMIN),
  AGENT_IDS: String(AGENT),
  PRICE_MARKUP: "20%",
  PROMPTPAY_ID: "0812345678",
  PAYMENT_WINDOW_MINUTES: "30",
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The cards (photos and image files) a user got. */
const cards = (u: SimulatedUser) =>
  u.messages().filter((m): m is ChatMessage => (m.photo?.length ?? 0) > 0 || m.document !== undefined);

/** A customer of AGENT (through a course-bound link) with a hold they are to pay, shown its QR. */
const customerShownQr = (x: Harness, id: number, name: string, locale = "en") =>
  sharedCustomerShownQr(x, { agentId: AGENT, id, name, locale });

/** A slip cut off above its QR (the upper part of a banking app's slip): no QR to read. */
function croppedSlip(transRef: string) {
  const { data, width } = slipPixels({ transRef, width: 720, height: 1560, qrShare: 0.3 });
  const height = 900;
  return { data: data.subarray(0, width * height * 4), width, height };
}

const asJpeg = (image: { data: Buffer; width: number; height: number }) => Buffer.from(jpeg.encode(image, 88).data);

function asPng(image: { data: Buffer; width: number; height: number }, deflateLevel: number): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  image.data.copy(png.data);
  return PNG.sync.write(png, { deflateLevel, filterType: deflateLevel > 5 ? 4 : 0 });
}

describe.each(databaseFactories)("slip images on $name", ({ make }) => {
  it(
    "a slip image sent before for another booking is flagged as re-used though its QR was not read: the same file forwarded, the same picture in another file",
    { timeout: 120_000 },
    async () => {
      h = await startHarness({ db: make(), env: ENV });
      h.user(ADMIN, "en", "Ploy");
      const one = await customerShownQr(h, 100_301, "Nok");
      // A slip cut above its QR, as a photo and as a screenshot file: neither has a QR to read.
      const photo = one.customer.sendPhoto(asJpeg(croppedSlip("0142026CROP1")));
      await h.settle();
      one.customer.sendDocument(asPng(croppedSlip("0142026CROP2"), 1), { fileName: "slip.png" });
      await h.settle();
      expect(cards(one.agent).at(-2)?.caption).toContain("QR not read");
      expect(cards(one.agent).at(-1)?.caption).not.toContain("re-used");

      const two = await customerShownQr(h, 100_302, "Mai");
      const code = one.booking.reservation_code!;
      // The first customer's photo, forwarded: Telegram keeps its file (file_unique_id).
      two.customer.forwardPhoto(photo);
      await h.settle();
      const forwarded = cards(two.agent).at(-1)!;
      expect(forwarded.caption).toContain("Payment slip from Mai");
      expect(forwarded.caption).toContain("QR not read");
      expect(forwarded.caption).toContain(`This very slip image was already sent for booking ${code}`);
      // The same screenshot saved again (other bytes, the same pixels), sent as a new file.
      two.customer.sendDocument(asPng(croppedSlip("0142026CROP2"), 9), { fileName: "again.png" });
      await h.settle();
      const again = cards(two.agent).at(-1)!;
      expect(again.document?.file_name).toBe("again.png");
      expect(again.caption).toContain(`The same slip picture was already sent for booking ${code}`);
      const payment = await h.app.bookings.payment(two.booking.id);
      expect(payment).toMatchObject({ slip_qr: "no-qr", slip_ref: null, slip_reused_of: one.booking.id });
      // The first customer sending their own picture again for their own payment is no re-use.
      one.customer.forwardPhoto(photo);
      await h.settle();
      expect(cards(one.agent).at(-1)?.caption).not.toContain("already sent for booking");
      expectTelegramRules(h);
    },
  );
});

describe("slips per payment", () => {
  it("the slip past SLIPS_PER_PAYMENT (default 3) is refused: the customer is told to wait for their agent, nothing is read or forwarded (Korean)", async () => {
    h = await startHarness({ env: ENV });
    const admin = h.user(ADMIN, "en", "Ploy");
    const { agent, customer } = await customerShownQr(h, 100_311, "Jin", "ko");
    for (const ref of ["0142026LIMIT1", "0142026LIMIT2", "0142026LIMIT3"]) {
      customer.sendPhoto(await slipPhoto(ref));
      await h.settle();
    }
    expect(cards(agent)).toHaveLength(3);
    expect(cards(admin)).toHaveLength(3);
    const downloads = h.telegram.callsTo("getFile").length;
    customer.sendPhoto(await slipPhoto("0142026LIMIT4"));
    await h.settle();
    expect(customer.lastMessage()?.text).toContain("에이전트가 결제를 확인할 때까지 기다려 주세요");
    expect(customer.lastMessage()?.text).toContain("3");
    expect(cards(agent)).toHaveLength(3);
    expect(cards(admin)).toHaveLength(3);
    expect(h.telegram.callsTo("getFile")).toHaveLength(downloads);
    expectTelegramRules(h);
  });

  it("SLIPS_PER_PAYMENT=1: the second slip is refused (English)", async () => {
    h = await startHarness({ env: { ...ENV, SLIPS_PER_PAYMENT: "1" } });
    const { agent, customer } = await customerShownQr(h, 100_312, "Nok");
    customer.sendPhoto(await slipPhoto("0142026ONLYONE"));
    await h.settle();
    customer.sendPhoto(await slipPhoto("0142026SECOND"));
    await h.settle();
    expect(cards(agent)).toHaveLength(1);
    expect(customer.lastMessage()?.text).toContain("Your agent already has the slips for this payment (at most 1)");
  });
});

describe("one customer's flood", () => {
  it(
    "thirty photos at once from one customer: three reach the agent, and another customer's slip sent meanwhile is read",
    { timeout: 120_000 },
    async () => {
      h = await startHarness({ env: ENV });
      const flooder = await customerShownQr(h, 100_321, "Flood");
      const other = await customerShownQr(h, 100_322, "Mai");
      const photo = await slipPhoto("0142026FLOOD");
      for (let i = 0; i < 30; i++) flooder.customer.sendPhoto(photo);
      other.customer.sendPhoto(await slipPhoto("0142026MAIREAD"));
      await h.settle();
      const agentCards = cards(other.agent);
      const mai = agentCards.filter((m) => m.caption?.includes("Payment slip from Mai"));
      expect(mai).toHaveLength(1);
      expect(mai[0]!.caption).toContain("Bank reference on the slip: 0142026MAIREAD");
      expect(agentCards.filter((m) => m.caption?.includes("Payment slip from Flood"))).toHaveLength(3);
    },
  );
});

describe("the decider's card", () => {
  it("marks a slip whose QR was not read, in the decider's language", async () => {
    h = await startHarness({ env: ENV });
    const admin = h.user(ADMIN, "th", "Ploy");
    // The admin's language is known once they have written to fairway.
    admin.send("/help");
    await h.settle();
    const { agent, customer } = await customerShownQr(h, 100_331, "Nok");
    customer.sendPhoto(plainPhoto());
    await h.settle();
    const card = cards(agent).at(-1)!;
    expect(card.caption).toContain("Payment slip from Nok");
    expect(card.caption).toContain("⚠️ QR not read (no slip QR in the image: cropped, edited or not a slip)");
    expect(card.caption).toContain("Check the transfer in your bank app");
    expect(cards(admin).at(-1)?.caption).toContain("⚠️ อ่าน QR ไม่ได้ (ไม่มี QR ของสลิปในรูป");
    // A slip read: its reference, no mark.
    customer.sendPhoto(await slipPhoto("0142026MARKED"));
    await h.settle();
    expect(cards(agent).at(-1)?.caption).toContain("0142026MARKED");
    expect(cards(agent).at(-1)?.caption).not.toContain("QR not read");
    expectTelegramRules(h);
  });
});
