/** SLIP_CHECK_*: the slip-verification service's settings, validated at start, its key a secret. */
import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config/index.js";
import { problemsOf } from "../helpers/config-problems.js";

describe("the slip check's configuration", () => {
  it("is absent when SLIP_CHECK_PROVIDER is unset: no automatic check", () => {
    expect(createConfig({}).payments.slipCheck).toBeUndefined();
    expect(createConfig({ SLIP_CHECK_KEY: "ignored-key" }).payments.slipCheck).toBeUndefined();
  });

  it("resolves SlipOK with its key and branch, the key kept among the secrets", () => {
    const config = createConfig({
      SLIP_CHECK_PROVIDER: "slipok",
      SLIP_CHECK_KEY: "SLIPOKSECRET9",
      SLIP_CHECK_BRANCH: "12345",
    });
    expect(config.payments.slipCheck).toEqual({ provider: "slipok", key: "SLIPOKSECRET9", branch: "12345" });
    expect(config.secrets).toContain("SLIPOKSECRET9");
  });

  it("resolves EasySlip with another API root, its trailing slash dropped", () => {
    const config = createConfig({
      SLIP_CHECK_PROVIDER: "easyslip",
      SLIP_CHECK_KEY: "easy-secret-key",
      SLIP_CHECK_URL: "http://127.0.0.1:9999/v2/",
    });
    expect(config.payments.slipCheck).toEqual({
      provider: "easyslip",
      key: "easy-secret-key",
      url: "http://127.0.0.1:9999/v2",
    });
  });

  it("refuses to start with a provider and no key, naming the variable and never a value", () => {
    const problems = problemsOf({ SLIP_CHECK_PROVIDER: "easyslip" });
    expect(problems).toEqual(["SLIP_CHECK_KEY is required when SLIP_CHECK_PROVIDER is set (the service's API key)"]);
  });

  it("refuses SlipOK without its branch id", () => {
    const problems = problemsOf({ SLIP_CHECK_PROVIDER: "slipok", SLIP_CHECK_KEY: "SLIPOKSECRET9" });
    expect(problems.join("\n")).toMatch(/^SLIP_CHECK_BRANCH is required/);
    expect(problems.join("\n")).not.toContain("SLIPOKSECRET9");
  });

  it("refuses an unknown provider, a URL that is not http(s) and a branch with other characters", () => {
    const problems = problemsOf({
      SLIP_CHECK_PROVIDER: "slip2go",
      SLIP_CHECK_KEY: "k-secret-value",
      SLIP_CHECK_URL: "ftp://x",
      SLIP_CHECK_BRANCH: "a b",
    });
    expect(problems.some((p) => p.startsWith("SLIP_CHECK_PROVIDER must be slipok or easyslip"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SLIP_CHECK_URL "))).toBe(true);
    expect(problems.some((p) => p.startsWith("SLIP_CHECK_BRANCH must be SlipOK's branch id"))).toBe(true);
    expect(problems.join("\n")).not.toContain("k-secret-value");
  });
});
