/**
 * The playground page: keeps every identity's chat from the server's events
 * (`/playground/events`), shows the chosen one, and acts as that user through
 * the JSON API — exactly what a Telegram client does with fairway.
 */
import { get, post } from "./api.js";
import { ChatView } from "./chat-view.js";
import { Composer } from "./composer.js";
import { byId, h } from "./dom.js";
import { renderIdentities, renderLanguage } from "./identity-bar.js";
import { MiniAppPanel } from "./mini-app.js";
import { renderSandbox, wireFailNext, wireSlips } from "./side-panel.js";
import { alertBox, dialog, toast } from "./ui.js";

const HINTS = /** @type {Record<string, string>} */ ({
  admin:
    "You are an admin: the partner balance (/balance), everyone's bookings (/bookings), refunds (/refund) and agents (/agents). Press START.",
  agent:
    "You are a sales agent: book tee times for your customers (/book), and make links that let a customer book by themselves (/link). Press START.",
  customer:
    "You are a golfer. Customers arrive through a link an agent made: as the Agent, send /link, create the link and click it.",
  stranger: "fairway does not know you. Press START to see what it tells strangers.",
});

const app = {
  /** @type {{ username: string, first_name: string } | null} */
  bot: null,
  /** @type {any[]} */
  identities: [],
  /** @type {Map<number, Map<number, any>>} */
  chats: new Map(),
  /** @type {Map<number, any>} */
  keyboards: new Map(),
  /** @type {Map<number, number>} */
  unread: new Map(),
  current: localStorage.getItem("fairway-playground-identity") ?? "agent",
  /** @type {Set<string>} */
  answered: new Set(),
};

const identity = () => app.identities.find((i) => i.key === app.current) ?? app.identities[0];

const miniApp = new MiniAppPanel((error) => failed(error));

const chat = new ChatView(byId("messages"), {
  get botUsername() {
    return app.bot?.username ?? "";
  },
  onStartLink: (token) => void openStartLink(token),
  onCommand: (command) => send(command),
  onTap: (message, button, el) => void tap(message, button, el),
  onWebApp: (url, title) => void miniApp.open(identity().id, url, title),
  toast,
});

const composer = new Composer({
  send: (text) => send(text),
  replyButton: (button) => void replyButton(button),
  botUsername: () => app.bot?.username ?? "",
  inline: (query, offset) => post("/playground/inline", { userId: identity().id, query, offset }),
  choose: (queryId, resultId) => post("/playground/choose", { userId: identity().id, queryId, resultId }).catch(failed),
  openWebApp: (url, title) => void miniApp.open(identity().id, url, title),
});

/** Reports a failed action the way a client would: a notice, nothing silent. @param {unknown} error */
const failed = (error) => toast(error instanceof Error ? error.message : String(error));

/**
 * Sends a photo (a payment slip) as a phone would: scaled to at most 1280 px and re-encoded as JPEG,
 * as Telegram does with every photo. @param {File} file
 */
async function sendPhoto(file) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const jpeg = canvas.toDataURL("image/jpeg", 0.9).split(",")[1] ?? "";
  await post("/playground/photo", { userId: identity().id, jpeg });
}

const photoInput = /** @type {HTMLInputElement} */ (document.getElementById("photo-input"));
document.getElementById("photo-button")?.addEventListener("click", () => photoInput.click());
photoInput.addEventListener("change", () => {
  const file = photoInput.files?.[0];
  photoInput.value = "";
  if (file) sendPhoto(file).catch(failed);
});

/** @param {string} text */
function send(text) {
  post("/playground/send", { userId: identity().id, text }).catch(failed);
}

/** @param {any} message @param {any} button @param {HTMLButtonElement} el */
async function tap(message, button, el) {
  const userId = identity().id;
  try {
    const { query_id } = await post("/playground/tap", {
      userId,
      messageId: message.message_id,
      data: button.callback_data,
    });
    if (!app.answered.has(query_id)) chat.pending(el, query_id);
  } catch (error) {
    failed(error);
  }
}

/** A reply-keyboard button: its text, or (after Telegram's confirmation) the contact or location. @param {any} button */
async function replyButton(button) {
  const userId = identity().id;
  if (button.request_contact) {
    const ok = await dialog({
      title: "Share your phone number?",
      text: `${app.bot?.first_name ?? "The bot"} will know your phone number (${identity().phone}).`,
      ok: "Share",
      cancel: "Cancel",
    });
    if (ok) await post("/playground/contact", { userId }).catch(failed);
    return;
  }
  if (button.request_location) {
    const ok = await dialog({
      title: "Share your location?",
      text: "The playground sends a point in Bangkok.",
      ok: "Share",
      cancel: "Cancel",
    });
    if (ok) await post("/playground/location", { userId }).catch(failed);
    return;
  }
  send(button.text);
}

/** A t.me link to this bot with a start token: open it as the Customer, who presses START. @param {string} token */
async function openStartLink(token) {
  select("customer");
  toast("Opened the link as the Customer");
  send(`/start ${token}`);
}

/** Shows another identity's chat. @param {string} key */
function select(key) {
  if (!app.identities.some((i) => i.key === key)) return;
  app.current = key;
  localStorage.setItem("fairway-playground-identity", key);
  const me = identity();
  app.unread.delete(me.id);
  composer.reset();
  miniApp.close();
  renderChrome();
  const messages = [...(app.chats.get(me.id)?.values() ?? [])];
  chat.show(messages, emptyState(me));
  composer.setReplyKeyboard(app.keyboards.get(me.id) ?? null);
  composer.setStarted(messages.length > 0);
  void loadCommands();
}

function renderChrome() {
  const me = identity();
  renderIdentities(app.identities, app.current, app.unread, select);
  renderLanguage(me.language_code, (language) => {
    post("/playground/language", { userId: me.id, language }).catch(failed);
  });
  byId("me").textContent =
    `You: ${me.first_name}${me.last_name ? ` ${me.last_name}` : ""} · ${me.label.toLowerCase()} · id ${me.id}`;
  document.title = `${app.bot?.first_name ?? "fairway"} · ${me.label} · playground`;
}

/** @param {any} me */
function emptyState(me) {
  return h(
    "div",
    { class: "empty" },
    h(
      "div",
      { class: "empty-card" },
      h("div", { class: "empty-title" }, `${me.label}: ${me.first_name}`),
      h("div", { class: "empty-text" }, HINTS[me.key] ?? ""),
    ),
  );
}

async function loadCommands() {
  const userId = identity().id;
  try {
    const menu = await get(`/playground/commands?userId=${userId}`);
    if (identity().id === userId) {
      composer.setCommands(menu.commands);
      composer.setMenuButton(menu.menuButton);
    }
  } catch {
    composer.setCommands([]);
    composer.setMenuButton(null);
  }
}

/** @param {any} snapshot */
function onSnapshot(snapshot) {
  app.bot = snapshot.bot;
  app.identities = snapshot.identities;
  app.chats = new Map(
    snapshot.identities.map((/** @type {any} */ i) => [
      i.id,
      new Map(i.messages.map((/** @type {any} */ m) => [m.message_id, m])),
    ]),
  );
  app.keyboards = new Map(snapshot.identities.map((/** @type {any} */ i) => [i.id, i.replyKeyboard]));
  byId("bot-name").textContent = app.bot?.first_name ?? "fairway";
  byId("bot-avatar").textContent = (app.bot?.first_name ?? "f").slice(0, 1).toUpperCase();
  byId("bot-username").textContent = `@${app.bot?.username ?? ""} · bot`;
  select(identity()?.key ?? "agent");
  wireSlips(snapshot, () => select("customer"));
}

/** @param {{ kind: string, chat_id: number, message: any }} event */
function onMessage({ kind, chat_id, message }) {
  const messages = app.chats.get(chat_id) ?? new Map();
  app.chats.set(chat_id, messages);
  const shown = identity()?.id === chat_id;
  if (kind === "deleted") {
    messages.delete(message.message_id);
    if (shown) chat.remove(message.message_id);
    return;
  }
  const isNew = !messages.has(message.message_id);
  messages.set(message.message_id, message);
  if (shown) {
    chat.upsert(message);
    composer.setStarted(true);
  } else if (isNew && message.from?.is_bot) {
    app.unread.set(chat_id, (app.unread.get(chat_id) ?? 0) + 1);
    renderChrome();
  }
}

const events = new EventSource("/playground/events");
/** @param {string} name @param {(data: any) => void} handle */
const on = (name, handle) =>
  events.addEventListener(name, (e) => handle(JSON.parse(/** @type {MessageEvent} */ (e).data)));
on("snapshot", onSnapshot);
on("message", onMessage);
on("state", renderSandbox);
wireFailNext();
on("commands", () => void loadCommands());
on("keyboard", ({ chat_id, keyboard }) => {
  app.keyboards.set(chat_id, keyboard);
  if (identity()?.id === chat_id) composer.setReplyKeyboard(keyboard);
});
on("language", ({ chat_id, language_code }) => {
  const who = app.identities.find((i) => i.id === chat_id);
  if (who) who.language_code = language_code;
  if (identity()?.id === chat_id) {
    renderChrome();
    void loadCommands();
  }
});
on("answer", ({ chat_id, query_id, text, show_alert }) => {
  app.answered.add(query_id);
  chat.settle(query_id);
  if (identity()?.id !== chat_id || !text) return;
  if (show_alert) void alertBox(text);
  else toast(text);
});
events.addEventListener("open", () => byId("connection").classList.remove("offline"));
events.addEventListener("error", () => byId("connection").classList.add("offline"));

byId("panel-toggle").addEventListener("click", () => document.body.classList.toggle("panel-open"));
