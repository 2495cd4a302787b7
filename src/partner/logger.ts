/**
 * What the client needs of a logger: pino's `debug` and `warn` (a pino `Logger` or any child fits).
 * Lines carry method, endpoint template, status, duration and attempt; never the key or headers.
 */
export interface PartnerLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
