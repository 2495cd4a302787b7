import { expect } from "vitest";
import { ConfigError, createConfig } from "../../src/config/index.js";

/** The problems `createConfig` names for `env`; fails the test unless it throws a `ConfigError`. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    createConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}
