import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy between fairway and the real PostgreSQL, so a test can take the database away from
 * fairway alone: `cut()` destroys every connection through it and refuses new ones (ECONNREFUSED, as
 * a stopped server does); `restore()` accepts again on the same port. The real server is never touched
 * (other tests share it).
 */
export interface PgOutageProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  port: number;
  /** Destroys every open connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Connections accepted so far (each one fairway opened while the proxy listened). */
  accepted(): number;
  close(): Promise<void>;
}

/** `port`: one no other listener will take while the proxy is cut (`freePort()`). */
export async function startPgOutageProxy(
  upstream: { host: string; port: number },
  port: number,
): Promise<PgOutageProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let server: Server | undefined;

  const onConnection = (client: Socket) => {
    accepted += 1;
    const up = connect(upstream.port, upstream.host);
    sockets.add(client);
    sockets.add(up);
    const end = () => {
      client.destroy();
      up.destroy();
      sockets.delete(client);
      sockets.delete(up);
    };
    client.on("error", end).on("close", end);
    up.on("error", end).on("close", end);
    client.pipe(up);
    up.pipe(client);
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        resolve((s.address() as { port: number }).port);
      });
    });

  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen(port);
  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    cut: stop,
    async restore() {
      if (server) return;
      // The port was ours a moment ago; another listener taking it in between would be a test bug.
      for (let attempt = 0; ; attempt++) {
        try {
          await listen(port);
          return;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    accepted: () => accepted,
    close: stop,
  };
}
