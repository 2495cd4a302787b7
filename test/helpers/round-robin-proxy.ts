import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A load balancer for the multi-instance tests: each request goes to the next upstream in turn; an
 * upstream that refuses or drops the connection (a killed instance) answers 502, as a real balancer
 * would before its health check notices, so Telegram (the local Bot API server) delivers again.
 */
export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to each upstream port, and how many ended 502. */
  figures(): { byUpstream: Record<number, number>; failed: number };
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: () => number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const byUpstream: Record<number, number> = {};
  let failed = 0;

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const ports = upstreamPorts();
    const port = ports[next++ % ports.length]!;
    byUpstream[port] = (byUpstream[port] ?? 0) + 1;
    const upstream = request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `127.0.0.1:${port}` },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      failed += 1;
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    figures: () => ({ byUpstream: { ...byUpstream }, failed }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Ports this process has handed out: never twice. */
const handedOut = new Set<number>();

/** Whether a listener can take `port` on every address (IPv4 and IPv6) right now. */
async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "::", () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => server.close(() => resolve()));
  return ok;
}

/**
 * A port nothing listens on right now (for an instance's PORT), below the kernel's ephemeral range
 * (32768–60999 on Linux): a port asked of the kernel with 0 (every other server the tests start) can
 * never be this one between the check and the instance's own listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (!(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
}
