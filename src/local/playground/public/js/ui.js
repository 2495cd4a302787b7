/**
 * Telegram-like feedback: the toast a callback answer shows over the chat, the
 * alert it shows with `show_alert`, and the confirmation before sharing a phone
 * number.
 */
import { byId, h } from "./dom.js";

let toastTimer = 0;

/**
 * Shows a short notice at the top of the chat for ~2.5 s.
 * @param {string} text
 */
export function toast(text) {
  const el = byId("toast");
  el.textContent = text;
  el.hidden = false;
  el.classList.remove("fade");
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    el.classList.add("fade");
    toastTimer = window.setTimeout(() => (el.hidden = true), 300);
  }, 2500);
}

/**
 * A modal dialog; resolves true for the confirming button.
 * @param {{ title?: string, text: string, ok?: string, cancel?: string }} options
 * @returns {Promise<boolean>}
 */
export function dialog({ title, text, ok = "OK", cancel }) {
  return new Promise((resolve) => {
    const backdrop = h("div", { class: "dialog-backdrop" });
    const close = (/** @type {boolean} */ answer) => {
      backdrop.remove();
      resolve(answer);
    };
    const okButton = h("button", { type: "button", class: "dialog-ok", onclick: () => close(true) }, ok);
    backdrop.appendChild(
      h(
        "div",
        { class: "dialog", role: "alertdialog", "aria-modal": "true", "aria-label": title ?? "Message" },
        title ? h("div", { class: "dialog-title" }, title) : null,
        h("div", { class: "dialog-text" }, text),
        h(
          "div",
          { class: "dialog-buttons" },
          cancel ? h("button", { type: "button", onclick: () => close(false) }, cancel) : null,
          okButton,
        ),
      ),
    );
    backdrop.addEventListener("keydown", (e) => {
      if (e.key === "Escape") close(false);
    });
    document.body.appendChild(backdrop);
    okButton.focus();
  });
}

/**
 * What Telegram shows for `answerCallbackQuery` with `show_alert`.
 * @param {string} text
 */
export function alertBox(text) {
  return dialog({ text, ok: "OK" });
}
