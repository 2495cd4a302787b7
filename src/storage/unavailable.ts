/**
 * Whether an error says the database could not be reached (refused, dropped, restarting), rather than
 * that a query was wrong: the connection's errors of node and of `pg`, PostgreSQL's "connection
 * exception" class (08…) and its shutdown and start-up codes (57P01–57P03). Causes and the errors of
 * an AggregateError (a connection tried on several addresses) are looked through.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const look = (e: unknown): boolean => {
    if (typeof e !== "object" || e === null || seen.has(e)) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (NODE_CODES.has(code) || code.startsWith("08") || PG_CODES.has(code))) return true;
    if (typeof message === "string" && PG_MESSAGES.some((m) => message.includes(m))) return true;
    if (Array.isArray(errors) && errors.some(look)) return true;
    return look(cause);
  };
  return look(error);
}

const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const PG_CODES = new Set(["57P01", "57P02", "57P03"]);
/** `pg`'s own wording for a connection that ended or never came. */
const PG_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];
