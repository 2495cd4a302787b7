import { describe, expect, it } from "vitest";
import { lazy } from "../../src/runtime/lazy.js";

describe("lazy", () => {
  it("loads nothing until first called, then once for every caller, at once or later", async () => {
    let loads = 0;
    const module = lazy(() => Promise.resolve({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([module(), module()]);
    expect(await module()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("hands a failed load's error to its callers, and the next call loads again", async () => {
    let loads = 0;
    const module = lazy(() => {
      loads += 1;
      if (loads === 1) return Promise.reject(new Error("Cannot find module '@resvg/resvg-js-linux-x64-gnu'"));
      return Promise.resolve({ loaded: loads });
    });
    await expect(module()).rejects.toThrow("Cannot find module '@resvg/resvg-js-linux-x64-gnu'");
    expect(await module()).toEqual({ loaded: 2 });
    expect(await module()).toEqual({ loaded: 2 });
  });
});
