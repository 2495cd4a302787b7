import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/harness.js";

describe("versioned sessions", () => {
  let h: Harness;
  afterEach(async () => {
    await h.stop();
  });

  it("a session stored before versioning is migrated on read and its language choice is kept", async () => {
    h = await startHarness();
    await h.app.storage.kv.set("session:8101", { locale: "th", stale: "field from an old release" });
    const user = h.user(8101, "en");
    user.send("/help");
    await h.settle();
    expect(user.lastMessage()?.text).toContain("จองเวลาออกรอบ");
    const stored = await h.app.storage.kv.get<{ v?: number; __d?: Record<string, unknown> }>("session:8101");
    expect(stored?.v).toBe(1);
    expect(stored?.__d).toEqual({ locale: "th", languageCode: "en" });
  });
});
