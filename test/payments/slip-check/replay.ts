/**
 * A server that answers with recorded bodies, in order, over real HTTP: the documents' samples played
 * back to the adapters. Records each request's headers and body.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { status: number; body: unknown; contentType?: string } | "hang";

export async function startReplay() {
  const queue: Recorded[] = [];
  const requests: { url: string; headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const next = queue.shift();
      if (next === undefined || next === "hang") return;
      const text = typeof next.body === "string" ? next.body : JSON.stringify(next.body);
      res.writeHead(next.status, { "content-type": next.contentType ?? "application/json" });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    answer(...recorded: Recorded[]) {
      queue.push(...recorded);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A logger that keeps every line as text, to search for what must never be logged. */
export function recordingLogger() {
  const lines: string[] = [];
  const keep = (obj: object, msg?: string) => lines.push(`${JSON.stringify(obj)} ${msg ?? ""}`);
  return { lines, logger: { debug: keep, warn: keep } };
}
