import type { Config } from "./config/index.js";
import type { Sandbox } from "./local/sandbox/index.js";

/** Where fairway's partner calls go: the configured partner, or a sandbox embedded in this process. */
export interface PartnerEndpoint {
  baseURL: string;
  apiKey: string;
  /** True when no PARTNER_API_URL was set and the embedded sandbox serves. */
  embedded: boolean;
  /** The embedded sandbox itself (its records, for tests' checks of the ledger against it); none for a remote partner. */
  sandbox?: Sandbox;
  /** Stops the embedded sandbox (nothing for a remote partner). */
  close(): Promise<void>;
}

/**
 * Resolves the partner configuration, starting the embedded sandbox on a free port when needed; the
 * sandbox runs on `clock` (fairway's own), so its "today" and fairway's are the same day.
 */
export async function openPartnerEndpoint(
  partner: Config["partner"],
  clock: () => number = Date.now,
): Promise<PartnerEndpoint> {
  if (partner.kind === "remote") {
    return { baseURL: partner.baseURL, apiKey: partner.apiKey, embedded: false, close: () => Promise.resolve() };
  }
  // Loaded only here: with a real partner the sandbox is never loaded.
  const { createSandbox } = await import("./local/sandbox/index.js");
  const sandbox = createSandbox({ seed: partner.seed, moneyUnit: partner.moneyUnit, clock });
  const baseURL = await sandbox.listen(0);
  return { baseURL, apiKey: sandbox.apiKey, embedded: true, sandbox, close: () => sandbox.close() };
}
