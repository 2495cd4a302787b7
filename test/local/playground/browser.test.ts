/**
 * The playground in a real browser (Debian's Chromium via playwright-core):
 * an agent books a tee time by clicking through the page, downloads the .ics,
 * an admin refunds it, and a customer arrives through an agent's link; the agent opens the tee sheet
 * (a Mini App in a 360 px phone panel), in English and in Thai, and books from one of its cells, and
 * for a party of 12 books the group of tee times a cell starts; with the admin's markup, the customer's
 * tee sheet shows what they pay, never the net, and the admin's the net under it; the language switch
 * sets the Customer's Telegram to Korean.
 * Screenshots: see SCREENSHOT_DIR in ./browser.ts.
 *
 * Without Chromium the suite fails in CI (CI=true) and is skipped elsewhere.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLAYGROUND_ADMIN_ID,
  PLAYGROUND_AGENT_ID,
  PLAYGROUND_CUSTOMER_ID,
} from "../../../src/local/playground/index.js";
import { addDaysToDateKey, courseToday, weekdayOf } from "../../../src/bot/format/dates.js";
import { tomorrow } from "../../helpers/flow.js";
import { sellingPerPlayer } from "../../../src/pricing/price.js";
import {
  clickData,
  miniAppFrame,
  pageWidths,
  runsInChromium,
  screenshot,
  synced,
  typeMessage,
  usePlaygroundInChromium,
} from "./browser.js";
import type { PlaygroundApp } from "./helpers.js";

const RUN = runsInChromium("playground browser tests");

/** What the menu offers a playground identity (the commands the bot set for that chat). */
async function menuOf(p: PlaygroundApp, userId: number): Promise<string[]> {
  const { json } = await p.get(`/playground/commands?userId=${userId}`);
  return (json.commands as { command: string }[]).map((c) => c.command);
}

describe.runIf(RUN)("the playground in Chromium", { timeout: 90_000 }, () => {
  let code = "";
  /** Errors the Mini App's page logs (a refused script or style, a failed request). */
  const miniAppErrors: string[] = [];
  const chromium = usePlaygroundInChromium({
    onPage: (opened) =>
      opened.on("console", (message) => {
        if (message.type() === "error" && message.location().url.includes("/tee-sheet/"))
          miniAppErrors.push(`${message.text()} (${message.location().url})`);
      }),
  });
  let p: PlaygroundApp;
  let page: Page;
  beforeAll(() => void ({ p, page } = chromium));
  afterAll(() => expect(miniAppErrors, "errors in the Mini App's page").toEqual([]));

  it("books a tee time as the agent by clicking through the page, with the .ics download and the live side panel", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.getByRole("button", { name: "START" }).click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    expect(await page.locator("#messages .row.in").last().innerText()).toContain("Niran");

    // Course, date, tee time, players: inline keyboards, edited in place.
    await typeMessage(page, "/book");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await clickData(page, '[data-callback-data$=":c:0"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await clickData(page, '[data-callback-data$=":go"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    const day = tomorrow(p.clock()).replaceAll("-", "");
    if ((await page.locator(`.kb-btn[data-callback-data$=":d:${day}"]`).count()) === 0) {
      await clickData(page, `[data-callback-data$=":m:${day.slice(0, 6)}"]`);
      await synced(p, page, PLAYGROUND_AGENT_ID);
    }
    await clickData(page, `[data-callback-data$=":d:${day}"]`);
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator('#messages .row.in .kb-btn[data-callback-data*=":s:"]').first().click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator('#messages .row.in .kb-btn[data-callback-data*=":p:"]').first().click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    if ((await page.locator('.kb-btn[data-callback-data$=":nc"]').count()) > 0) {
      await clickData(page, '[data-callback-data$=":nc"]');
      await synced(p, page, PLAYGROUND_AGENT_ID);
    }

    // The golfer's details, typed (an agent books for a customer: no "share my number" keyboard).
    await typeMessage(page, "Somchai Jaidee");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "somchai@example.com");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    expect(await page.locator("#reply-keyboard .reply-btn").count()).toBe(0);
    await typeMessage(page, "081-234-5678");
    await synced(p, page, PLAYGROUND_AGENT_ID);

    // Held: the sandbox panel shows the PENDING reservation; confirm and pay.
    await page.locator('.reservation[data-status="PENDING"]').waitFor();
    await clickData(page, '[data-callback-data$=":ok"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);

    const document = page.locator("#messages a.document").last();
    const fileName = (await document.getAttribute("data-file-name")) ?? "";
    code = /GT[A-Z0-9]{6}/.exec(fileName)?.[0] ?? "";
    expect(code, `document ${fileName}`).not.toBe("");
    const confirmation = await page.locator("#messages .row.in", { hasText: code }).first().innerText();
    expect(confirmation).toContain("Somchai Jaidee");
    await page.locator(`.reservation[data-code="${code}"][data-status="PAID"]`).waitFor();
    const balance = await page.locator("#balance").innerText();
    expect(balance).not.toBe("฿100,000.00");
    await screenshot(page, "playground-booking");

    const [download] = await Promise.all([page.waitForEvent("download"), document.click()]);
    expect(download.suggestedFilename()).toBe(`tee-time-${code}.ics`);
    const ics = await readFile(await download.path(), "utf8");
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain(code);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("refunds it as the admin", async () => {
    expect(code, "the booking test ran first").not.toBe("");
    expect(await menuOf(p, PLAYGROUND_ADMIN_ID)).toContain("refund");
    await page.getByRole("tab", { name: /Admin/ }).click();
    await page.getByRole("button", { name: "START" }).click();
    await synced(p, page, PLAYGROUND_ADMIN_ID);
    // The admin's commands (setMyCommands for this chat) list /refund with its description when "/" is typed;
    // the menu button opens the tee sheet (an admin's).
    await page.locator("#menu-button", { hasText: "Tee sheet" }).waitFor();
    await page.locator("#input").fill("/");
    await page.locator(".command-item", { hasText: "/refund" }).waitFor();
    await typeMessage(page, `/refund ${code}`);
    await synced(p, page, PLAYGROUND_ADMIN_ID);
    await clickData(page, '[data-callback-data^="ad:rf:"]');
    await synced(p, page, PLAYGROUND_ADMIN_ID);
    await page.locator(`.reservation[data-code="${code}"][data-status="REFUND"]`).waitFor();
    expect(await page.locator("#balance").innerText()).toBe("฿100,000.00");
    expect(await page.locator("#messages .row.in").last().innerText()).toContain(code);
    await screenshot(page, "playground-refund");
  });

  it("lets a customer arrive through the agent's link: clicking it switches to the Customer, who presses START", async () => {
    expect(await menuOf(p, PLAYGROUND_AGENT_ID)).toContain("link");
    await page.getByRole("tab", { name: /Agent/ }).click();
    await typeMessage(page, "/link");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await clickData(page, '[data-callback-data^="lk:go:"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    const link = page.locator("#messages .row.in a.start-link").last();
    expect(await link.getAttribute("href")).toMatch(
      new RegExp(`^https://t\\.me/${p.telegram.botInfo.username}\\?start=`),
    );
    await link.click();
    expect(await page.getByRole("tab", { name: /Customer/ }).getAttribute("aria-selected")).toBe("true");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    const history = p.telegram.messages(PLAYGROUND_CUSTOMER_ID);
    expect(history[0]?.text).toMatch(/^\/start \S+$/);
    expect(history.at(-1)?.from?.is_bot).toBe(true);
    await screenshot(page, "playground-customer-link");
  });

  it("posts an inline offer as the agent (`@bot riverside tomorrow` in the composer), whose button opens that tee time for the Customer", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.locator("#input").fill(`@${p.telegram.botInfo.username} riverside tomorrow`);
    const first = page.locator("#command-popup .inline-result").first();
    await first.waitFor();
    const time = (await first.locator(".inline-title").innerText()).slice(0, 5);
    await screenshot(page, "playground-inline-results");
    await first.click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    const card = page.locator("#messages .row.out").last();
    expect(await card.locator(".via").innerText()).toBe(`via @${p.telegram.botInfo.username}`);
    expect(await card.innerText()).toContain(time);
    expect(await page.locator("#input").inputValue()).toBe("");
    await card.locator("a.kb-link").click();
    expect(await page.getByRole("tab", { name: /Customer/ }).getAttribute("aria-selected")).toBe("true");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    expect(p.telegram.messages(PLAYGROUND_CUSTOMER_ID).at(-1)?.text).toContain(time);
    await screenshot(page, "playground-inline-offer");
  });

  it("finds a tee time across courses from plain words as the agent, and a tap opens the golfer step", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await typeMessage(page, "/cancel");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "sat morning 4 pax pattaya");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    const results = page.locator("#messages .row.in").last();
    expect(await results.innerText()).toContain("Read as: sat · morning · 4 pax · pattaya");
    const picks = results.locator('.kb-btn[data-callback-data*=":t:"]');
    expect(await picks.count()).toBeGreaterThan(0);
    await screenshot(page, "playground-find");
    await picks.first().click();
    await synced(p, page, PLAYGROUND_AGENT_ID);
    // The booking opens past course, date, tee time and players: the golfer's details next.
    const flow = await page.locator("#messages .row.in").last().innerText();
    expect(flow).not.toMatch(/How many players/);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
    await typeMessage(page, "/cancel");
    await synced(p, page, PLAYGROUND_AGENT_ID);
  });
  /** The next Saturday at the courses (the world's clock; today when it is one is a week on). */
  const saturday = () => {
    const today = courseToday(p.clock(), "Asia/Bangkok");
    const weekday = weekdayOf(today);
    return addDaysToDateKey(today, weekday === 6 ? 7 : 6 - weekday);
  };

  /** In the open tee sheet: Saturday, mornings, Pattaya, four players (each choice reloads the sheet). */
  async function filterPattayaMornings() {
    const sheet = page.frameLocator("#mini-app-frame");
    const ready = sheet.locator('#sheet[data-state="ready"]');
    await sheet.locator(`.date[data-date="${saturday()}"]`).click();
    await ready.waitFor();
    await sheet.locator("#part").selectOption("morning");
    await ready.waitFor();
    await sheet.locator("#area").selectOption("pattaya");
    await ready.waitFor();
    await sheet.locator("#players").selectOption("4");
    await ready.waitFor();
    expect(await sheet.locator('.date[aria-pressed="true"]').getAttribute("data-date")).toBe(saturday());
    expect(await sheet.locator("#part").inputValue()).toBe("morning");
    expect(await sheet.locator("#area").inputValue()).toBe("pattaya");
    expect(await sheet.locator("#players").inputValue()).toBe("4");
    return sheet;
  }

  it("opens the tee sheet from the agent's menu button at 360 px, filters to Saturday's Pattaya mornings for four, and a tapped cell is booked and paid in the chat", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.locator("#menu-button", { hasText: "Tee sheet" }).click();
    const frame = await miniAppFrame(page);
    const sheet = await filterPattayaMornings();

    // Every Pattaya course a row, every cell a morning tee time; gone ones greyed; no sideways scroll.
    const rows = sheet.locator("section.course");
    expect(await rows.count()).toBeGreaterThan(1);
    expect(await sheet.locator("#title").innerText()).toBe("Tee sheet");
    const times = await sheet.locator(".cell b").allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    expect(
      times.every((time) => time < "10:00"),
      times.join(" "),
    ).toBe(true);
    const open = sheet.locator(".cell:not(.gone)");
    expect(await open.count()).toBeGreaterThan(0);
    expect(await pageWidths(frame)).toEqual({ width: 360, scrollWidth: 360 });
    await screenshot(page, "playground-tee-sheet");

    // A tap hands the tee time over to the chat: the panel closes, the booking waits at the golfer step.
    const time = await open.first().locator("b").innerText();
    const course = await open.first().locator("xpath=ancestor::section").locator("h2").innerText();
    await open.first().click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
    await synced(p, page, PLAYGROUND_AGENT_ID);
    if ((await page.locator('#messages .row.in .kb-btn[data-callback-data$=":nc"]').count()) > 0) {
      await clickData(page, '[data-callback-data$=":nc"]');
      await synced(p, page, PLAYGROUND_AGENT_ID);
    }
    const golfer = await page.locator("#messages .row.in").last().innerText();
    expect(golfer).toMatch(/Who is playing\?|full name/);
    expect(golfer).not.toMatch(/How many players/);

    await typeMessage(page, "Malee Srisuk");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "malee@example.com");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "089-876-5432");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    // Held: the tapped course and tee time, for four.
    await page.locator('.reservation[data-status="PENDING"]').waitFor();
    const held = await page.locator("#messages .row.in").last().innerText();
    expect(held).toContain(course);
    expect(held).toContain(time);
    await clickData(page, '[data-callback-data$=":ok"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);

    const fileName = (await page.locator("#messages a.document").last().getAttribute("data-file-name")) ?? "";
    const booked = /GT[A-Z0-9]{6}/.exec(fileName)?.[0] ?? "";
    expect(booked, `document ${fileName}`).not.toBe("");
    expect(booked).not.toBe(code);
    expect(await page.locator("#messages .row.in", { hasText: booked }).first().innerText()).toContain("Malee Srisuk");
    await page.locator(`.reservation[data-code="${booked}"][data-status="PAID"]`).waitFor();
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("follows a theme change while the tee sheet is open: Telegram Web's message to the frame, an app's receiveEvent; nothing but colours", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.locator("#menu-button", { hasText: "Tee sheet" }).click();
    const frame = await miniAppFrame(page);
    // String expressions: the test's TypeScript has no DOM types (DevTools runs them, outside the page's CSP).
    const textColour = () => frame.evaluate<string>("getComputedStyle(document.body).color");
    expect(await textColour()).toBe("rgb(0, 0, 0)");
    // Night mode in Telegram Web: the client posts theme_changed to the page's frame.
    const night = { theme_params: { bg_color: "#17212b", text_color: "#f5f5f5", secondary_bg_color: "#232e3c" } };
    await page.evaluate(
      `document.querySelector("#mini-app-frame").contentWindow.postMessage(${JSON.stringify(
        JSON.stringify({ eventType: "theme_changed", eventData: night }),
      )}, "*")`,
    );
    await expect.poll(textColour).toBe("rgb(245, 245, 245)");
    // Telegram's apps call Telegram.WebView.receiveEvent; a value that is not a colour is ignored.
    await frame.evaluate(
      `Telegram.WebView.receiveEvent("theme_changed", { theme_params: { text_color: "#222222", hint_color: "red; background: url(//x)" } })`,
    );
    expect(await textColour()).toBe("rgb(34, 34, 34)");
    expect(
      await frame.evaluate<string>(`document.documentElement.style.getPropertyValue("--tg-theme-hint-color")`),
    ).toBe("#707579");
    await page.locator("#mini-app-close").click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
  });

  it("shows the tee sheet in Thai when the agent's Telegram is in Thai (the language switch), from the welcome's button", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await page.locator('#language .lang[data-lang="th"]').click();
    await page.locator('#language .lang[data-lang="th"][aria-pressed="true"]').waitFor();
    await typeMessage(page, "/start");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator("#messages .row.in .kb-btn[data-web-app]", { hasText: "ตารางทีออฟ" }).last().click();
    const frame = await miniAppFrame(page);
    const sheet = await filterPattayaMornings();
    expect(await sheet.locator("#title").innerText()).toBe("ตารางทีออฟ");
    expect(await sheet.locator("#area option:checked").innerText()).toBe("พัทยา");
    expect(await sheet.locator("#part option:checked").innerText()).toBe("เช้า");
    expect(await sheet.locator(".cell:not(.gone)").count()).toBeGreaterThan(0);
    expect(await sheet.locator(".cell:not(.gone) .spots").first().innerText()).toMatch(/คน/);
    expect(await pageWidths(frame)).toEqual({ width: 360, scrollWidth: 360 });
    await screenshot(page, "playground-tee-sheet-th");
    // A party of 12, in Thai: the group's cells and the note.
    await sheet.locator("#players").selectOption("12");
    await sheet.locator('#sheet[data-state="ready"]').waitFor();
    expect(await sheet.locator("#group-note").innerText()).toBe("ผู้เล่น 12 คนต้องใช้หลายทีออฟ แตะทีออฟแรก");
    expect(await sheet.locator(".cell.group .spots").first().innerText()).toBe("3 ทีออฟ");
    await sheet.locator(".cell.group").first().click();
    expect(await sheet.locator("#pick-go").innerText()).toBe("จองทีออฟชุดนี้");
    expect(await sheet.locator("#pick-text").innerText()).toMatch(
      /^3 ทีออฟ เริ่ม \d\d:\d\d: .* · ผู้เล่น 4\+4\+4 · รวม ฿[\d,]+$/,
    );

    // Closed without a pick: nothing is handed over.
    const before = p.telegram.messages(PLAYGROUND_AGENT_ID).length;
    await page.locator("#mini-app-close").click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
    await p.settle();
    expect(p.telegram.messages(PLAYGROUND_AGENT_ID).length).toBe(before);
    await page.locator('#language .lang[data-lang="en"]').click();
    await page.locator('#language .lang[data-lang="en"][aria-pressed="true"]').waitFor();
  });

  it("books a party of 12 from the tee sheet: a cell starts a group of three tee times, marked on the sheet, handed to the chat and paid as one", async () => {
    await page.getByRole("tab", { name: /Agent/ }).click();
    await typeMessage(page, "/cancel");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator("#menu-button", { hasText: "Tee sheet" }).click();
    const frame = await miniAppFrame(page);
    const sheet = await filterPattayaMornings();
    // Agents book groups: the players filter goes past one tee time (the server's answer says how far).
    await sheet.locator("#players").selectOption("12");
    await sheet.locator('#sheet[data-state="ready"]').waitFor();
    expect(await sheet.locator("#players option").count()).toBe(16);
    expect(await sheet.locator("#group-note").innerText()).toBe(
      "12 players take several tee times: tap the first one.",
    );
    const starts = sheet.locator(".cell.group");
    expect(await starts.count()).toBeGreaterThan(0);
    expect(await starts.first().locator(".spots").innerText()).toBe("3 tee times");

    // A cell no group starts at says so, and hands nothing over.
    const before = p.telegram.messages(PLAYGROUND_AGENT_ID).length;
    const lonely = sheet.locator(".cell.nogroup").first();
    const lonelyTime = await lonely.locator("b").innerText();
    await lonely.click();
    expect(await sheet.locator("#toast").innerText()).toContain(`No group of 12 can start at ${lonelyTime}`);

    // A tap marks the three tee times the group would take, and says which, before anything is booked.
    const first = starts.first();
    const course = await first.locator("xpath=ancestor::section").locator("h2").innerText();
    const from = await first.locator("b").innerText();
    await first.click();
    const taken = first.locator("xpath=ancestor::section").locator(".cell.taken");
    expect(await taken.count()).toBe(3);
    const times = await taken.locator("b").allInnerTexts();
    expect(times[0]).toBe(from);
    const bar = sheet.locator("#pick");
    await bar.waitFor();
    expect(await bar.locator("#pick-text").innerText()).toMatch(
      new RegExp(`^3 tee times from ${from}: ${times.join(" · ")} · 4\\+4\\+4 players · ฿[\\d,]+ in all$`),
    );
    expect(await pageWidths(frame)).toEqual({ width: 360, scrollWidth: 360 });
    await screenshot(page, "playground-tee-sheet-group");
    await p.settle();
    expect(p.telegram.messages(PLAYGROUND_AGENT_ID).length).toBe(before);

    await bar.getByRole("button", { name: "Book these tee times" }).click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
    await synced(p, page, PLAYGROUND_AGENT_ID);
    if ((await page.locator('#messages .row.in .kb-btn[data-callback-data$=":nc"]').count()) > 0) {
      await clickData(page, '[data-callback-data$=":nc"]');
      await synced(p, page, PLAYGROUND_AGENT_ID);
    }
    expect(await page.locator("#messages .row.in").last().innerText()).toMatch(/full name/);
    await typeMessage(page, "Prasert Wongsa");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "prasert@example.com");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await typeMessage(page, "081-555-1212");
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await clickData(page, '[data-callback-data$=":skip"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    // Held: the three tee times of the tapped cells, at that course, four players each.
    const held = await page.locator("#messages .row.in").last().innerText();
    expect(held).toContain("Your 3 tee times are on hold");
    expect(held).toContain(course);
    for (const time of times) expect(held).toContain(time);
    await clickData(page, '[data-callback-data$=":ok"]');
    await synced(p, page, PLAYGROUND_AGENT_ID);
    await page.locator("#messages .row.in", { hasText: "Group booked: 3 tee times" }).last().waitFor();
    const paid = p.telegram
      .messages(PLAYGROUND_AGENT_ID)
      .filter((m) => m.from?.is_bot && m.text?.includes("Group booked: 3 tee times"));
    expect(paid).toHaveLength(1);
    expect(p.telegram.unansweredCallbackQueries()).toEqual([]);
  });

  it("shows the customer their selling price on the tee sheet, never the net, and the admin both (the admin's /prices 20%)", async () => {
    await page.getByRole("tab", { name: /Admin/ }).click();
    await typeMessage(page, "/prices 20%");
    await synced(p, page, PLAYGROUND_ADMIN_ID);
    expect(await page.locator("#messages .row.in").last().innerText()).toContain("The agency's markup is now 20%");
    await page.getByRole("tab", { name: /Customer/ }).click();
    await typeMessage(page, "/start");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    // (The playground's customer reads Thai.)
    await page
      .locator("#messages .row.in .kb-btn[data-web-app]", { hasText: /Tee sheet|ตารางทีออฟ/ })
      .last()
      .click();
    const frame = await miniAppFrame(page);
    const sheet = page.frameLocator("#mini-app-frame");
    const date = (await sheet.locator('.date[aria-pressed="true"]').getAttribute("data-date")) ?? "";
    // A customer may book a group too (their link's course): the players filter goes to 16, as the agent's.
    expect(await sheet.locator("#players option").count()).toBe(16);
    const digits = (text: string) => text.replace(/\D/g, "");
    // Every open cell as the page shows it (read at once: a string expression, as pageWidths).
    const cells = await frame.evaluate<[string, string, string][]>(
      "[...document.querySelectorAll('.cell:not(.gone)')].map((c) => [c.dataset.course, c.dataset.slot, c.querySelector('.price').textContent])",
    );
    expect(cells.length).toBeGreaterThan(0);
    const nets = new Map<string, Map<string, number>>();
    for (const [courseId, slotId, shown] of cells) {
      if (!nets.has(courseId))
        nets.set(courseId, new Map((await p.app.partner.listTeeTimes(courseId, date)).map((t) => [t.id, t.price])));
      const net = nets.get(courseId)!.get(slotId)!;
      const selling = sellingPerPlayer(net, { kind: "percent", basisPoints: 2000 }, 1);
      expect(selling).toBeGreaterThan(net);
      expect(shown).toMatch(/^฿/);
      expect(digits(shown), `${courseId} ${slotId}`).toBe(String(selling / 100));
    }
    expect(await pageWidths(frame)).toEqual({ width: 360, scrollWidth: 360 });
    await screenshot(page, "playground-tee-sheet-customer");
    await page.locator("#mini-app-close").click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
    await page.getByRole("tab", { name: /Admin/ }).click();
    // The admin's own sheet at the same markup: each open cell what the customer pays, the net under it.
    await page.locator("#menu-button", { hasText: "Tee sheet" }).click();
    const staffFrame = await miniAppFrame(page);
    const staffSheet = page.frameLocator("#mini-app-frame");
    await staffSheet.locator('#sheet[data-state="ready"]').waitFor();
    const staffDate = (await staffSheet.locator('.date[aria-pressed="true"]').getAttribute("data-date")) ?? "";
    const staffCells = await staffFrame.evaluate<[string, string, string, string | null][]>(
      "[...document.querySelectorAll('.cell:not(.gone)')].map((c) => [c.dataset.course, c.dataset.slot, c.querySelector('.price').textContent, c.querySelector('.net')?.textContent ?? null])",
    );
    expect(staffCells.length).toBeGreaterThan(0);
    for (const [courseId, slotId, shown, netShown] of staffCells) {
      const list = await p.app.partner.listTeeTimes(courseId, staffDate);
      const net = list.find((t) => t.id === slotId)!.price;
      const selling = sellingPerPlayer(net, { kind: "percent", basisPoints: 2000 }, 1);
      expect(digits(shown), `${courseId} ${slotId}`).toBe(String(selling / 100));
      expect(netShown, `${courseId} ${slotId}`).toMatch(/^net ฿/);
      expect(digits(netShown ?? ""), `${courseId} ${slotId}`).toBe(String(net / 100));
    }
    expect(await pageWidths(staffFrame)).toEqual({ width: 360, scrollWidth: 360 });
    await page.locator("#mini-app-close").click();
    await page.locator("#mini-app").waitFor({ state: "hidden" });
    await typeMessage(page, "/prices none");
    await synced(p, page, PLAYGROUND_ADMIN_ID);
  });

  it("switches the Customer's Telegram to Korean with the page's language switch: fairway answers in Korean", async () => {
    await page.getByRole("tab", { name: /Customer/ }).click();
    expect(await page.locator("#language .lang").allInnerTexts()).toEqual([
      "English",
      "ไทย",
      "한국어",
      "日本語",
      "中文",
    ]);
    await page.locator('#language .lang[data-lang="ko"]').click();
    await page.locator('#language .lang[data-lang="ko"][aria-pressed="true"]').waitFor();
    await typeMessage(page, "/help");
    await synced(p, page, PLAYGROUND_CUSTOMER_ID);
    expect(await page.locator("#messages .row.in").last().innerText()).toContain("안녕하세요, Somchai님!");
    await page.locator('#language .lang[data-lang="th"]').click();
    await page.locator('#language .lang[data-lang="th"][aria-pressed="true"]').waitFor();
  });
});
