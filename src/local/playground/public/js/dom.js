/**
 * Tiny DOM helpers. Everything the bot or the sandbox says becomes text nodes
 * or attributes set one by one: the page never assigns HTML strings.
 */

/**
 * Creates an element: `h("a", { href, class: "x", onclick }, "text", child)`.
 * Attributes starting with "on" become listeners; `dataset` an object; null/false values are skipped.
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function")
      el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/**
 * Appends children; strings and numbers become text nodes.
 * @param {Node} parent
 * @param {Array<Node | string | number | null | undefined | false>} children
 */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child,
    );
  }
}

/**
 * Removes every child of an element.
 * @param {Element} el
 */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/**
 * The element with this id (throws when the page lacks it: a bug, not a state).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

/**
 * Money in baht from satang, e.g. 150000 → "฿1,500.00".
 * @param {number} satang
 */
export function baht(satang) {
  return `฿${(satang / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * A byte count for people: "812 B", "1.4 KB".
 * @param {number} bytes
 */
export function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
