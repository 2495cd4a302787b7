/**
 * The playground in Chromium shows a group booking: the agent books 12 golfers by clicking
 * through the page — the party of 12 at the players step, the three tee times proposed 4+4+4 with the
 * total, the lead golfer typed once, the other names — and gets one receipt with every tee time and its
 * code, one `.ics` with an event per tee time, and three PAID reservations in the sandbox panel.
 * Screenshot `playground-group` (see SCREENSHOT_DIR in ./browser.ts).
 *
 * Without Chromium the suite fails in CI (CI=true) and is skipped elsewhere.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYGROUND_AGENT_ID } from "../../../src/local/playground/index.js";
import { tomorrow } from "../../helpers/flow.js";
import { clickData, runsInChromium, screenshot, synced, typeMessage, usePlaygroundInChromium } from "./browser.js";
import type { PlaygroundApp } from "./helpers.js";

const RUN = runsInChromium("playground group browser test");

describe.runIf(RUN)("a group booking in the playground, in Chromium", { timeout: 90_000 }, () => {
  const chromium = usePlaygroundInChromium();
  let p: PlaygroundApp;
  let page: Page;
  beforeAll(() => void ({ p, page } = chromium));

  it("the agent books 12 golfers as three tee times and gets one receipt and one calendar file", async () => {
    const agent = PLAYGROUND_AGENT_ID;
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.getByRole("button", { name: "START" }).click();
    await synced(p, page, agent);

    await typeMessage(page, "/book");
    await synced(p, page, agent);
    await clickData(page, '[data-callback-data$=":c:0"]');
    await synced(p, page, agent);
    await clickData(page, '[data-callback-data$=":go"]');
    await synced(p, page, agent);
    const day = tomorrow(p.clock()).replaceAll("-", "");
    if ((await page.locator(`.kb-btn[data-callback-data$=":d:${day}"]`).count()) === 0) {
      await clickData(page, `[data-callback-data$=":m:${day.slice(0, 6)}"]`);
      await synced(p, page, agent);
    }
    await clickData(page, `[data-callback-data$=":d:${day}"]`);
    await synced(p, page, agent);
    await page.locator('#messages .row.in .kb-btn[data-callback-data*=":s:"]').first().click();
    await synced(p, page, agent);

    // A party of 12: three tee times in a row, 4+4+4, with the total.
    await clickData(page, '[data-callback-data$=":p:12"]');
    await synced(p, page, agent);
    const proposal = await page.locator("#messages .row.in").last().innerText();
    expect(proposal).toContain("12 players over 3 tee times");
    expect(proposal.match(/\d\. 🕒 \d\d:\d\d · 4 players/g)).toHaveLength(3);
    expect(proposal).toMatch(/Total ฿[\d,]+/);
    await clickData(page, '[data-callback-data$=":next"]');
    await synced(p, page, agent);
    if ((await page.locator('.kb-btn[data-callback-data$=":nc"]').count()) > 0) {
      await clickData(page, '[data-callback-data$=":nc"]');
      await synced(p, page, agent);
    }

    // The lead golfer once, then the other players' names.
    for (const text of ["Somchai Jaidee", "somchai@example.com", "081-234-5678", "Niran Dee, Kanya Suk, Malee Jai"]) {
      await typeMessage(page, text);
      await synced(p, page, agent);
    }
    expect(await page.locator("#messages .row.in").last().innerText()).toContain("Your 3 tee times are on hold");
    await page.locator('.reservation[data-status="PENDING"]').nth(2).waitFor();
    expect(await page.locator('.reservation[data-status="PENDING"]').count()).toBe(3);

    await clickData(page, '[data-callback-data$=":ok"]');
    await synced(p, page, agent);

    // One receipt: every tee time with its code, and the total; one calendar file.
    const receipts = page.locator("#messages .row.in", { hasText: "Group booked: 3 tee times" });
    expect(await receipts.count()).toBe(1);
    const receipt = await receipts.first().innerText();
    const codes = [...receipt.matchAll(/GT[A-Z0-9]{6}/g)].map((m) => m[0]);
    expect(new Set(codes).size, receipt).toBe(3);
    expect(receipt).toMatch(/Total ฿[\d,]+/);
    for (const c of codes) await page.locator(`.reservation[data-code="${c}"][data-status="PAID"]`).waitFor();
    expect(await page.locator('.reservation[data-status="PAID"]').count()).toBe(3);
    const documents = page.locator("#messages a.document");
    expect(await documents.count()).toBe(1);
    await receipts.first().scrollIntoViewIfNeeded();
    // The "Confirming and paying…" notice fades on its own; the picture shows the chat without it.
    await page.locator("#toast").waitFor({ state: "hidden" });
    await screenshot(page, "playground-group");

    const [download] = await Promise.all([page.waitForEvent("download"), documents.first().click()]);
    const ics = await readFile(await download.path(), "utf8");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    for (const c of codes) expect(ics).toContain(c);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });
});
