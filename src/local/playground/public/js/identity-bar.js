/**
 * Who you are: one tab per playground identity (with an unread counter), and
 * the language of that identity's Telegram client (its `language_code`).
 */
import { byId, clear, h } from "./dom.js";

/**
 * @typedef {{ key: string, id: number, label: string, role: string, first_name: string, last_name?: string, language_code: string }} Identity
 */

/**
 * Renders the identity tabs.
 * @param {Identity[]} identities @param {string} current key
 * @param {Map<number, number>} unread chat id → unread messages
 * @param {(key: string) => void} select
 */
export function renderIdentities(identities, current, unread, select) {
  const box = byId("identities");
  clear(box);
  for (const identity of identities) {
    const count = unread.get(identity.id) ?? 0;
    box.appendChild(
      h(
        "button",
        {
          type: "button",
          role: "tab",
          class: `identity identity-${identity.key}`,
          "aria-selected": String(identity.key === current),
          title: `${identity.first_name}${identity.last_name ? ` ${identity.last_name}` : ""}: ${identity.role}`,
          dataset: { identity: identity.key },
          onclick: () => select(identity.key),
        },
        h(
          "span",
          { class: `avatar small avatar-${identity.key}`, "aria-hidden": "true" },
          identity.first_name.slice(0, 1),
        ),
        h(
          "span",
          { class: "identity-text" },
          h("span", { class: "identity-label" }, identity.label),
          h("span", { class: "identity-name" }, identity.first_name),
        ),
        count > 0 ? h("span", { class: "unread", "aria-label": `${count} unread` }, String(count)) : null,
      ),
    );
  }
}

/**
 * Renders the language switch for the current identity.
 * @param {string} language @param {(language: string) => void} choose
 */
export function renderLanguage(language, choose) {
  const box = byId("language");
  clear(box);
  for (const [code, label] of [
    ["en", "English"],
    ["th", "ไทย"],
    ["ko", "한국어"],
    ["ja", "日本語"],
    ["zh", "中文"],
  ]) {
    box.appendChild(
      h(
        "button",
        {
          type: "button",
          class: "lang",
          "aria-pressed": String(code === language),
          title: `Telegram language: ${label}`,
          dataset: { lang: code },
          onclick: () => choose(/** @type {string} */ (code)),
        },
        label,
      ),
    );
  }
}
