import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update } from "grammy/types";
import { afterEach } from "vitest";

/** One POST the receiver got. */
export interface Received {
  update: Update;
  headers: IncomingHttpHeaders;
  startedAt: number;
  endedAt?: number;
  status?: number;
}

/** Decides the answer to a delivery: an HTTP status, or "hang" to never answer. */
export type Responder = (update: Update, received: readonly Received[]) => number | "hang" | Promise<number | "hang">;

/** A local webhook endpoint that records what it got and how many requests overlapped. */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Highest number of requests open at the same time. */
  maxConcurrent: number;
  respond: Responder;
  close(): Promise<void>;
}

const receivers: Server[] = [];

afterEach(async () => {
  while (receivers.length > 0) {
    const server = receivers.pop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  }
});

/** Starts a receiver on 127.0.0.1 (a given port, or a random one); answers 200 unless `respond` says otherwise. */
export async function startReceiver(respond: Responder = () => 200, port = 0): Promise<Receiver> {
  let open = 0;
  const receiver: Receiver = {
    url: "",
    port: 0,
    received: [],
    maxConcurrent: 0,
    respond,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        open += 1;
        receiver.maxConcurrent = Math.max(receiver.maxConcurrent, open);
        const entry: Received = {
          update: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Update,
          headers: req.headers,
          startedAt: performance.now(),
        };
        receiver.received.push(entry);
        const status = await receiver.respond(entry.update, receiver.received);
        if (status === "hang") return; // the connection stays open until someone gives up
        open -= 1;
        entry.endedAt = performance.now();
        entry.status = status;
        res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "no");
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receivers.push(server);
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
