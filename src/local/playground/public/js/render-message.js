/**
 * One chat message as a Telegram-like bubble: formatted text or caption,
 * document chips, photos (with a placeholder when the image cannot load),
 * locations and venues as small cards, shared contacts, the reply quote, the
 * time (and "edited"), and the inline keyboard under it.
 */
import { fileSize, h } from "./dom.js";
import { link, renderText, safeUrl, startToken } from "./render-text.js";

/**
 * @typedef {import("./render-text.js").TextContext & {
 *   onTap: (message: any, button: any, el: HTMLButtonElement) => void,
 *   onWebApp: (url: string, title: string) => void,
 *   toast: (text: string) => void,
 * }} MessageContext
 */

const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * Builds the row of one message.
 * @param {any} message a Telegram Message plus `file` (see src/local/playground/views.ts)
 * @param {MessageContext} ctx
 * @returns {HTMLElement}
 */
export function renderMessage(message, ctx) {
  const outgoing = !message.from?.is_bot;
  const bubble = h("div", { class: "bubble" });
  if (message.via_bot) bubble.appendChild(h("div", { class: "via" }, `via @${message.via_bot.username ?? ""}`));
  if (message.reply_to_message) bubble.appendChild(quote(message.reply_to_message));
  const media = renderMedia(message);
  if (media) bubble.appendChild(media);
  const text = message.text ?? message.caption;
  const entities = message.text !== undefined ? message.entities : message.caption_entities;
  const meta = h(
    "span",
    { class: "meta" },
    message.edit_date ? "edited " : "",
    TIME.format(new Date(message.date * 1000)),
    outgoing ? h("span", { class: "ticks", "aria-hidden": "true" }, "✓✓") : null,
  );
  if (typeof text === "string" && text !== "") {
    const body = h("div", { class: "text" });
    body.appendChild(renderText(text, entities, ctx));
    body.appendChild(h("span", { class: "meta-spacer", "aria-hidden": "true" }, meta.textContent ?? ""));
    bubble.appendChild(body);
  } else {
    bubble.classList.add(Array.isArray(message.photo) ? "media-only" : "card-only");
  }
  bubble.appendChild(meta);
  const row = h(
    "div",
    {
      class: `row ${outgoing ? "out" : "in"}`,
      dataset: { messageId: String(message.message_id), editDate: String(message.edit_date ?? 0) },
    },
    bubble,
  );
  const keyboard = message.reply_markup?.inline_keyboard;
  if (Array.isArray(keyboard) && keyboard.length > 0) row.appendChild(inlineKeyboard(message, keyboard, ctx));
  return row;
}

/** @param {any} replied */
function quote(replied) {
  const text =
    replied.text ??
    replied.caption ??
    (replied.document ? `📄 ${replied.document.file_name ?? "File"}` : replied.photo ? "🖼 Photo" : "Message");
  return h(
    "div",
    { class: "quote" },
    h("div", { class: "quote-name" }, replied.from?.first_name ?? ""),
    h("div", { class: "quote-text" }, String(text).slice(0, 120)),
  );
}

/**
 * @param {any} message
 * @returns {HTMLElement | null}
 */
function renderMedia(message) {
  if (message.document) return documentChip(message);
  if (Array.isArray(message.photo)) return photo(message);
  if (message.venue) return locationCard(message.venue.location, message.venue.title, message.venue.address);
  if (message.location) return locationCard(message.location);
  if (message.contact) {
    const c = message.contact;
    return h(
      "div",
      { class: "contact-card" },
      h("div", { class: "avatar small" }, (c.first_name ?? "?").slice(0, 1)),
      h(
        "div",
        {},
        h("div", { class: "card-title" }, [c.first_name, c.last_name].filter(Boolean).join(" ")),
        h("div", { class: "card-sub" }, c.phone_number),
      ),
    );
  }
  if (message.text === undefined && message.caption === undefined)
    return h("div", { class: "unsupported" }, "This message is not supported in the playground.");
  return null;
}

/** @param {any} message */
function documentChip(message) {
  const doc = message.document;
  const name = doc.file_name ?? message.file?.file_name ?? "file";
  const ext = (name.includes(".") ? name.split(".").pop() : "file").slice(0, 4).toUpperCase();
  const href = message.file?.href;
  return h(
    "a",
    { class: "document", href: href ?? null, download: name, title: `Download ${name}`, dataset: { fileName: name } },
    h("span", { class: "doc-icon" }, ext),
    h(
      "span",
      { class: "doc-info" },
      h("span", { class: "doc-name" }, name),
      h("span", { class: "doc-size" }, `${fileSize(doc.file_size ?? 0)} · ${doc.mime_type ?? "file"}`),
    ),
  );
}

/** @param {any} message */
function photo(message) {
  const href = message.file?.href;
  const src = typeof href === "string" && (href.startsWith("/") ? href : safeUrl(href));
  const placeholder = h(
    "div",
    { class: "photo-placeholder" },
    h("span", { class: "photo-icon" }, "🖼"),
    h("span", {}, "Photo could not be loaded"),
    src ? h("span", { class: "photo-url" }, src) : null,
  );
  if (!src) return h("div", { class: "photo" }, placeholder);
  const img = h("img", { src, alt: message.caption ?? "Photo", loading: "lazy", referrerpolicy: "no-referrer" });
  const box = h("div", { class: "photo loading" }, img);
  img.addEventListener("load", () => box.classList.remove("loading"));
  img.addEventListener("error", () => box.replaceChildren(placeholder));
  return box;
}

/**
 * @param {{ latitude: number, longitude: number }} location
 * @param {string} [title] @param {string} [address]
 */
function locationCard(location, title, address) {
  const { latitude: lat, longitude: lon } = location;
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
  return h(
    "div",
    { class: "location" },
    h("div", { class: "map", "aria-hidden": "true" }, h("span", { class: "pin" }, "📍")),
    h(
      "div",
      { class: "location-info" },
      title ? h("div", { class: "card-title" }, title) : h("div", { class: "card-title" }, "Location"),
      address ? h("div", { class: "card-sub" }, address) : null,
      h("div", { class: "card-sub mono" }, `${lat.toFixed(5)}, ${lon.toFixed(5)}`),
      h("a", { href: osm, target: "_blank", rel: "noopener noreferrer" }, "Open in OpenStreetMap ↗"),
    ),
  );
}

/**
 * @param {any} message @param {any[][]} rows @param {MessageContext} ctx
 */
function inlineKeyboard(message, rows, ctx) {
  const box = h("div", { class: "inline-keyboard" });
  for (const row of rows) {
    const line = h("div", { class: "kb-row" });
    for (const button of row) line.appendChild(inlineButton(message, button, ctx));
    box.appendChild(line);
  }
  return box;
}

/**
 * @param {any} message @param {any} button @param {MessageContext} ctx
 * @returns {HTMLElement}
 */
function inlineButton(message, button, ctx) {
  if (typeof button.callback_data === "string") {
    const el = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "kb-btn", dataset: { callbackData: button.callback_data } }, button.text)
    );
    el.addEventListener("click", () => ctx.onTap(message, button, el));
    return el;
  }
  if (typeof button.url === "string") {
    const isStart = startToken(button.url, ctx.botUsername) !== null;
    const a = link(button.url, ctx);
    a.classList.add("kb-btn", "kb-link");
    a.appendChild(document.createTextNode(button.text));
    if (!isStart) a.appendChild(h("span", { class: "kb-corner", "aria-hidden": "true" }, "↗"));
    return a;
  }
  if (button.web_app && typeof button.web_app.url === "string") {
    return h(
      "button",
      {
        type: "button",
        class: "kb-btn kb-web-app",
        dataset: { webApp: button.web_app.url },
        onclick: () => ctx.onWebApp(button.web_app.url, button.text),
      },
      button.text,
    );
  }
  if (button.copy_text && typeof button.copy_text.text === "string") {
    return h(
      "button",
      {
        type: "button",
        class: "kb-btn",
        onclick: () =>
          void navigator.clipboard?.writeText(button.copy_text.text).then(() => ctx.toast("Copied to clipboard")),
      },
      button.text,
    );
  }
  return h(
    "button",
    {
      type: "button",
      class: "kb-btn",
      disabled: true,
      title: "This kind of button is not supported in the playground",
    },
    button.text,
  );
}
