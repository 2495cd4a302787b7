/**
 * The side panel's "Pay as the Customer" buttons in Chromium (docs/playground.md, "Paying by slip"): with the
 * Customer shown a PromptPay QR, clicking *wrong payee* shows the Customer's chat with the refusal and its
 * reason; *good slip* then confirms the booking with no one tapping (the reservation PAID in the panel).
 * Screenshot `playground-slip-refused` (the refusal and the buttons; see SCREENSHOT_DIR in ./browser.ts).
 *
 * Without Chromium the suite fails in CI (CI=true) and is skipped elsewhere.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYGROUND_CUSTOMER_ID } from "../../../src/local/playground/index.js";
import { AGENT, customerShownQr } from "../../bench/slips.js";
import { runsInChromium, screenshot, synced, usePlaygroundInChromium } from "./browser.js";
import type { PlaygroundApp } from "./helpers.js";

const RUN = runsInChromium("playground slip-check browser test");

describe.runIf(RUN)("paying as the Customer with the side panel's slips, in Chromium", { timeout: 120_000 }, () => {
  const chromium = usePlaygroundInChromium({
    env: { AGENT_IDS: String(AGENT), PROMPTPAY_ID: "0812345678", SLIPS_PER_PAYMENT: "6", USER_RATE_BURST: "200" },
  });
  let p: PlaygroundApp;
  let page: Page;
  beforeAll(() => void ({ p, page } = chromium));

  const lastIn = () => page.locator("#messages .row.in").last();

  it("wrong payee: refused with its reason; good slip: confirmed with no tap", async () => {
    await p.post("/playground/language", { userId: PLAYGROUND_CUSTOMER_ID, language: "en" });
    await customerShownQr(p.telegram, PLAYGROUND_CUSTOMER_ID);
    await page.locator("#slip-section").waitFor();

    await page.locator('#slips button[data-slip="wrong-payee"]').click();
    await page.locator("#slip-pending", { hasText: "Sent: wrong payee" }).waitFor();
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await expect.poll(() => lastIn().innerText(), { timeout: 20_000 }).toContain("another account than the QR's");
    expect(await page.getByRole("tab", { name: /Customer/ }).getAttribute("aria-selected")).toBe("true");
    await screenshot(page, "playground-slip-refused");

    await page.locator('#slips button[data-slip="good"]').click();
    await page.locator('.reservation[data-status="PAID"]').waitFor({ timeout: 20_000 });
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await expect
      .poll(() => page.locator("#messages").innerText(), { timeout: 20_000 })
      .toContain("was verified with your bank");
  });
});
