/**
 * The bottom of the chat: the "Menu" button with the bot's commands (as set by
 * setMyCommands for this user's scope and language), command suggestions while
 * typing "/", the message field, the reply keyboard (with request_contact and
 * request_location buttons) and, for a chat that never started, START.
 */
import { byId, clear, h } from "./dom.js";
import { InlinePopup } from "./inline-popup.js";

/**
 * @typedef {{
 *   send: (text: string) => void,
 *   replyButton: (button: any, keyboard: any) => void,
 *   botUsername: () => string,
 *   inline: (query: string, offset: string) => Promise<any>,
 *   choose: (queryId: string, resultId: string) => Promise<void>,
 *   openWebApp: (url: string, title: string) => void,
 * }} ComposerActions
 */

export class Composer {
  /** @param {ComposerActions} actions */
  constructor(actions) {
    this.actions = actions;
    this.input = /** @type {HTMLTextAreaElement} */ (byId("input"));
    this.menuButton = byId("menu-button");
    this.popup = byId("command-popup");
    this.keyboardBox = byId("reply-keyboard");
    this.keyboardToggle = byId("keyboard-toggle");
    this.startButton = byId("start-button");
    this.composer = byId("composer");
    /** @type {{ command: string, description: string }[]} */
    this.commands = [];
    /** @type {any} */
    this.keyboard = null;
    this.keyboardHidden = false;
    this.placeholder = "Message";
    // `@bot query`: the bot's inline results in the same popup as the commands.
    this.inline = new InlinePopup(this.popup, {
      botUsername: actions.botUsername,
      inline: actions.inline,
      choose: actions.choose,
      send: actions.send,
      done: () => {
        this.input.value = "";
        this.autosize();
      },
    });

    byId("composer-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        this.submit();
      } else if (e.key === "Escape") this.closePopup();
    });
    this.input.addEventListener("input", () => {
      this.autosize();
      const value = this.input.value;
      if (this.inline.update(value)) return;
      if (/^\/[a-z0-9_]*$/i.test(value)) this.openPopup(value.slice(1).toLowerCase());
      else this.closePopup();
    });
    /** @type {any} */
    this.menuApp = null;
    this.menuButton.addEventListener("click", () => {
      if (this.menuApp) return this.actions.openWebApp(this.menuApp.web_app.url, this.menuApp.text);
      if (this.popup.hidden) this.openPopup("");
      else this.closePopup();
    });
    this.keyboardToggle.addEventListener("click", () => {
      this.keyboardHidden = !this.keyboardHidden;
      this.renderKeyboard();
    });
    this.startButton.addEventListener("click", () => this.actions.send("/start"));
    document.addEventListener("click", (e) => {
      const target = /** @type {Node} */ (e.target);
      if (!this.popup.contains(target) && !this.menuButton.contains(target)) this.closePopup();
    });
  }

  /**
   * The chat's menu button: a Mini App (`{ type: "web_app", text, web_app: { url } }`) replaces the
   * command menu, as in Telegram ("/" still lists the commands).
   * @param {any} button
   */
  setMenuButton(button) {
    this.menuApp = button?.type === "web_app" && typeof button.web_app?.url === "string" ? button : null;
    clear(this.menuButton);
    if (this.menuApp) this.menuButton.append(this.menuApp.text);
    else this.menuButton.append(h("span", { class: "menu-icon", "aria-hidden": "true" }, "☰"), " Menu");
    this.menuButton.classList.toggle("menu-web-app", !!this.menuApp);
    this.menuButton.hidden = !this.menuApp && this.commands.length === 0;
  }

  /** @param {{ command: string, description: string }[]} commands */
  setCommands(commands) {
    this.commands = commands;
    this.menuButton.hidden = !this.menuApp && commands.length === 0;
    if (!this.popup.hidden) this.openPopup("");
  }

  /** @param {any} keyboard a ReplyKeyboardMarkup, or null */
  setReplyKeyboard(keyboard) {
    const changed = JSON.stringify(keyboard) !== JSON.stringify(this.keyboard);
    this.keyboard = keyboard;
    if (changed) this.keyboardHidden = false;
    this.renderKeyboard();
  }

  /** @param {boolean} started whether the chat has any message */
  setStarted(started) {
    this.startButton.hidden = started;
    this.composer.classList.toggle("not-started", !started);
  }

  /** Clears the field (on identity switch). */
  reset() {
    this.inline.cancel();
    this.input.value = "";
    this.autosize();
    this.closePopup();
  }

  submit() {
    const text = this.input.value.trim();
    if (text === "") return;
    this.input.value = "";
    this.autosize();
    this.closePopup();
    this.actions.send(text);
  }

  autosize() {
    this.input.style.height = "";
    // Hidden (chat not started): nothing to measure; the CSS height applies.
    if (this.input.value === "" || this.input.scrollHeight === 0) return;
    this.input.style.height = `${Math.min(this.input.scrollHeight, 140)}px`;
  }

  /** @param {string} prefix */
  openPopup(prefix) {
    const matches = this.commands.filter((c) => c.command.startsWith(prefix));
    clear(this.popup);
    if (matches.length === 0) {
      this.popup.hidden = true;
      return;
    }
    for (const { command, description } of matches) {
      this.popup.appendChild(
        h(
          "button",
          { type: "button", class: "command-item", role: "menuitem", onclick: () => this.pickCommand(command) },
          h("span", { class: "command-name" }, `/${command}`),
          h("span", { class: "command-description" }, description),
        ),
      );
    }
    this.popup.hidden = false;
  }

  closePopup() {
    this.popup.hidden = true;
  }

  /** @param {string} command */
  pickCommand(command) {
    this.closePopup();
    this.input.value = "";
    this.autosize();
    this.actions.send(`/${command}`);
  }

  renderKeyboard() {
    const keyboard = this.keyboard;
    clear(this.keyboardBox);
    this.keyboardToggle.hidden = !keyboard;
    this.input.placeholder = keyboard?.input_field_placeholder ?? this.placeholder;
    this.keyboardBox.hidden = !keyboard || this.keyboardHidden;
    this.keyboardToggle.classList.toggle("active", !!keyboard && !this.keyboardHidden);
    if (!keyboard) return;
    this.keyboardBox.classList.toggle("resized", keyboard.resize_keyboard === true);
    for (const row of keyboard.keyboard ?? []) {
      const line = h("div", { class: "reply-row" });
      for (const raw of row) {
        const button = typeof raw === "string" ? { text: raw } : raw;
        line.appendChild(
          h(
            "button",
            {
              type: "button",
              class: "reply-btn",
              onclick: () => {
                if (keyboard.one_time_keyboard) {
                  this.keyboardHidden = true;
                  this.renderKeyboard();
                }
                this.actions.replyButton(button, keyboard);
              },
            },
            button.text,
          ),
        );
      }
      this.keyboardBox.appendChild(line);
    }
  }
}
