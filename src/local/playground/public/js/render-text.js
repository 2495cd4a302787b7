/**
 * Telegram formatted text → DOM nodes, from the message's entities (UTF-16
 * offsets, like JavaScript strings). Text is only ever inserted as text nodes;
 * links get an href only for http(s), mailto and tel. Like Telegram clients,
 * plain URLs and /commands in the text become clickable.
 */
import { h } from "./dom.js";

/**
 * @typedef {{ type: string, offset: number, length: number, url?: string, language?: string }} Entity
 * @typedef {{
 *   botUsername: string,
 *   onStartLink: (token: string) => void,
 *   onCommand: (command: string) => void,
 * }} TextContext
 */

const TAGS = /** @type {Record<string, string>} */ ({
  bold: "strong",
  italic: "em",
  underline: "u",
  strikethrough: "s",
  code: "code",
  blockquote: "blockquote",
  expandable_blockquote: "blockquote",
});

const PLAIN_LINKS = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]|(?<![\w/])\/[a-zA-Z0-9_]{1,32}(?![\w/]))/g;

/**
 * Renders `text` with `entities` into a fragment.
 * @param {string} text
 * @param {Entity[] | undefined} entities
 * @param {TextContext} ctx
 * @returns {DocumentFragment}
 */
export function renderText(text, entities, ctx) {
  const sorted = (entities ?? [])
    .filter(
      (e) =>
        Number.isInteger(e.offset) &&
        Number.isInteger(e.length) &&
        e.length > 0 &&
        e.offset >= 0 &&
        e.offset < text.length,
    )
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  const fragment = document.createDocumentFragment();
  build(fragment, text, 0, text.length, sorted, ctx, false);
  return fragment;
}

/**
 * Fills `parent` with text[start, end): entities at this level, each with the ones nested inside it.
 * @param {Node} parent @param {string} text @param {number} start @param {number} end
 * @param {Entity[]} entities @param {TextContext} ctx @param {boolean} inLink
 */
function build(parent, text, start, end, entities, ctx, inLink) {
  let pos = start;
  let i = 0;
  while (i < entities.length) {
    const entity = /** @type {Entity} */ (entities[i]);
    const entityEnd = entity.offset + entity.length;
    const from = Math.max(entity.offset, pos);
    const to = Math.min(entityEnd, end);
    let j = i + 1;
    while (j < entities.length && /** @type {Entity} */ (entities[j]).offset < entityEnd) j += 1;
    if (from >= end) break;
    if (from > pos) plain(parent, text.slice(pos, from), ctx, inLink);
    if (to > from) {
      const el = element(entity, text.slice(entity.offset, entityEnd), ctx);
      build(el, text, from, to, entities.slice(i + 1, j), ctx, inLink || el.tagName === "A");
      parent.appendChild(el);
      pos = to;
    }
    i = j;
  }
  if (pos < end) plain(parent, text.slice(pos, end), ctx, inLink);
}

/**
 * The element of one entity (empty: its text is added by `build`).
 * @param {Entity} entity @param {string} covered @param {TextContext} ctx
 * @returns {HTMLElement}
 */
function element(entity, covered, ctx) {
  switch (entity.type) {
    case "text_link":
      return link(entity.url ?? "", ctx);
    case "url":
      return link(/^[a-z][a-z0-9+.-]*:/i.test(covered) ? covered : `http://${covered}`, ctx);
    case "email":
      return link(`mailto:${covered}`, ctx);
    case "phone_number":
      return link(`tel:${covered.replace(/[^\d+]/g, "")}`, ctx);
    case "bot_command":
      return command(covered, ctx);
    case "pre":
      return h("pre", { dataset: entity.language ? { language: entity.language } : {} });
    case "spoiler":
      return h("span", {
        class: "spoiler",
        title: "Spoiler: click to show",
        onclick: (/** @type {Event} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.add("revealed"),
      });
    case "expandable_blockquote":
      return h("blockquote", {
        class: "expandable",
        onclick: (/** @type {Event} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.toggle("open"),
      });
    case "mention":
    case "text_mention":
    case "hashtag":
    case "cashtag":
      return h("span", { class: "mention" });
    default:
      return h(TAGS[entity.type] ?? "span");
  }
}

/**
 * Plain text, with URLs and /commands made clickable (unless already inside a link).
 * @param {Node} parent @param {string} text @param {TextContext} ctx @param {boolean} inLink
 */
function plain(parent, text, ctx, inLink) {
  if (inLink) {
    parent.appendChild(document.createTextNode(text));
    return;
  }
  let last = 0;
  for (const match of text.matchAll(PLAIN_LINKS)) {
    const found = match[0];
    const at = match.index ?? 0;
    if (at > last) parent.appendChild(document.createTextNode(text.slice(last, at)));
    const el = found.startsWith("/") ? command(found, ctx) : link(found, ctx);
    el.appendChild(document.createTextNode(found));
    parent.appendChild(el);
    last = at + found.length;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

/**
 * The start token of a `https://t.me/<this bot>?start=<token>` link, or null.
 * @param {string} href @param {string} botUsername
 * @returns {string | null}
 */
export function startToken(href, botUsername) {
  const match = /^(?:https?:\/\/)?t(?:elegram)?\.me\/([A-Za-z0-9_]{3,64})\?start=([A-Za-z0-9_-]{1,64})$/.exec(
    href.trim(),
  );
  if (!match || (match[1] ?? "").toLowerCase() !== botUsername.toLowerCase()) return null;
  return match[2] ?? null;
}

/**
 * A link: this bot's start links switch to the Customer and press START; other
 * safe links open in a new tab; anything else stays text.
 * @param {string} href @param {TextContext} ctx
 * @returns {HTMLElement}
 */
export function link(href, ctx) {
  const token = startToken(href, ctx.botUsername);
  if (token !== null) {
    return h("a", {
      href,
      class: "start-link",
      title: "Open as the Customer (sends /start with this link's token)",
      onclick: (/** @type {Event} */ e) => {
        e.preventDefault();
        ctx.onStartLink(token);
      },
    });
  }
  const url = safeUrl(href);
  if (url === null) return h("span", { class: "link-unsupported", title: href });
  return h("a", { href: url, target: "_blank", rel: "noopener noreferrer" });
}

/**
 * The URL if it is http(s), mailto or tel; otherwise null.
 * @param {string} href
 * @returns {string | null}
 */
export function safeUrl(href) {
  try {
    const url = new URL(href);
    return ["http:", "https:", "mailto:", "tel:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A /command: clicking sends it, as in Telegram.
 * @param {string} text @param {TextContext} ctx
 * @returns {HTMLElement}
 */
function command(text, ctx) {
  return h("span", {
    class: "command",
    role: "link",
    tabindex: "0",
    title: `Send ${text}`,
    onclick: () => ctx.onCommand(text.replace(/@\w+$/, "")),
  });
}
