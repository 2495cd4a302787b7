/**
 * A local slip-check service speaking SlipOK's and EasySlip's published shapes over HTTP
 * (`src/payments/slip-check/slipok.ts` and `easyslip.ts` cite them), for tests and the playground.
 * It decides from the slip's QR text (read with `promptparse`, as the services read it): a reference it was
 * told of is a transfer with that amount and receiver; one seen before is a duplicate; one told to be
 * delayed is the bank's delay; any other is no such transfer. An uploaded image is known by its SHA-256,
 * registered with the QR text it stands for. No framework, no fairway types: it answers as the services do.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { slipVerify } from "promptparse/validate";

/** A transfer the stand-in's banks know. */
export interface StandInTransfer {
  transRef: string;
  sendingBank: string;
  receivingBank?: string;
  /** In satang. */
  amountSatang: number;
  /** When it was made, ISO 8601. */
  at: string;
  receiver: { name: string; proxy?: { type: string; value: string }; account?: { type: string; value: string } };
  sender?: { name: string };
}

/** The next answer, whatever the request: a 5xx HTML page, no answer at all, or a 200 that is not JSON. */
export type StandInFault = "status-500" | "hang" | "not-json";

export interface SlipCheckStandInOptions {
  /** The key both services accept (default `slip-check-key`). */
  key?: string;
  /** SlipOK's branch id in the path (default `1234`). */
  branch?: string;
  transfers?: StandInTransfer[];
  /** How long each answer takes, ms (default 0): a service answering in a second, as the benchmark's. */
  latencyMs?: number;
}

export function createSlipCheckStandIn(options: SlipCheckStandInOptions = {}) {
  const key = options.key ?? "slip-check-key";
  const branch = options.branch ?? "1234";
  const transfers = new Map((options.transfers ?? []).map((t) => [t.transRef, t]));
  const delays = new Map<string, number>();
  const images = new Map<string, string>();
  const seen = { slipok: new Set<string>(), easyslip: new Set<string>() };
  const faults: StandInFault[] = [];
  let requests = 0;
  let latencyMs = options.latencyMs ?? 0;
  let origin: string | undefined;

  const server = createServer((req, res) => {
    requests += 1;
    const fault = faults.shift();
    if (fault === "hang") return;
    if (fault === "status-500") return send(res, 500, "<html><body>502 Bad Gateway</body></html>", "text/html");
    if (fault === "not-json") return send(res, 200, "<html>maintenance</html>", "text/html");
    const answer = () => void route(req, res).catch(() => send(res, 500, "internal error", "text/plain"));
    if (latencyMs > 0) setTimeout(answer, latencyMs);
    else answer();
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const slipOk = /^\/api\/line\/apikey\/([^/]+)\/?$/.exec(path);
    if (req.method === "POST" && slipOk) return answerSlipOk(req, res, decodeURIComponent(slipOk[1]!));
    if (req.method === "POST" && path === "/v2/verify/bank") return answerEasySlip(req, res);
    send(res, 404, JSON.stringify({ success: false, error: { code: "NOT_FOUND", message: "Resource not found" } }));
  }

  /** The QR text a request carries (its own field, or a registered image), or why there is none. */
  function qrOf(fields: Fields, textField: string, fileField: string): { qr: string } | "none" | "unknown-image" {
    const text = fields.get(textField);
    if (typeof text === "string" && text !== "") return { qr: text };
    const file = fields.get(fileField);
    if (!(file instanceof Uint8Array)) return "none";
    const qr = images.get(sha256(file));
    return qr === undefined ? "unknown-image" : { qr };
  }

  async function answerSlipOk(req: IncomingMessage, res: ServerResponse, pathBranch: string): Promise<void> {
    const fail = (code: number, message: string, data?: unknown) =>
      send(res, 400, JSON.stringify({ success: false, code, message, ...(data === undefined ? {} : { data }) }));
    if (pathBranch !== branch) return fail(1001, "ไม่พบข้อมูลสาขา");
    if (req.headers["x-authorization"] !== key) return fail(1002, "Authorization Header ไม่ถูกต้อง");
    const fields = await readFields(req);
    const found = qrOf(fields, "data", "files");
    if (found === "none") return fail(1000, "กรุณาใส่ข้อมูล QR Code ให้ครบ");
    if (found === "unknown-image") return fail(1007, "รูปภาพไม่มี QR Code");
    const read = slipVerify(found.qr, true);
    if (!read) return fail(1008, "QR ดังกล่าวไม่ใช่ QR สำหรับตรวจสอบการชำระเงิน");
    const delay = delays.get(read.transRef);
    if (delay !== undefined)
      return fail(1010, `กรุณารอ ${delay} นาที`, { bankCode: read.sendingBank, bankName: "bank", delay });
    const t = transfers.get(read.transRef);
    if (!t) return fail(1011, "QR Code หมดอายุ หรือไม่มีรายการอยู่จริง");
    const log = fields.get("log") === true || fields.get("log") === "true";
    const slip = slipOkSlip(t);
    if (log && seen.slipok.has(t.transRef)) return fail(1012, "สลิปซ้ำ", slip);
    if (log) seen.slipok.add(t.transRef);
    const amount = fields.get("amount");
    if (amount !== undefined && Math.round(Number(amount) * 100) !== t.amountSatang)
      return fail(1013, "ยอดเงินไม่ตรงกับสลิป", slip);
    send(res, 200, JSON.stringify({ success: true, data: slip }));
  }

  async function answerEasySlip(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fail = (status: number, code: string, message: string) =>
      send(res, status, JSON.stringify({ success: false, error: { code, message } }));
    const authorization = req.headers.authorization;
    if (!authorization) return fail(401, "MISSING_API_KEY", "Authorization header is required");
    if (authorization !== `Bearer ${key}`) return fail(401, "INVALID_API_KEY", "The provided API key is invalid");
    const fields = await readFields(req);
    const found = qrOf(fields, "payload", "image");
    if (found === "none") return fail(400, "VALIDATION_ERROR", "Validation failed");
    const qr = found === "unknown-image" ? "" : found.qr;
    const read = qr === "" ? null : slipVerify(qr, true);
    if (!read) return fail(404, "SLIP_NOT_FOUND", "Slip not found or invalid");
    if (delays.has(read.transRef)) return fail(500, "API_SERVER_ERROR", "External API error");
    const t = transfers.get(read.transRef);
    if (!t) return fail(404, "SLIP_NOT_FOUND", "Slip not found or invalid");
    const check = fields.get("checkDuplicate");
    const isDuplicate = (check === true || check === "true") && seen.easyslip.has(t.transRef);
    seen.easyslip.add(t.transRef);
    const match = fields.get("matchAmount");
    const amountInSlip = t.amountSatang / 100;
    const matched =
      match === undefined
        ? {}
        : { amountInOrder: Number(match), isAmountMatched: Math.round(Number(match) * 100) === t.amountSatang };
    const data = { isDuplicate, matchedAccount: null, ...matched, amountInSlip, rawSlip: easySlipSlip(t, qr) };
    send(res, 200, JSON.stringify({ success: true, data, message: "Operation completed successfully" }));
  }

  return {
    key,
    branch,
    /** Serves on `port` (0: any free one); resolves to the origin. */
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      const address = server.address() as AddressInfo;
      origin = `http://${host}:${address.port}`;
      return origin;
    },
    /** SLIP_CHECK_URL for SlipOK (the branch id is appended by the client). */
    get slipOkUrl(): string {
      return `${this.url}/api/line/apikey`;
    },
    /** SLIP_CHECK_URL for EasySlip. */
    get easySlipUrl(): string {
      return `${this.url}/v2`;
    },
    get url(): string {
      if (!origin) throw new Error("the slip-check stand-in is not listening");
      return origin;
    },
    /** A transfer the banks know from now on. */
    addTransfer(transfer: StandInTransfer): void {
      transfers.set(transfer.transRef, transfer);
    },
    /** The bank answers for this reference only after a delay (SlipOK 1010 with `delay` minutes; EasySlip 500). */
    delay(transRef: string, minutes: number): void {
      delays.set(transRef, minutes);
    },
    /** The bank has answered for this reference at last: no more delay. */
    answered(transRef: string): void {
      delays.delete(transRef);
    },
    /** An image the stand-in reads as this QR text when it is uploaded. */
    addImage(bytes: Uint8Array, qrText: string): void {
      images.set(sha256(bytes), qrText);
    },
    /** The next answer is this fault instead. */
    failNext(fault: StandInFault): void {
      faults.push(fault);
    },
    /** From now on each answer takes `ms`. */
    setLatency(ms: number): void {
      latencyMs = ms;
    },
    /** Requests received so far. */
    requests: () => requests,
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SlipCheckStandIn = ReturnType<typeof createSlipCheckStandIn>;

/** SlipOK's `data` for a transfer (https://slipok.com/api-documentation/check-slip/). */
function slipOkSlip(t: StandInTransfer) {
  const bangkok = new Date(Date.parse(t.at) + 7 * 3_600_000).toISOString();
  return {
    success: true,
    message: "✅",
    language: "TH",
    receivingBank: t.receivingBank ?? "004",
    sendingBank: t.sendingBank,
    transRef: t.transRef,
    transDate: bangkok.slice(0, 10).replace(/-/g, ""),
    transTime: bangkok.slice(11, 19),
    transTimestamp: new Date(Date.parse(t.at)).toISOString(),
    sender: {
      displayName: t.sender?.name ?? "นาย ลูกค้า ท",
      name: t.sender?.name ?? "Mr. Customer T",
      proxy: { type: null, value: null },
      account: { type: "BANKAC", value: "xxx-x-x1234-x" },
    },
    receiver: {
      displayName: t.receiver.name,
      name: t.receiver.name,
      proxy: t.receiver.proxy ?? { type: null, value: null },
      account: t.receiver.account ?? { type: null, value: null },
    },
    amount: t.amountSatang / 100,
  };
}

/** EasySlip's `rawSlip` for a transfer (v1's slip fields, as v2's page cut in the library shows them). */
function easySlipSlip(t: StandInTransfer, payload: string) {
  const bank = (id: string) => ({ id, name: "ธนาคาร", short: "BANK" });
  return {
    payload,
    transRef: t.transRef,
    date: new Date(Date.parse(t.at)).toISOString(),
    countryCode: "TH",
    amount: { amount: t.amountSatang / 100, local: { amount: 0, currency: "" } },
    fee: 0,
    ref1: "",
    ref2: "",
    ref3: "",
    sender: {
      bank: bank(t.sendingBank),
      account: {
        name: { th: t.sender?.name ?? "นาย ลูกค้า ท", en: t.sender?.name ?? "MR. CUSTOMER T" },
        bank: { type: "BANKAC", account: "1234xxxx5678" },
      },
    },
    receiver: {
      bank: bank(t.receivingBank ?? "004"),
      account: {
        name: { th: t.receiver.name, en: t.receiver.name },
        ...(t.receiver.account ? { bank: { type: t.receiver.account.type, account: t.receiver.account.value } } : {}),
        ...(t.receiver.proxy ? { proxy: { type: t.receiver.proxy.type, account: t.receiver.proxy.value } } : {}),
      },
    },
  };
}

/** A request's fields: a JSON body's, or a multipart body's (files as bytes). */
type Fields = Map<string, unknown>;

async function readFields(req: IncomingMessage): Promise<Fields> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  const fields: Fields = new Map();
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(body, { headers: { "content-type": type } }).formData();
    for (const [name, value] of form.entries())
      fields.set(name, typeof value === "string" ? value : new Uint8Array(await value.arrayBuffer()));
    return fields;
  }
  try {
    const json = JSON.parse(body.toString("utf8")) as unknown;
    if (json && typeof json === "object") for (const [k, value] of Object.entries(json)) fields.set(k, value);
  } catch {
    // Not JSON: no fields, answered as a request without data.
  }
  return fields;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function send(res: ServerResponse, status: number, body: string, type = "application/json"): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8` });
  res.end(body);
}
