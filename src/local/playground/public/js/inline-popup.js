/**
 * Inline mode in the composer: typing `@<bot> query` sends an inline query as the current identity
 * (after a short pause, as Telegram clients do) and lists the bot's results above the field; picking
 * one posts its card into the chat via the bot. The bot's "open" button (no results) sends /start.
 */
import { clear, h } from "./dom.js";

/**
 * @typedef {{
 *   botUsername: () => string,
 *   inline: (query: string, offset: string) => Promise<any>,
 *   choose: (queryId: string, resultId: string) => Promise<void>,
 *   send: (text: string) => void,
 *   done: () => void,
 * }} InlineActions
 */

const PAUSE_MS = 300;

export class InlinePopup {
  /** @param {HTMLElement} popup @param {InlineActions} actions */
  constructor(popup, actions) {
    this.popup = popup;
    this.actions = actions;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.seq = 0;
  }

  /**
   * Follows the field: true when it holds an inline query (the popup is this module's then).
   * @param {string} value
   */
  update(value) {
    const bot = this.actions.botUsername();
    const m = bot ? new RegExp(`^@${bot}(?:\\s+([\\s\\S]*))?$`, "i").exec(value) : null;
    clearTimeout(this.timer);
    if (m === null) return false;
    const query = (m[1] ?? "").trim();
    const seq = ++this.seq;
    this.timer = setTimeout(() => void this.load(seq, query, "", false), PAUSE_MS);
    return true;
  }

  /** Stops waiting for results (identity switch, field cleared). */
  cancel() {
    clearTimeout(this.timer);
    this.seq += 1;
  }

  /** @param {number} seq @param {string} query @param {string} offset @param {boolean} more */
  async load(seq, query, offset, more) {
    let answer;
    try {
      answer = await this.actions.inline(query, offset);
    } catch (error) {
      answer = { results: [], button: { text: error instanceof Error ? error.message : String(error) } };
    }
    if (seq !== this.seq || (!answer.answered && answer.results.length === 0 && !answer.button)) return;
    this.render(seq, query, answer, more);
  }

  /** @param {number} seq @param {string} query @param {any} answer @param {boolean} more */
  render(seq, query, answer, more) {
    if (!more) clear(this.popup);
    this.popup.querySelector(".inline-more")?.remove();
    const button = answer.button;
    if (!more && answer.results.length === 0 && button) {
      const start = button.start_parameter;
      this.popup.appendChild(
        h(
          "button",
          {
            type: "button",
            class: "command-item inline-button",
            role: "menuitem",
            onclick: () => this.pick(() => start && this.actions.send(`/start ${start}`)),
          },
          button.text,
        ),
      );
    }
    for (const r of answer.results) {
      this.popup.appendChild(
        h(
          "button",
          {
            type: "button",
            class: "command-item inline-result",
            role: "menuitem",
            onclick: () => this.pick(() => this.actions.choose(answer.query_id, r.id)),
          },
          h("span", { class: "inline-title" }, r.title),
          h("span", { class: "command-description" }, r.description),
        ),
      );
    }
    if (answer.next_offset) {
      const next = answer.next_offset;
      this.popup.appendChild(
        h(
          "button",
          { type: "button", class: "command-item inline-more", onclick: () => void this.load(seq, query, next, true) },
          "More…",
        ),
      );
    }
    this.popup.hidden = this.popup.childElementCount === 0;
  }

  /** @param {() => unknown} action */
  pick(action) {
    this.cancel();
    this.popup.hidden = true;
    this.actions.done();
    void action();
  }
}
