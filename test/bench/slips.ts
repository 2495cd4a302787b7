/**
 * The slip-reading benchmark (`npm run bench -- --slips --reading`, or `npx tsx test/bench/slips.ts [--taps 150] [--rounds 3]
 * [--pause-ms 50]`):
 * fairway as its own process (production's start on the world clock, `dist/`), the partner sandbox and
 * the local Bot API server. A customer of an agent's link holds a tee time and is shown the PromptPay
 * QR; an agent taps the calendar's month pager again and again, each tap timed to the panel's edit.
 * First `--taps` taps with nothing else going on; then the same taps while the customer sends slips
 * one after the other for `--rounds` rounds: the largest photo Telegram delivers (2560 × 2560 JPEG), a
 * phone camera's 12-megapixel original sent as a file (4032 × 3024 JPEG) and a 48-megapixel image sent
 * as a file (8000 × 6000 PNG, over the limits: refused from its header). Printed: the taps' p50/p99
 * both ways and their ratio, and each slip's time from sending to the customer's answer (download and
 * read: what every chat waited for while a slip was read on the event loop) and what the agent's card said.
 * `--sweep` instead compares how the QR is looked for, in the bench process (`sweep` below).
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import jpeg from "jpeg-js";
import jsQRModule from "jsqr";
import type { BotApiServer, SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { SLIP_LIMITS } from "../../src/payments/slip-image.js";
import { scanSlip } from "../../src/payments/slip-scan.js";
import { startBotProcess } from "../helpers/bot-process.js";
import { worldClock } from "../helpers/clock.js";
import { sqliteDatabase } from "../helpers/databases.js";
import { buttons, quantile, tap, TOMORROW, waitUntil } from "../helpers/flood.js";
import { TEST_BOT_TOKEN, testEnv } from "../helpers/harness.js";
import { slipJpeg, slipPng } from "../helpers/slips.js";
import { staleBuild } from "./processes.js";

const jsQR = jsQRModule.default;
export const AGENT = 9401;
const TAPPER = 9402;
const CUSTOMER = 100_401;
const STEP_MS = 60_000;

interface Slip {
  name: string;
  bytes: Buffer;
  send(customer: SimulatedUser, bytes: Buffer): void;
}

interface SlipFigure {
  name: string;
  answerMs: number;
  card: string;
}

/** Runs the slip benchmark with command-line `args` (without `--slips`) and prints its figures. */
export async function slipsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      taps: { type: "string", default: "150" },
      rounds: { type: "string", default: "3" },
      "pause-ms": { type: "string", default: "50" },
      sweep: { type: "boolean", default: false },
    },
  });
  if (values.sweep) return sweep();
  const taps = Number(values.taps);
  const pauseMs = Number(values["pause-ms"]);
  const rounds = Number(values.rounds);
  const stale = staleBuild();
  if (stale) console.log(`warning: dist/ is older than ${stale}: fairway runs the last build (npm run build)`);
  console.log("drawing the slips…");
  const slips = drawSlips();
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock });
  const apiRoot = await telegram.listen(0);
  const db = sqliteDatabase();
  const bot = startBotProcess(
    {
      ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }),
      AGENT_IDS: `${AGENT},${TAPPER}`,
      PROMPTPAY_ID: "0812345678",
      PRICE_MARKUP: "20%",
      LOG_LEVEL: "info",
    },
    clock,
  );
  try {
    await bot.ready;
    const customer = await customerShownQr(telegram);
    const tapper = telegram.user({ id: TAPPER, language_code: "en" });
    await answered(telegram, tapper, () => tapper.send("/book"), "the courses");
    await answered(telegram, tapper, () => tap(tapper, /:c:0$/), "the course");
    await answered(telegram, tapper, () => tap(tapper, /:go$/), "the calendar");
    const monthTap = async () => {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      return answered(telegram, tapper, () => tap(tapper, /:m:\d{6}$/), "the next month");
    };
    for (let i = 0; i < 20; i++) await monthTap(); // warm-up
    const quiet: number[] = [];
    for (let i = 0; i < taps; i++) quiet.push(await monthTap());

    const figures: SlipFigure[] = [];
    let reading = true;
    const sending = (async () => {
      const agent = telegram.user({ id: AGENT, language_code: "en" });
      for (let round = 0; round < rounds; round++) {
        for (const slip of slips) {
          const cards = agent.messages().length;
          // The agent's card goes out before the customer's answer.
          const answerMs = await answered(telegram, customer, () => slip.send(customer, slip.bytes), slip.name);
          if (agent.messages().length === cards) throw new Error(`no card for the ${slip.name}`);
          figures.push({ name: slip.name, answerMs, card: cardSays(agent, customer) });
        }
      }
      reading = false;
    })();
    const busy: number[] = [];
    while (reading || busy.length < taps) busy.push(await monthTap());
    await sending;

    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `slip benchmark: an agent's month-pager tap → the panel's edit, alone and while a customer's slips are read (${rounds} rounds)`,
    );
    console.table({
      "no slip being read": { taps: quiet.length, p50: ms(quantile(quiet, 0.5)), p99: ms(quantile(quiet, 0.99)) },
      "slips being read": { taps: busy.length, p50: ms(quantile(busy, 0.5)), p99: ms(quantile(busy, 0.99)) },
    });
    const p50 = quantile(busy, 0.5) / quantile(quiet, 0.5);
    const p99 = quantile(busy, 0.99) / quantile(quiet, 0.99);
    console.log(`ratio (slips / none): p50 ${p50.toFixed(2)}, p99 ${p99.toFixed(2)}`);
    console.table(
      figures.map((f) => ({ slip: f.name, "sent → customer's answer": ms(f.answerMs), "agent's card": f.card })),
    );
  } finally {
    await bot.kill();
    await telegram.close();
    await sandbox.close();
    await db.cleanup();
  }
}

/**
 * `--sweep`: the QR found or not, and the time, in photos of four sizes with the QR at five shares of the
 * width, by `scanSlip` (copies a whole factor smaller first) and by one full-size scan (as fairway read
 * slips before), both decoding the JPEG first. In the bench process, one after the other.
 */
function sweep(): void {
  const rows = [];
  const total = { scan: 0, full: 0, scanMs: 0, fullMs: 0, n: 0 };
  for (const [width, height] of [
    [1181, 2560],
    [2560, 1920],
    [2560, 2560],
    [4032, 3024],
  ] as const) {
    for (const share of [0.05, 0.07, 0.1, 0.15, 0.2]) {
      const image = slipJpeg({ transRef: "0142026SWEEP", width, height, qrShare: share }, 87);
      let started = performance.now();
      const scan = scanSlip(image, SLIP_LIMITS);
      const scanMs = performance.now() - started;
      started = performance.now();
      const decoded = jpeg.decode(image, { useTArray: true, maxMemoryUsageInMB: 1024 });
      const pixels = new Uint8ClampedArray(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length);
      const full = jsQR(pixels, width, height, { inversionAttempts: "attemptBoth" }) !== null;
      const fullMs = performance.now() - started;
      total.n += 1;
      total.scan += scan.kind === "read" ? 1 : 0;
      total.full += full ? 1 : 0;
      total.scanMs += scanMs;
      total.fullMs += fullMs;
      rows.push({
        image: `${width}×${height}`,
        "QR width": `${Math.round(share * 100)}% (${((width * share) / 37).toFixed(1)} px a module)`,
        scanSlip: `${scan.kind === "read" ? "read" : "missed"} ${scanMs.toFixed(0)} ms`,
        "full-size scan": `${full ? "read" : "missed"} ${fullMs.toFixed(0)} ms`,
      });
    }
  }
  console.table(rows);
  console.log(
    `scanSlip: ${total.scan} of ${total.n} read in ${(total.scanMs / 1000).toFixed(1)} s; ` +
      `one full-size scan: ${total.full} of ${total.n} in ${(total.fullMs / 1000).toFixed(1)} s`,
  );
}

/** The three slips, drawn once: each QR carries its own bank reference. */
function drawSlips(): Slip[] {
  const photo: Slip["send"] = (customer, bytes) => customer.sendPhoto(bytes);
  const file =
    (fileName: string): Slip["send"] =>
    (customer, bytes) =>
      customer.sendDocument(bytes, { fileName });
  return [
    {
      name: "photo 2560×2560 JPEG",
      bytes: slipJpeg({ transRef: "0142026PHOTO", width: 2560, height: 2560, qrShare: 0.1 }, 87),
      send: photo,
    },
    {
      name: "file 4032×3024 JPEG",
      bytes: slipJpeg({ transRef: "0142026CAMERA", width: 4032, height: 3024, qrShare: 0.08 }, 90),
      send: file("IMG_4032.jpg"),
    },
    {
      name: "file 8000×6000 PNG",
      bytes: slipPng({ transRef: "0142026HUGE", width: 8000, height: 6000, qrShare: 0.05 }),
      send: file("IMG_8000.png"),
    },
  ];
}

/** What the agent's latest slip card says of the QR, and whether the customer was asked for a smaller image. */
function cardSays(agent: SimulatedUser, customer: SimulatedUser): string {
  const caption = agent.lastMessage()?.caption ?? "";
  const ref = /Bank reference on the slip: (\S+)/.exec(caption)?.[1];
  const asked = (customer.lastMessage()?.text ?? "").includes("too large");
  return `${ref ? `read ${ref}` : "no reference"}${asked ? "; customer asked for a smaller image" : ""}`;
}

/**
 * Does `act` and resolves with the ms until fairway's next send or edit in `user`'s chat (the
 * server's `call` event), failing after a minute.
 */
async function answered(telegram: BotApiServer, user: SimulatedUser, act: () => void, what: string): Promise<number> {
  const seen = telegram.calls.length;
  const ours = (i: number) => {
    const c = telegram.calls[i]!;
    return c.ok === true && /^(send|edit)/.test(c.method) && Number(c.params.chat_id) === user.chatId;
  };
  const started = performance.now();
  act();
  await waitUntil(
    telegram,
    what,
    () => {
      for (let i = seen; i < telegram.calls.length; i++) if (ours(i)) return true;
      return false;
    },
    STEP_MS,
  );
  return performance.now() - started;
}

/** A customer through the agent's link, at the PromptPay QR of a held tee time (a payment awaiting its slip). */
/** A customer (`customerId`) of AGENT's new link, shown the PromptPay QR of their hold (also slip-checks.ts). */
export async function customerShownQr(telegram: BotApiServer, customerId = CUSTOMER): Promise<SimulatedUser> {
  const agent = telegram.user({ id: AGENT, language_code: "en", first_name: "Anan" });
  const shows = (user: SimulatedUser, pattern: RegExp) => () => buttons(user).data.some((d) => pattern.test(d));
  const step = async (user: SimulatedUser, act: () => void, done: () => boolean, what: string) => {
    act();
    await waitUntil(telegram, what, done, STEP_MS);
  };
  await step(agent, () => agent.send("/link"), shows(agent, /^lk:cc:/), "the link's courses");
  await step(agent, () => tap(agent, /^lk:cc:/), shows(agent, /^lk:s:2:/), "the link's settings");
  await step(agent, () => tap(agent, /^lk:s:2:/), shows(agent, /^lk:go:/), "the link's settings");
  const link = () => /\?start=([A-Za-z0-9_-]+)/.exec(buttons(agent).text + (agent.lastMessage()?.text ?? ""));
  await step(
    agent,
    () => tap(agent, /^lk:go:/),
    () => link() !== null,
    "the link",
  );
  const token = link()![1]!;
  const customer = telegram.user({ id: customerId, language_code: "en", first_name: "Nok" });
  await step(customer, () => customer.send(`/start ${token}`), shows(customer, /:go$/), "the course");
  await step(customer, () => tap(customer, /:go$/), shows(customer, TOMORROW), "the calendar");
  await step(customer, () => tap(customer, TOMORROW), shows(customer, /:s:\d+$/), "the tee times");
  // Two players, or three where the tee time takes three to four.
  await step(customer, () => tap(customer, /:s:\d+$/), shows(customer, /:p:[23]$/), "the players");
  await step(customer, () => tap(customer, /:p:[23]$/), shows(customer, /:keep$/), "the name");
  const said = (text: string) => () =>
    customer
      .messages()
      .slice(-2)
      .some((m) => (m.text ?? "").includes(text));
  await step(customer, () => tap(customer, /:keep$/), said("Customer's e-mail"), "the e-mail prompt");
  await step(customer, () => customer.send("nok@example.com"), said("Customer's mobile number"), "the mobile prompt");
  await step(customer, () => customer.send("+66 89 123 4567"), shows(customer, /:ok$/), "the summary");
  const qr = () => customer.messages().some((m) => (m.photo?.length ?? 0) > 0);
  await step(customer, () => tap(customer, /:ok$/), qr, "the PromptPay QR");
  return customer;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  slipsBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `slips bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
