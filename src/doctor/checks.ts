import type { Config } from "../config/index.js";
import { courseToday } from "../time/today.js";
import { formatBaht } from "../money/baht.js";
import { createPartnerClient, isPartnerApiError, type PartnerClient } from "../partner/index.js";
import { openPartnerEndpoint } from "../partner-endpoint.js";
import { createStorage } from "../storage/index.js";

export interface CheckResult {
  ok: boolean;
  name: string;
  detail: string;
  ms?: number;
}

/** Plain words for what went wrong in a partner call. */
export function explainPartnerFailure(error: unknown, baseURL: string): string {
  if (!isPartnerApiError(error)) return `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  switch (error.name) {
    case "PartnerAuthError":
      return `the partner refused the credentials (HTTP ${error.status}): check PARTNER_API_KEY`;
    case "PartnerNotFoundError":
      return `the partner answered 404: check that PARTNER_API_URL (${baseURL}) is the base URL, without /api/v1/ext`;
    case "PartnerUnavailableError":
      return error.status === 0
        ? `no answer from ${baseURL} (${error.message}): check PARTNER_API_URL and the network`
        : `the partner is failing (HTTP ${error.status}${error.partnerMessage ? `: ${error.partnerMessage}` : ""})`;
    case "PartnerRateLimitError":
      return "the partner is rate-limiting us (HTTP 429): try again later";
    case "PartnerInvalidResponseError":
      return `the partner's answer does not match the API fairway expects (${error.message})`;
    default:
      return `the partner answered HTTP ${error.status}${error.partnerMessage ? `: ${error.partnerMessage}` : ""}`;
  }
}

async function timed<T>(task: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await task();
    return { value, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error, ms: Math.round(performance.now() - started) };
  }
}

/** Checks the partner: credentials and balance, courses, today's tee times at the first course. */
export async function checkPartner(partner: PartnerClient, baseURL: string, now = Date.now()): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const balance = await timed(() => partner.getBalance());
  if (balance.error !== undefined || !balance.value) {
    results.push({
      ok: false,
      name: "credentials",
      detail: explainPartnerFailure(balance.error, baseURL),
      ms: balance.ms,
    });
    return results;
  }
  results.push({ ok: true, name: "credentials", detail: "accepted", ms: balance.ms });
  results.push({
    ok: true,
    name: "balance",
    detail: `${formatBaht(balance.value.balance, "en")} of partner credit`,
    ms: balance.ms,
  });

  const courses = await timed(() => partner.listCourses());
  if (courses.error !== undefined || !courses.value) {
    results.push({ ok: false, name: "courses", detail: explainPartnerFailure(courses.error, baseURL), ms: courses.ms });
    return results;
  }
  const list = courses.value;
  results.push({
    ok: list.length > 0,
    name: "courses",
    detail: list.length > 0 ? `${list.length} courses` : "the partner lists no courses",
    ms: courses.ms,
  });
  const first = list[0];
  if (!first) return results;
  const today = courseToday(now, first.timeZone);
  const slots = await timed(() => partner.listTeeTimes(first.id, today));
  if (slots.error !== undefined || !slots.value) {
    results.push({ ok: false, name: "tee times", detail: explainPartnerFailure(slots.error, baseURL), ms: slots.ms });
    return results;
  }
  const open = slots.value.filter((t) => t.status.toUpperCase() === "OPEN").length;
  results.push({
    ok: true,
    name: "tee times",
    detail: `${slots.value.length} today (${today}) at ${first.name}, ${open} open`,
    ms: slots.ms,
  });
  return results;
}

/** Runs every check for `config` at `now` (default the wall clock); a sandbox configuration checks an embedded sandbox. */
export async function runDoctor(config: Config, now: () => number = Date.now): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const storage = await timed(() => createStorage(config.database));
  if (storage.value) {
    results.push({
      ok: true,
      name: "database",
      detail: `${config.database.kind} reachable, schema up to date`,
      ms: storage.ms,
    });
    await storage.value.close();
  } else {
    const why = storage.error instanceof Error ? storage.error.message : String(storage.error);
    results.push({
      ok: false,
      name: "database",
      detail: `cannot open DATABASE_URL (${config.database.kind}): ${why}`,
      ms: storage.ms,
    });
  }

  const endpoint = await openPartnerEndpoint(config.partner, now);
  const { baseURL, apiKey } = endpoint;
  if (endpoint.embedded) {
    results.push({
      ok: true,
      name: "partner",
      detail: `PARTNER_API_URL is not set: checking the embedded sandbox fairway would start (${baseURL})`,
    });
  }
  try {
    const partner = createPartnerClient({
      baseURL,
      apiKey,
      timeoutMs: config.partner.timeoutMs,
      moneyUnit: config.partner.moneyUnit,
      retries: 0,
    });
    results.push(...(await checkPartner(partner, baseURL, now())));
  } finally {
    await endpoint.close();
  }
  return results;
}

/** The report as lines of text. */
export function formatReport(results: CheckResult[]): string {
  const lines = results.map(
    (r) => `${r.ok ? "✓" : "✗"} ${r.name.padEnd(12)} ${r.detail}${r.ms !== undefined ? ` (${r.ms} ms)` : ""}`,
  );
  const healthy = results.every((r) => r.ok);
  lines.push(
    "",
    healthy ? "Healthy: fairway can work with this configuration." : "Not healthy: fix the lines marked ✗ above.",
  );
  return lines.join("\n");
}
