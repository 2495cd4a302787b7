import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createPartnerClient, isPartnerApiError, revivePartnerError } from "../../src/partner/index.js";
import type { Sandbox } from "../../src/local/sandbox/index.js";
import { captureLog, clientFor, customer, deadPort, openSlot, rejectionOf, startSandbox, urlOf } from "./helpers.js";

const KEY = "sk_live_Fairway-Secret-0123456789";
const B64 = Buffer.from(KEY).toString("base64");
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: KEY });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

/** Every way an error can be shown, stored or logged. */
function everyRendering(error: unknown): string {
  const e = error as Error;
  return [
    e.message,
    String(e.stack),
    String(e),
    JSON.stringify(e),
    inspect(e, { depth: 10, showHidden: true, getters: true }),
    isPartnerApiError(e) ? JSON.stringify(revivePartnerError(JSON.parse(JSON.stringify(e)))) : "",
  ].join("\n");
}

function expectNoKey(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(B64);
  expect(text).not.toMatch(/basic\s+[A-Za-z0-9+/=]{8,}/i);
}

describe("the API key never leaves the Authorization header", () => {
  it("is absent from every error and every log line", async () => {
    const log = captureLog();
    const client = clientFor(sandbox, { logger: log.logger });
    const { slot } = openSlot(sandbox, 2);
    const held = await client.reserve({ slotId: slot.id, persons: 2, ...customer });

    const errors: unknown[] = [];
    const collect = async (p: Promise<unknown>) => errors.push(await rejectionOf(p));

    // The partner echoes the key and the header back in its error body.
    sandbox.faults.add({
      kind: "status",
      status: 401,
      body: JSON.stringify({ message: `bad key ${KEY} (Basic ${B64})` }),
    });
    await collect(client.getBalance());
    sandbox.faults.add({ kind: "text", status: 400, body: `header was Basic ${B64}` });
    await collect(client.getBalance());
    sandbox.faults.add({ kind: "status", status: 200, body: JSON.stringify({ balance: KEY }) });
    await collect(client.getBalance());
    sandbox.faults.add({ kind: "html", status: 502, times: 3 });
    await collect(client.listCourses());
    sandbox.faults.add({ kind: "hang", times: 3 });
    await collect(client.getBalance());
    sandbox.faults.add({ kind: "reset", method: "POST" });
    sandbox.faults.add({ kind: "status", status: 503, method: "GET", times: 3 });
    await collect(client.confirm(held.id));
    sandbox.faults.add({ kind: "rate-limit", retryAfterSeconds: 60 });
    await collect(client.getBalance());
    await collect(
      createPartnerClient({ baseURL: await deadPort(), apiKey: KEY, retries: 0, logger: log.logger }).getBalance(),
    );
    await collect(createPartnerClient({ baseURL: sandbox.url, apiKey: `${KEY}x`, logger: log.logger }).getBalance());

    expect(errors.map((e) => (e as Error).name)).toEqual([
      "PartnerAuthError",
      "PartnerValidationError",
      "PartnerInvalidResponseError",
      "PartnerUnavailableError",
      "PartnerUnavailableError",
      "PartnerUnavailableError",
      "PartnerRateLimitError",
      "PartnerUnavailableError",
      "PartnerAuthError",
    ]);
    expect((errors[0] as { partnerMessage: string }).partnerMessage).toBe("bad key [redacted] (Basic [redacted])");
    for (const error of errors) expectNoKey(everyRendering(error));

    const text = log.text();
    expect(text).toContain('"endpoint":"GET /balance"');
    expectNoKey(text);
    expect(text.toLowerCase()).not.toContain("authorization");
    expect(text).not.toContain(customer.customerEmail);
  });

  it("does not put credentials in the URL (ofetch's FetchError message names the URL)", async () => {
    const urls: string[] = [];
    const client = createPartnerClient({
      baseURL: sandbox.url,
      apiKey: KEY,
      retries: 0,
      fetch: async (input, init) => {
        urls.push(urlOf(input));
        return fetch(input, init);
      },
    });
    await client.getBalance();
    sandbox.faults.add({ kind: "reset" });
    const error = await rejectionOf(client.getBalance());
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) expectNoKey(url);
    // The FetchError itself (whose `options` hold the headers) is not kept as a cause.
    expect((error as Error).cause).toBeUndefined();
  });

  it("works with the project's pino logger", async () => {
    const chunks: string[] = [];
    const logger = createLogger({ level: "debug", destination: { write: (s: string) => void chunks.push(s) } });
    const client = createPartnerClient({
      baseURL: sandbox.url,
      apiKey: KEY,
      logger: logger.child({ component: "partner" }),
    });
    await client.getBalance();
    expect(chunks.join("")).toContain('"component":"partner"');
    expectNoKey(chunks.join(""));
  });
});
