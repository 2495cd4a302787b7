/** Keeping the API key out of every message, and naming low-level network failures. */

/**
 * Returns a function that replaces the key, and its Base64 form as sent in `Authorization`, by
 * `[redacted]` wherever the partner might echo them (error bodies, validation messages).
 */
export function createRedactor(apiKey: string): (text: string) => string {
  const needles = [apiKey, Buffer.from(apiKey, "utf8").toString("base64")].filter((s) => s.length >= 4);
  return (text) => needles.reduce((out, needle) => out.split(needle).join("[redacted]"), text);
}

/**
 * The first `code` (`ECONNRESET`, `ECONNREFUSED`, `UND_ERR_SOCKET`, …) along an error's cause chain:
 * ofetch's FetchError → undici's "fetch failed" TypeError → the socket error.
 */
export function networkCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "") return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) current = errors[0] as unknown;
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Codes meaning the connection was never made, so a write cannot have reached the partner. */
const NEVER_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

export function neverConnected(networkCode: string | undefined): boolean {
  return networkCode !== undefined && NEVER_CONNECTED.has(networkCode);
}
