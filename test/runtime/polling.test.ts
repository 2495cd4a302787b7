import { afterEach, describe, expect, it } from "vitest";
import { startHarness, TEST_BOT_TOKEN, type Harness } from "../helpers/harness.js";

/** Long polling under the lease, against the local Bot API server (which answers 409 as Telegram does). */
describe("polling", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  const api = (method: string, params: Record<string, unknown> = {}) =>
    fetch(`${h!.telegram.url}/bot${TEST_BOT_TOKEN}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
    }).then((r) => r.json() as Promise<{ ok: boolean }>);

  it("a webhook set by another deployment: getUpdates' 409 pauses polling without ending the process; polling resumes once the webhook is gone, without deleting it itself", async () => {
    h = await startHarness();
    const agent = h.user(8101);
    expect(h.app.isReceiving()).toBe(true);
    expect((await api("setWebhook", { url: "https://elsewhere.example/hook" })).ok).toBe(true);
    await expect
      .poll(() => h!.logs.some((l) => l.includes("getUpdates refused (409)")), { timeout: 10_000 })
      .toBe(true);
    expect(h.app.isReceiving()).toBe(false);
    // It does not take the updates back from the other deployment by deleting its webhook.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(h.telegram.webhook()?.url).toBe("https://elsewhere.example/hook");
    expect(h.telegram.callsTo("deleteWebhook")).toHaveLength(1);
    // The other deployment goes away: polling resumes at its next try and the queued message is answered.
    agent.send("/book");
    expect((await api("deleteWebhook")).ok).toBe(true);
    await expect
      .poll(() => agent.messages().some((m) => (m.text ?? "").includes("Choose a golf course")), { timeout: 15_000 })
      .toBe(true);
    expect(h.app.isReceiving()).toBe(true);
  }, 40_000);
});
