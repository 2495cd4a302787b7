import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig } from "../../src/config/index.js";
import { checkPartner, formatReport, runDoctor } from "../../src/doctor/checks.js";
import { createPartnerClient } from "../../src/partner/index.js";
import { createSandbox } from "../../src/local/sandbox/index.js";
import { WORLD_START, worldClock } from "../helpers/clock.js";
import { sqliteDatabase } from "../helpers/databases.js";

describe("doctor", () => {
  const clock = worldClock(WORLD_START);
  const sandbox = createSandbox({ initialBalance: 12_345_678, clock });
  let url = "";
  beforeAll(async () => {
    url = await sandbox.listen(0);
  });
  afterAll(() => sandbox.close());

  it("reports a healthy partner: balance in baht, courses, today's tee times, round-trip times", async () => {
    const db = sqliteDatabase();
    const config = createConfig({
      PARTNER_API_URL: url,
      PARTNER_API_KEY: sandbox.apiKey,
      DATABASE_URL: `sqlite:${db.config.kind === "sqlite" ? db.config.path : ""}`,
    });
    const results = await runDoctor(config, clock);
    await db.cleanup();
    expect(results.every((r) => r.ok)).toBe(true);
    const report = formatReport(results);
    expect(report).toContain("฿123,456.78 of partner credit");
    expect(report).toContain(`${sandbox.courses().length} courses`);
    expect(report).toMatch(/tee times\s+\d+ today \(2026-11-25\) at .+, [1-9]\d* open \(\d+ ms\)/);
    expect(report).toContain("Healthy");
  });

  it("says in plain words that the key was refused, without printing it", async () => {
    const partner = createPartnerClient({ baseURL: url, apiKey: "wrong-key-123", retries: 0 });
    const results = await checkPartner(partner, url);
    expect(results).toEqual([expect.objectContaining({ ok: false, name: "credentials" })]);
    expect(results[0]!.detail).toContain("check PARTNER_API_KEY");
    expect(formatReport(results)).not.toContain("wrong-key-123");
    expect(formatReport(results)).toContain("Not healthy");
  });

  it("says when nothing answers at the partner URL", async () => {
    const partner = createPartnerClient({ baseURL: "http://127.0.0.1:9", apiKey: "k", retries: 0, timeoutMs: 1000 });
    const [result] = await checkPartner(partner, "http://127.0.0.1:9");
    expect(result?.ok).toBe(false);
    expect(result?.detail).toContain("no answer from http://127.0.0.1:9");
  });

  it("says when the URL points at the wrong path", async () => {
    const wrong = `${url}/nothing-here`;
    const partner = createPartnerClient({ baseURL: wrong, apiKey: sandbox.apiKey, retries: 0 });
    const [result] = await checkPartner(partner, wrong);
    expect(result?.detail).toContain("without /api/v1/ext");
  });

  it("checks the embedded sandbox when no partner is configured", async () => {
    const db = sqliteDatabase();
    const results = await runDoctor(
      createConfig({ DATABASE_URL: `sqlite:${db.config.kind === "sqlite" ? db.config.path : ""}` }),
    );
    await db.cleanup();
    expect(results.find((r) => r.name === "partner")?.detail).toContain("embedded sandbox");
    expect(results.every((r) => r.ok)).toBe(true);
  });
});
