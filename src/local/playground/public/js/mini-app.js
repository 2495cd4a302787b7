/**
 * A Mini App beside the chat, in a phone-sized frame, as a Telegram client opens one from a web_app
 * button or the menu button: the playground's server signs the launch's initData for the identity
 * (`POST /playground/web-app`), and the app's calls to the client arrive as `postMessage` events
 * (`web_app_close` closes the panel).
 */
import { post } from "./api.js";
import { byId } from "./dom.js";

export class MiniAppPanel {
  /** @param {(error: unknown) => void} failed */
  constructor(failed) {
    this.failed = failed;
    this.box = byId("mini-app");
    this.frame = /** @type {HTMLIFrameElement} */ (byId("mini-app-frame"));
    this.title = byId("mini-app-title");
    byId("mini-app-close").addEventListener("click", () => this.close());
    window.addEventListener("message", (event) => {
      if (event.source !== this.frame.contentWindow) return;
      let message;
      try {
        message = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      if (message?.eventType === "web_app_close") this.close();
    });
  }

  /** @param {number} userId @param {string} url @param {string} title */
  async open(userId, url, title) {
    try {
      const { launchUrl } = await post("/playground/web-app", { userId, url });
      this.title.textContent = title;
      this.frame.src = launchUrl;
      this.box.hidden = false;
      document.body.classList.add("mini-app-open");
    } catch (error) {
      this.failed(error);
    }
  }

  close() {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.frame.src = "about:blank";
    document.body.classList.remove("mini-app-open");
  }
}
