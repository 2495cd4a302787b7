/**
 * Driving the playground page in Debian's Chromium with playwright-core, and
 * keeping the page in step with fairway (which runs in the test's process).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Frame, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { startPlaygroundApp, type PlaygroundApp } from "./helpers.js";

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_PRESENT = existsSync(CHROMIUM_PATH);

/**
 * Where screenshots go: `test-results/playground/` (git-ignored) on every run;
 * `docs/screenshots/` (the pictures of README and docs/, committed) with UPDATE_SCREENSHOTS=1.
 */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS ? "docs/screenshots" : join("test-results", "playground");

/** Whether the browser tests run: with Chromium, and always in CI (where a missing Chromium fails them). */
export function runsInChromium(suite: string): boolean {
  const run = CHROMIUM_PRESENT || Boolean(process.env.CI);
  if (!run) process.stderr.write(`${suite} skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)\n`);
  return run;
}

/**
 * A describe block's playground in Chromium: before its tests, fairway with no BOT_TOKEN (with `env`) and
 * a 1280 × 860 page open on the playground; after them, both closed, and a JavaScript error the page
 * threw meanwhile fails the block. `onPage` adds listeners of the block's own.
 */
export function usePlaygroundInChromium(
  options: { env?: Record<string, string>; onPage?: (page: Page) => void } = {},
): { readonly p: PlaygroundApp; readonly page: Page } {
  let browser: Browser | undefined;
  let app: PlaygroundApp | undefined;
  let opened: Page | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium(); // in CI without Chromium this fails the suite, with the install command
    app = await startPlaygroundApp(options.env);
    opened = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    opened.on("pageerror", (error) => pageErrors.push(error.message));
    options.onPage?.(opened);
    await opened.goto(app.url);
    await opened.locator("#connection:not(.offline)").waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    expect(pageErrors, "JavaScript errors in the page").toEqual([]);
  });
  return {
    get p() {
      if (!app) throw new Error("the playground is not started yet (use it inside a test)");
      return app;
    },
    get page() {
      if (!opened) throw new Error("the page is not open yet (use it inside a test)");
      return opened;
    },
  };
}

/** Launches Chromium headless, with the switches that keep it quiet and offline. */
export async function launchChromium(): Promise<Browser> {
  if (!CHROMIUM_PRESENT) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get update && apt-get install -y chromium\` (as root), or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-gpu",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** Saves a screenshot of the page; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, animations: "disabled" });
  return path;
}

/** The server's update count at each app's last `synced`. */
const updatesAtSync = new WeakMap<PlaygroundApp, number>();

/**
 * Waits until the page's last action has reached fairway (a new update on the local Bot API server:
 * a click resolves before the page's request arrives), fairway has handled it, and the page shows
 * the chat exactly as the server has it: the same messages, each in its latest edit. An action that
 * makes no update (a link that only switches the identity) is given 2 s to make one.
 */
export async function synced(p: PlaygroundApp, page: Page, chatId: number): Promise<void> {
  const before = updatesAtSync.get(p) ?? 0;
  const deadline = performance.now() + 2_000;
  while (p.updates() === before && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  updatesAtSync.set(p, p.updates());
  await p.settle();
  const expected = p.telegram.messages(chatId).map((m) => `${m.message_id}:${m.edit_date ?? 0}`);
  // A string: the test's TypeScript has no DOM types; this runs in the page.
  const rows = `[...document.querySelectorAll("#messages .row")].map((r) => r.dataset.messageId + ":" + (r.dataset.editDate ?? 0))`;
  // Polled from here with page.evaluate (the DevTools protocol, which the page's CSP does not govern):
  // page.waitForFunction, once its first check fails, polls through an eval in the page, which the
  // playground's Content-Security-Policy (no 'unsafe-eval') refuses.
  const want = JSON.stringify(expected);
  const shownBy = performance.now() + 10_000;
  let shown = "";
  while ((shown = JSON.stringify(await page.evaluate(rows))) !== want) {
    if (performance.now() > shownBy) throw new Error(`synced: the page shows ${shown}, the server has ${want}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Clicks the inline button whose callback data matches `selector` (a CSS attribute test) in the newest message that has one. */
export async function clickData(page: Page, selector: string): Promise<void> {
  await page.locator(`#messages .row.in .kb-btn${selector}`).last().click();
}

/** Types a message in the field and presses Enter. */
export async function typeMessage(page: Page, text: string): Promise<void> {
  await page.locator("#input").fill(text);
  await page.locator("#input").press("Enter");
}

/**
 * The Mini App open in the playground's phone panel (an iframe beside the chat), once its page has
 * loaded its data: the frame, to read the page's own DOM and geometry.
 */
export async function miniAppFrame(page: Page): Promise<Frame> {
  await page.locator("#mini-app:not([hidden])").waitFor();
  await page.frameLocator("#mini-app-frame").locator('#sheet[data-state="ready"]').waitFor();
  const frame = await (await page.locator("#mini-app-frame").elementHandle())?.contentFrame();
  if (!frame) throw new Error("the Mini App panel has no frame");
  return frame;
}

/**
 * The Mini App page's width and how far it scrolls sideways: `{ width, scrollWidth }` of its root
 * element (a string expression: the test's TypeScript has no DOM types; DevTools runs it, which the
 * page's Content-Security-Policy does not govern).
 */
export async function pageWidths(frame: Frame): Promise<{ width: number; scrollWidth: number }> {
  return frame.evaluate<{ width: number; scrollWidth: number }>(
    "({ width: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth })",
  );
}
