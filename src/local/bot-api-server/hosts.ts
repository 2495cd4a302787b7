/** Which `Host` a request may name (the `allowedHosts` option): a page on another name never reaches the server. */

/** The `Host` header without its port, lower-case ("[::1]" stays bracketed). */
export function hostnameOf(host: string | undefined): string {
  const value = (host ?? "").trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "");
}

/** Whether a request with this `Host` header is answered; `allowed` undefined: any host. */
export function isAllowedHost(allowed: readonly string[] | undefined, host: string | undefined): boolean {
  return allowed === undefined || allowed.includes(hostnameOf(host));
}
