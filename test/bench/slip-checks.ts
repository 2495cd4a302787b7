/**
 * The slip check's benchmark (`npm run bench -- --slips [--customers 20] [--latency-ms 1000]`): fairway as its
 * own process (production's start, `dist/`), the partner sandbox, the local Bot API server and the slip-check
 * stand-in answering in SlipOK's shapes after `--latency-ms`. Each customer of an agent's link holds a tee time,
 * is shown the QR, and sends the photo of a slip, one customer after the other, in a mix: good slips (the
 * transfer for the exact amount to the agency), a good slip sent again by another customer (re-used), a
 * transfer short by 100 baht (wrong amount), one to another account (wrong payee) and, sent first, slips the
 * bank answers for only after a minute (SlipOK 1010: fairway's leader asks again by itself). Printed: for the
 * slips confirmed at the first answer, the time from the slip's arrival to the customer's confirmation (the
 * receipt) — median and p95 —, the refusals' time to the customer's answer, the delayed slips' time, and the
 * share of slips decided (booked or refused) without a person.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { parse } from "promptparse";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { createBotApiServer } from "../../src/local/bot-api-server/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { createSlipCheckStandIn, type SlipCheckStandIn } from "../../src/local/slip-check/index.js";
import { startBotProcess } from "../helpers/bot-process.js";
import { worldClock } from "../helpers/clock.js";
import { sqliteDatabase } from "../helpers/databases.js";
import { quantile, waitUntil } from "../helpers/flood.js";
import { TEST_BOT_TOKEN, testEnv } from "../helpers/harness.js";
import { qrOf, slipPhoto } from "../helpers/slips.js";
import { staleBuild } from "./processes.js";
import { AGENT, customerShownQr } from "./slips.js";

type Kind = "good" | "re-used" | "wrong amount" | "wrong payee" | "delayed bank";
const FIRST_CUSTOMER = 100_700;
/** The customer's answer to a slip: confirmed (the receipt), refused, or with a person. */
const CONFIRMED = "Booking confirmed";
const REFUSED = "could not be accepted";
const WITH_PERSON = "is with your agent";
const ANSWER_MS = 120_000;

interface Sent {
  kind: Kind;
  customer: SimulatedUser;
  /** Messages the customer had before the slip. */
  before: number;
  sentAt: number;
}

/** The mix for `n` customers: one in ten each re-used, wrong amount, wrong payee, delayed; the rest good. */
function mix(n: number): Kind[] {
  const tenth = Math.max(1, Math.round(n / 10));
  const odd: Kind[] = ["re-used", "wrong amount", "wrong payee", "delayed bank"].flatMap((k) =>
    Array<Kind>(tenth).fill(k as Kind),
  );
  return [...Array<Kind>(Math.max(1, n - odd.length)).fill("good"), ...odd];
}

/** What the customer was told since the slip: the first decisive answer, if any. */
function answer(s: Sent): "confirmed" | "refused" | "person" | undefined {
  const texts = s.customer
    .messages()
    .slice(s.before)
    .map((m) => m.text ?? m.caption ?? "");
  if (texts.some((t) => t.includes(CONFIRMED))) return "confirmed";
  if (texts.some((t) => t.includes(REFUSED))) return "refused";
  if (texts.some((t) => t.includes(WITH_PERSON))) return "person";
  return undefined;
}

export async function slipChecksBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      customers: { type: "string", default: "20" },
      "latency-ms": { type: "string", default: "1000" },
    },
  });
  const kinds = mix(Number(values.customers));
  const latencyMs = Number(values["latency-ms"]);
  const stale = staleBuild();
  if (stale) console.log(`warning: dist/ is older than ${stale}: fairway runs the last build (npm run build)`);
  const clock = worldClock();
  const sandbox = createSandbox({ clock });
  const partnerUrl = await sandbox.listen(0);
  const telegram = createBotApiServer({ token: TEST_BOT_TOKEN, clock });
  const apiRoot = await telegram.listen(0);
  const standIn = createSlipCheckStandIn({ key: "bench-key", latencyMs });
  await standIn.listen();
  const db = sqliteDatabase();
  const bot = startBotProcess(
    {
      ...testEnv({ apiRoot, partnerUrl, apiKey: sandbox.apiKey, db }),
      AGENT_IDS: String(AGENT),
      PROMPTPAY_ID: "0812345678",
      PRICE_MARKUP: "20%",
      PAYMENT_WINDOW_MINUTES: "30",
      SLIP_CHECK_PROVIDER: "slipok",
      SLIP_CHECK_URL: standIn.slipOkUrl,
      SLIP_CHECK_KEY: standIn.key,
      SLIP_CHECK_BRANCH: standIn.branch,
      LOG_LEVEL: "info",
    },
    clock,
  );
  try {
    await bot.ready;
    console.log(`${kinds.length} customers, the service answering in ${latencyMs} ms; load average ${fmtLoad()}`);
    // The delayed slips first (the bank answers after a minute), then the others one customer after another.
    const order = [...kinds.filter((k) => k === "delayed bank"), ...kinds.filter((k) => k !== "delayed bank")];
    const sent: Sent[] = [];
    let lastGood: string | undefined;
    for (const [i, kind] of order.entries()) {
      const customer = await customerShownQr(telegram, FIRST_CUSTOMER + i).catch((error: unknown) => {
        const user = telegram.user({ id: FIRST_CUSTOMER + i, language_code: "en" });
        console.log(`customer ${i + 1} (${kind}) not shown the QR; last: ${user.lastMessage()?.text?.slice(0, 300)}`);
        throw error;
      });
      const qrPhoto = customer.messages().findLast((m) => (m.photo?.length ?? 0) > 0)!;
      const amountSatang = Math.round(Number(parse(qrOf(qrPhoto), true, true)!.getTagValue("54")) * 100);
      const ref = kind === "re-used" && lastGood ? lastGood : `0142026B${String(i).padStart(4, "0")}`;
      if (kind !== "re-used") addTransfer(standIn, ref, kind, amountSatang, clock());
      if (kind === "delayed bank") standIn.delay(ref, 1);
      const s: Sent = { kind, customer, before: customer.messages().length, sentAt: performance.now() };
      customer.sendPhoto(await slipPhoto(ref));
      sent.push(s);
      if (kind === "delayed bank") {
        // The bank answers 30 s later; fairway's leader asks again at the wait's end (a minute) by itself.
        setTimeout(() => standIn.answered(ref), 30_000).unref();
        continue;
      }
      await waitUntil(telegram, `the answer to ${customer.chatId}'s slip`, () => answer(s) !== undefined, ANSWER_MS);
      if (kind === "good") lastGood = ref;
      (s as Sent & { at?: number }).at = performance.now();
    }
    for (const s of sent.filter((x) => x.kind === "delayed bank")) {
      await waitUntil(telegram, `the delayed slip of ${s.customer.chatId}`, () => answer(s) !== undefined, 180_000);
      (s as Sent & { at?: number }).at = performance.now();
    }
    report(sent as (Sent & { at: number })[]);
  } finally {
    await bot.kill("SIGTERM");
    await standIn.close();
    await telegram.close();
    await sandbox.close();
  }
}

/** The machine's load average (1, 5, 15 min): the machine is shared. */
function fmtLoad(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
}

/** The transfer the stand-in's banks know for a slip of `kind`. */
function addTransfer(standIn: SlipCheckStandIn, transRef: string, kind: Kind, amountSatang: number, now: number) {
  standIn.addTransfer({
    transRef,
    sendingBank: "014",
    amountSatang: kind === "wrong amount" ? amountSatang - 10_000 : amountSatang,
    at: new Date(now).toISOString(),
    receiver: {
      name: "FAIRWAY GOLF",
      proxy: { type: "MSISDN", value: kind === "wrong payee" ? "xxx-xxx-9999" : "xxx-xxx-5678" },
    },
  });
}

function report(sent: (Sent & { at: number })[]): void {
  const seconds = (s: Sent & { at: number }) => (s.at - s.sentAt) / 1000;
  const rows = sent.map((s) => ({ slip: s.kind, answer: answer(s) ?? "none", seconds: seconds(s).toFixed(2) }));
  console.table(rows);
  const firstAnswer = sent.filter((s) => s.kind !== "delayed bank");
  const confirmed = firstAnswer.filter((s) => answer(s) === "confirmed").map(seconds);
  const refused = firstAnswer.filter((s) => answer(s) === "refused").map(seconds);
  const delayed = sent.filter((s) => s.kind === "delayed bank").map(seconds);
  const decided = sent.filter((s) => answer(s) === "confirmed" || answer(s) === "refused").length;
  const f = (x: number) => x.toFixed(2);
  console.log(
    `slip → confirmed (${confirmed.length} slips confirmed at the first answer): median ${f(quantile(confirmed, 0.5))} s, ` +
      `p95 ${f(quantile(confirmed, 0.95))} s (targets ≤ 5 s, ≤ 10 s)`,
  );
  console.log(
    `slip → refused (${refused.length}): median ${f(quantile(refused, 0.5))} s, max ${f(Math.max(...refused))} s`,
  );
  console.log(
    `delayed bank (${delayed.length}, the bank answering after 30 s, asked again after 1 min): ${delayed.map(f).join(", ")} s`,
  );
  console.log(
    `decided without a person: ${decided} of ${sent.length} (${((100 * decided) / sent.length).toFixed(0)} %; target ≥ 90 %); ` +
      `load average ${fmtLoad()}`,
  );
}
