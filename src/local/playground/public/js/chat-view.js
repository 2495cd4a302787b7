/**
 * The message list of the chat shown now: full render on identity switch, then
 * in-place updates (new, edited, deleted messages), day separators, and the
 * "pending" state of a tapped inline button until its callback answer arrives.
 */
import { clear, h } from "./dom.js";
import { renderMessage } from "./render-message.js";

const DAY = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" });

/** @param {number} unix */
const dayKey = (unix) => new Date(unix * 1000).toDateString();

export class ChatView {
  /**
   * @param {HTMLElement} list the scrolling message list
   * @param {import("./render-message.js").MessageContext} ctx
   */
  constructor(list, ctx) {
    this.list = list;
    this.ctx = ctx;
    /** @type {Map<number, any>} message id → message (of the chat shown) */
    this.messages = new Map();
    /** @type {HTMLElement | null} */
    this.empty = null;
    /** Whether the list is scrolled to (near) the newest message: new content keeps it there. */
    this.stick = true;
    list.addEventListener("scroll", () => {
      this.stick = list.scrollHeight - list.scrollTop - list.clientHeight < 160;
    });
    // A photo that loads (or fails, and shows its placeholder) changes the height after rendering.
    const settle = () => {
      if (this.stick) this.scrollToBottom();
    };
    list.addEventListener("load", settle, true);
    list.addEventListener("error", settle, true);
  }

  /**
   * Shows a whole chat; `empty` is shown when it has no messages.
   * @param {any[]} messages @param {HTMLElement} empty
   */
  show(messages, empty) {
    clear(this.list);
    this.messages = new Map(messages.map((m) => [m.message_id, m]));
    this.empty = empty;
    if (messages.length === 0) this.list.appendChild(empty);
    let lastDay = "";
    for (const message of [...this.messages.values()].sort((a, b) => a.message_id - b.message_id)) {
      const day = dayKey(message.date);
      if (day !== lastDay) this.list.appendChild(separator(message.date));
      lastDay = day;
      this.list.appendChild(renderMessage(message, this.ctx));
    }
    this.stick = true;
    this.scrollToBottom();
  }

  /**
   * Adds a message or replaces its old version in place.
   * @param {any} message
   */
  upsert(message) {
    const nearBottom = this.stick;
    const row = renderMessage(message, this.ctx);
    const old = this.row(message.message_id);
    this.messages.set(message.message_id, message);
    this.empty?.remove();
    if (old) {
      old.replaceWith(row);
      if (nearBottom) this.scrollToBottom();
      return;
    }
    const later = [...this.list.querySelectorAll(".row")].find(
      (el) => Number(/** @type {HTMLElement} */ (el).dataset.messageId) > message.message_id,
    );
    const previous = [...this.messages.values()]
      .filter((m) => m.message_id < message.message_id)
      .sort((a, b) => b.message_id - a.message_id)[0];
    const needsSeparator = !previous || dayKey(previous.date) !== dayKey(message.date);
    if (later) {
      this.list.insertBefore(row, later);
    } else {
      if (needsSeparator) this.list.appendChild(separator(message.date));
      this.list.appendChild(row);
    }
    if (nearBottom || !message.from?.is_bot) this.scrollToBottom();
  }

  /** @param {number} messageId */
  remove(messageId) {
    this.messages.delete(messageId);
    const row = this.row(messageId);
    if (!row) return;
    row.classList.add("removing");
    window.setTimeout(() => row.remove(), 180);
  }

  /** Scrolls to the newest message (at once: a smooth scroll still running would misjudge "near the bottom"). */
  scrollToBottom() {
    requestAnimationFrame(() => this.list.scrollTo({ top: this.list.scrollHeight, behavior: "instant" }));
  }

  /**
   * Marks a tapped button as waiting (Telegram shows a small clock) until `settle`.
   * @param {HTMLButtonElement} button @param {string} queryId
   */
  pending(button, queryId) {
    button.classList.add("pending");
    button.dataset.queryId = queryId;
    window.setTimeout(() => button.classList.remove("pending"), 15_000);
  }

  /**
   * The callback query was answered: the button stops waiting.
   * @param {string} queryId
   */
  settle(queryId) {
    for (const el of this.list.querySelectorAll(`.kb-btn.pending`)) {
      if (/** @type {HTMLElement} */ (el).dataset.queryId === queryId) el.classList.remove("pending");
    }
  }

  /** @param {number} messageId @returns {HTMLElement | null} */
  row(messageId) {
    return this.list.querySelector(`.row[data-message-id="${messageId}"]`);
  }
}

/** @param {number} unix */
function separator(unix) {
  const date = new Date(unix * 1000);
  const today = new Date().toDateString() === date.toDateString();
  return h("div", { class: "day" }, h("span", {}, today ? "Today" : DAY.format(date)));
}
