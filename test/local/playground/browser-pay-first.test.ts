/**
 * Selling prices and customers' payments end to end (docs/features.md, "Prices and payments"), in the
 * playground in Chromium, with `PRICE_MARKUP=20%` and `PROMPTPAY_ID` set:
 * the agent's inline offer shows the customer's price, not the net; the customer opens it, books, and
 * gets a PromptPay QR for exactly the selling total; the partner's confirm is not called until the agent
 * approves the slip the customer sent (the page's 📎); the receipt says what is prepaid and what is due
 * at the course; the admin's `/report` shows the margin.
 * Screenshot `playground-pay-first` (the customer's payment step; see SCREENSHOT_DIR in ./browser.ts).
 *
 * Without Chromium the suite fails in CI (CI=true) and is skipped elsewhere.
 */
import type { Page } from "playwright-core";
import { parse } from "promptparse";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PLAYGROUND_ADMIN_ID,
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
} from "../../../src/local/playground/index.js";
import { courseToday, formatTime } from "../../../src/bot/format/dates.js";
import { formatBaht } from "../../../src/bot/format/money.js";
import { readSandboxState } from "../../../src/local/playground/sandbox-state.js";
import { sellingPerPlayer } from "../../../src/pricing/price.js";
import { tomorrow } from "../../helpers/flow.js";
import { qrOf, slipPhoto } from "../../helpers/slips.js";
import { clickData, runsInChromium, screenshot, synced, typeMessage, usePlaygroundInChromium } from "./browser.js";
import type { PlaygroundApp } from "./helpers.js";

const RUN = runsInChromium("playground pay-first browser test");

const MARKUP = { kind: "percent", basisPoints: 2000 } as const;
const PROMPTPAY = "0812345678";

describe.runIf(RUN)("selling price and payment first, in the playground in Chromium", { timeout: 90_000 }, () => {
  const chromium = usePlaygroundInChromium({ env: { PRICE_MARKUP: "20%", PROMPTPAY_ID: PROMPTPAY } });
  let p: PlaygroundApp;
  let page: Page;
  beforeAll(() => void ({ p, page } = chromium));

  const lastIn = () => page.locator("#messages .row.in").last();
  /** Partner confirms so far, as the sandbox counts them (its side panel's state). */
  const confirms = async (): Promise<number> => {
    const view = await readSandboxState(p.app.partnerUrl);
    if (!view.available) throw new Error(view.reason);
    const { byRoute } = view.state.requests as { byRoute: Record<string, number> };
    return Object.entries(byRoute)
      .filter(([route]) => /^POST \S*\/confirm$/.test(route))
      .reduce((sum, [, n]) => sum + n, 0);
  };

  it("the offer shows the customer's price; the customer pays the QR's selling total by slip; the agent's approval confirms; receipt and report", async () => {
    // The agent posts an inline offer: its price is what the customer pays, not the net.
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.getByRole("button", { name: "START" }).click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator("#input").fill(`@${p.telegram.botInfo.username} riverside tomorrow`);
    const first = page.locator("#command-popup .inline-result").first();
    await first.waitFor();
    const time = (await first.locator(".inline-title").innerText()).slice(0, 5);
    await first.click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    const card = page.locator("#messages .row.out").last();
    const cardText = await card.innerText();
    const date = tomorrow(p.clock());
    const riverside = (await p.app.partner.listCourses()).find((c) => /riverside/i.test(c.name))!;
    const slot = (await p.app.partner.listTeeTimes(riverside.id, date)).find(
      (t) => formatTime(t.startsAt, riverside.timeZone, "en") === time,
    );
    expect(slot, cardText).toBeDefined();
    const net = slot!.price;
    const selling = sellingPerPlayer(net, MARKUP, 1);
    expect(selling).toBeGreaterThan(net);
    expect(cardText).toContain(formatBaht(selling, "en"));
    expect(cardText).not.toContain(formatBaht(net, "en"));
    expect(time).toMatch(/^\d\d:\d\d$/);

    // The customer opens it, books two players, and is asked to pay the selling total by PromptPay.
    await card.locator("a.kb-link").click();
    expect(await page.getByRole("tab", { name: /Customer/ }).getAttribute("aria-selected")).toBe("true");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await clickData(page, '[data-callback-data$=":p:2"]');
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await clickData(page, '[data-callback-data$=":keep"]');
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await typeMessage(page, "malee@example.com");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await typeMessage(page, "089-876-5432");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    await page.locator('.reservation[data-status="PENDING"]').waitFor();
    await clickData(page, '[data-callback-data$=":ok"]');
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    const qrMessage = p.telegram
      .messages(PLAYGROUND_CUSTOMER_ID)
      .filter((m) => (m.photo?.length ?? 0) > 0)
      .at(-1);
    expect(qrMessage, "the QR photo").toBeDefined();
    const qr = parse(qrOf(qrMessage!), true, true)!;
    expect(qr.getTagValue("54")).toBe(((selling * 2) / 100).toFixed(2));
    await page.locator("#messages .row.in img").last().waitFor();
    await page.locator("#toast").waitFor({ state: "hidden" });
    await screenshot(page, "playground-pay-first");
    expect(await confirms()).toBe(0);

    // The slip, sent with the page's 📎 (re-encoded as JPEG, as a phone's photo): still no confirm. The playground's
    // slip check (the local stand-in) fails to answer for it, so it waits for the agent, as with no slip check.
    p.app.slipCheckStandIn!.failNext("status-500");
    await page.locator("#photo-input").setInputFiles({
      name: "slip.jpg",
      mimeType: "image/jpeg",
      buffer: await slipPhoto("0142026PLAYGROUND"),
    });
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    // (The playground's customer reads Thai.)
    expect(await lastIn().innerText()).toMatch(/your slip|สลิปของคุณ/);
    expect(await confirms()).toBe(0);
    await page.locator('.reservation[data-status="PENDING"]').waitFor();

    // The agent approves the slip: then, and only then, the partner's confirm; the customer's receipt.
    await page.getByRole("tab", { name: /Agent/ }).click();
    await clickData(page, '[data-callback-data^="py:a:"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator('.reservation[data-status="PAID"]').waitFor();
    expect(await confirms()).toBe(1);
    await page.getByRole("tab", { name: /Customer/ }).click();
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    const receipt = p.telegram
      .messages(PLAYGROUND_CUSTOMER_ID)
      .map((m) => m.text ?? "")
      .filter((t) => /Prepaid|ชำระล่วงหน้า/.test(t))
      .at(-1);
    expect(receipt, "the receipt").toBeDefined();
    expect(receipt).toMatch(/At the course|ชำระที่สนาม/);
    expect(receipt).not.toContain(formatBaht(net * 2, "en"));

    // The admin's /report: the margin.
    await page.getByRole("tab", { name: /Admin/ }).click();
    const today = courseToday(p.clock(), "Asia/Bangkok");
    await typeMessage(page, `/report ${today} ${tomorrow(p.clock())}`);
    await synced(p, page, PLAYGROUND_ADMIN_ID);
    const report = p.telegram
      .messages(PLAYGROUND_ADMIN_ID)
      .map((m) => m.text ?? "")
      .filter((text) => text.startsWith("Report "))
      .at(-1);
    expect(report, "the report").toBeDefined();
    expect(report).toContain(`margin ${formatBaht(selling * 2 - net * 2, "en")}`);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });
});
