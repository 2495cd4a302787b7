/**
 * fairway's tee sheet, inside Telegram (a Mini App): one date at a time, courses as rows, tee times as
 * cells. No framework and nothing from elsewhere: the launch parameters (initData, theme) are read
 * from the URL's fragment as Telegram passes them, and the few calls to the client (ready, expand,
 * close) go through Telegram's documented bridges. Every request carries the initData; the server
 * checks it and decides everything (dates, prices, who may see what).
 */

const STRINGS = {
  en: {
    title: "Tee sheet",
    part: "Time",
    players: "Players",
    area: "Area",
    price: "Top price",
    any: "Any",
    anyArea: "All areas",
    anyPrice: "Any price",
    morning: "Morning",
    midday: "Midday",
    afternoon: "Afternoon",
    spots: (n) => `up to ${n}`,
    net: (amount) => `net ${amount}`,
    gone: "gone",
    none: "No tee times in this part of the day",
    loading: "Loading…",
    failed: (names) => `No answer from: ${names}`,
    empty: "No course matches these filters.",
    sent: "Sent to the chat: finish the booking there.",
    goneNow: "That tee time has just gone. The sheet is up to date again.",
    unauthorized: "This page must be opened from fairway's chat in Telegram. Open it again from there.",
    forbidden: "fairway does not know you yet: ask an agent for a link.",
    unavailable: "The courses cannot be read right now. Try again in a minute.",
    tooMany: "Too many requests: wait a moment, then try again.",
    error: "Something went wrong. Try again.",
    players_n: (n) => `${n}`,
    teeTimes: (n) => `${n} tee times`,
    groupNote: (n) => `${n} players take several tee times: tap the first one.`,
    groupPick: (n, from, times, split, total) =>
      `${n} tee times from ${from}: ${times} · ${split} players · ${total} in all`,
    bookGroup: "Book these tee times",
    noGroupCell: "no group",
    noGroup: (players, time) =>
      `No group of ${players} can start at ${time}: the tee times after it are too few or too far apart. Pick another time.`,
  },
  th: {
    title: "ตารางทีออฟ",
    part: "ช่วงเวลา",
    players: "ผู้เล่น",
    area: "พื้นที่",
    price: "ราคาสูงสุด",
    any: "ทุกช่วง",
    anyArea: "ทุกพื้นที่",
    anyPrice: "ทุกราคา",
    morning: "เช้า",
    midday: "กลางวัน",
    afternoon: "บ่าย",
    spots: (n) => `ไม่เกิน ${n} คน`,
    net: (amount) => `ทุน ${amount}`,
    gone: "เต็มแล้ว",
    none: "ไม่มีทีออฟในช่วงเวลานี้",
    loading: "กำลังโหลด…",
    failed: (names) => `สนามที่ไม่ตอบ: ${names}`,
    empty: "ไม่มีสนามที่ตรงกับตัวกรองนี้",
    sent: "ส่งไปที่แชตแล้ว ทำการจองต่อที่นั่น",
    goneNow: "ทีออฟนี้เพิ่งเต็ม ตารางอัปเดตแล้ว",
    unauthorized: "ต้องเปิดหน้านี้จากแชตของ fairway ใน Telegram กรุณาเปิดใหม่จากที่นั่น",
    forbidden: "fairway ยังไม่รู้จักคุณ กรุณาขอลิงก์จากเอเจนต์",
    unavailable: "ยังอ่านข้อมูลสนามไม่ได้ในขณะนี้ ลองใหม่ในอีกสักครู่",
    tooMany: "มีคำขอมากเกินไป กรุณารอสักครู่แล้วลองใหม่",
    error: "เกิดข้อผิดพลาด ลองใหม่อีกครั้ง",
    players_n: (n) => `${n}`,
    teeTimes: (n) => `${n} ทีออฟ`,
    groupNote: (n) => `ผู้เล่น ${n} คนต้องใช้หลายทีออฟ แตะทีออฟแรก`,
    groupPick: (n, from, times, split, total) => `${n} ทีออฟ เริ่ม ${from}: ${times} · ผู้เล่น ${split} · รวม ${total}`,
    bookGroup: "จองทีออฟชุดนี้",
    noGroupCell: "ไม่พอสำหรับกลุ่ม",
    noGroup: (players, time) => `กลุ่ม ${players} คนเริ่มเวลา ${time} ไม่ได้ ทีออฟถัดไปมีไม่พอหรือห่างกันเกินไป กรุณาเลือกเวลาอื่น`,
  },
  ko: {
    title: "티 시트",
    part: "시간",
    players: "인원",
    area: "지역",
    price: "최고 가격",
    any: "전체",
    anyArea: "모든 지역",
    anyPrice: "가격 무관",
    morning: "오전",
    midday: "한낮",
    afternoon: "오후",
    spots: (n) => `최대 ${n}명`,
    net: (amount) => `원가 ${amount}`,
    gone: "마감",
    none: "이 시간대에는 티타임이 없습니다",
    loading: "불러오는 중…",
    failed: (names) => `응답 없음: ${names}`,
    empty: "이 조건에 맞는 골프장이 없습니다.",
    sent: "채팅으로 보냈습니다. 그곳에서 예약을 마치세요.",
    goneNow: "그 티타임은 방금 마감되었습니다. 시트를 다시 갱신했습니다.",
    unauthorized: "이 페이지는 Telegram의 fairway 채팅에서 열어야 합니다. 그곳에서 다시 여세요.",
    forbidden: "fairway가 아직 고객님을 모릅니다. 에이전트에게 링크를 요청하세요.",
    unavailable: "지금은 골프장 정보를 읽을 수 없습니다. 잠시 후 다시 시도하세요.",
    tooMany: "요청이 너무 많습니다. 잠시 기다린 후 다시 시도하세요.",
    error: "문제가 발생했습니다. 다시 시도하세요.",
    players_n: (n) => `${n}`,
    teeTimes: (n) => `티타임 ${n}개`,
    groupNote: (n) => `${n}명은 여러 티타임을 사용합니다. 첫 티타임을 누르세요.`,
    groupPick: (n, from, times, split, total) => `${from}부터 티타임 ${n}개: ${times} · ${split}명 · 합계 ${total}`,
    bookGroup: "이 티타임들 예약",
    noGroupCell: "그룹 불가",
    noGroup: (players, time) =>
      `${time}에 ${players}명 그룹을 시작할 수 없습니다. 이후 티타임이 너무 적거나 간격이 넓습니다. 다른 시간을 선택하세요.`,
  },
  ja: {
    title: "ティーシート",
    part: "時間",
    players: "人数",
    area: "地域",
    price: "上限料金",
    any: "すべて",
    anyArea: "すべての地域",
    anyPrice: "料金指定なし",
    morning: "午前",
    midday: "昼",
    afternoon: "午後",
    spots: (n) => `最大${n}名`,
    net: (amount) => `原価 ${amount}`,
    gone: "満席",
    none: "この時間帯にはティータイムがありません",
    loading: "読み込み中…",
    failed: (names) => `応答なし：${names}`,
    empty: "この条件に合うゴルフ場はありません。",
    sent: "チャットに送りました。そちらで予約を完了してください。",
    goneNow: "そのティータイムはたった今埋まりました。シートを最新にしました。",
    unauthorized: "このページは Telegram の fairway のチャットから開いてください。そちらから開き直してください。",
    forbidden: "fairway はまだお客様を存じません。エージェントにリンクをお求めください。",
    unavailable: "ただいまゴルフ場の情報を読み込めません。少ししてからもう一度お試しください。",
    tooMany: "リクエストが多すぎます。少し待ってからもう一度お試しください。",
    error: "問題が発生しました。もう一度お試しください。",
    players_n: (n) => `${n}`,
    teeTimes: (n) => `ティータイム${n}件`,
    groupNote: (n) => `${n}名は複数のティータイムを使います。最初のティータイムをタップしてください。`,
    groupPick: (n, from, times, split, total) =>
      `${from} からティータイム${n}件：${times} · ${split}名 · 合計 ${total}`,
    bookGroup: "これらのティータイムを予約",
    noGroupCell: "グループ不可",
    noGroup: (players, time) =>
      `${time} から${players}名のグループは組めません。その後のティータイムが少ないか、間隔が空きすぎています。別の時間を選んでください。`,
  },
  zh: {
    title: "开球表",
    part: "时段",
    players: "人数",
    area: "地区",
    price: "最高价格",
    any: "全部",
    anyArea: "所有地区",
    anyPrice: "任意价格",
    morning: "上午",
    midday: "中午",
    afternoon: "下午",
    spots: (n) => `最多 ${n} 人`,
    net: (amount) => `底价 ${amount}`,
    gone: "已满",
    none: "该时段没有开球时间",
    loading: "加载中…",
    failed: (names) => `无回复：${names}`,
    empty: "没有符合这些条件的球场。",
    sent: "已发送到聊天：请在那里完成预订。",
    goneNow: "该开球时间刚刚被订走。开球表已更新。",
    unauthorized: "此页面须从 Telegram 中 fairway 的聊天打开。请从那里重新打开。",
    forbidden: "fairway 还不认识您：请向代理索取链接。",
    unavailable: "暂时无法读取球场信息。请稍后再试。",
    tooMany: "请求过多：请稍候再试。",
    error: "出了点问题。请重试。",
    players_n: (n) => `${n}`,
    teeTimes: (n) => `${n} 个开球时间`,
    groupNote: (n) => `${n} 人需要多个开球时间：请点击第一个。`,
    groupPick: (n, from, times, split, total) =>
      `自 ${from} 起 ${n} 个开球时间：${times} · ${split} 人 · 合计 ${total}`,
    bookGroup: "预订这些开球时间",
    noGroupCell: "无法成组",
    noGroup: (players, time) => `${time} 无法开始 ${players} 人的团组：之后的开球时间太少或间隔太远。请选择其他时间。`,
  },
};

const PRICES = [1000, 1500, 2000, 2500, 3000, 4000, 5000];

const launch = new URLSearchParams(location.hash.slice(1));
const initData = globalThis.Telegram?.WebApp?.initData || launch.get("tgWebAppData") || "";
const signedUser = (() => {
  try {
    return JSON.parse(new URLSearchParams(initData).get("user") ?? "null");
  } catch {
    return null;
  }
})();
/** The page's language from a Telegram language code (`zh-hans` → `zh`); the server's answer settles it by role. */
const localeOf = (code) => {
  const base = String(code ?? "")
    .toLowerCase()
    .split(/[-_]/)[0];
  return base in STRINGS ? base : "en";
};
/** The `Intl` tag of each language (baht and dates as in the chat: src/locale.ts). */
const INTL = { th: "th-TH", en: "en-GB", ko: "ko-KR", ja: "ja-JP", zh: "zh-CN" };
let locale = localeOf(signedUser?.language_code);
const t = (key, ...args) => {
  const value = STRINGS[locale][key];
  return typeof value === "function" ? value(...args) : value;
};

/** Telegram's client bridges (mobile apps, desktop, web), as its own script uses them. */
function postEvent(eventType, eventData = {}) {
  const data = JSON.stringify(eventData);
  if (globalThis.TelegramWebviewProxy?.postEvent) globalThis.TelegramWebviewProxy.postEvent(eventType, data);
  else if (globalThis.external && "notify" in globalThis.external)
    globalThis.external.notify(JSON.stringify({ eventType, eventData }));
  else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType, eventData }), "*");
}

/** Telegram's palette as CSS variables (--tg-theme-bg-color…): only colours, whatever else comes. */
function setTheme(theme) {
  if (typeof theme !== "object" || theme === null) return;
  for (const [key, value] of Object.entries(theme))
    if (/^[a-z_]{1,40}$/.test(key) && typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value))
      document.documentElement.style.setProperty(`--tg-theme-${key.replaceAll("_", "-")}`, value);
}

function applyTheme() {
  try {
    setTheme(JSON.parse(launch.get("tgWebAppThemeParams") ?? "{}"));
  } catch {
    /* no theme: the defaults */
  }
}

/**
 * Events from Telegram's client. `theme_changed` (the user switched to night mode while the sheet is
 * open) carries the new palette. Apps call `Telegram.WebView.receiveEvent`; Telegram Web, which shows
 * the page in a frame, posts `{ eventType, eventData }` to it.
 */
function receiveEvent(eventType, eventData) {
  if (eventType === "theme_changed") setTheme(eventData?.theme_params);
}
globalThis.Telegram = globalThis.Telegram ?? {};
globalThis.Telegram.WebView = { ...(globalThis.Telegram.WebView ?? {}), receiveEvent };
window.addEventListener("message", (event) => {
  if (event.source !== window.parent || window.parent === window || typeof event.data !== "string") return;
  try {
    const { eventType, eventData } = JSON.parse(event.data);
    if (typeof eventType === "string") receiveEvent(eventType, eventData);
  } catch {
    /* not Telegram's */
  }
});

const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const state = { date: undefined, part: "any", players: 4, area: "any", maxBaht: null, sheet: null };

const money = (satang) =>
  new Intl.NumberFormat(INTL[locale], {
    style: "currency",
    currency: "THB",
    currencyDisplay: "narrowSymbol", // ฿2,200 in both languages ("THB 2,200" crowds a cell)
    maximumFractionDigits: 0,
  }).format(satang / 100);
const day = (key, options) =>
  new Intl.DateTimeFormat(INTL[locale], { timeZone: "UTC", ...options }).format(new Date(`${key}T00:00:00Z`));

let toastTimer;
function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 4000);
}

async function call(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData, ...body }),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json };
}

function explain(status, json, time = "") {
  if (status === 401) return t("unauthorized");
  if (status === 403) return t("forbidden");
  if (status === 429) return t("tooMany");
  if (status === 503) return t("unavailable");
  if (json?.error === "no-group") return t("noGroup", state.players, time);
  return json?.error === "gone" ? t("goneNow") : t("error");
}

function fillSelect(select, options, value) {
  select.replaceChildren(
    ...options.map(([v, label]) => el("option", { value: String(v), selected: String(v) === String(value) }, label)),
  );
}

function renderChrome(sheet) {
  document.documentElement.lang = locale;
  document.title = `fairway · ${t("title")}`;
  $("title").textContent = t("title");
  for (const key of ["part", "players", "area", "price"]) $(`l-${key}`).textContent = t(key);
  fillSelect(
    $("part"),
    ["any", "morning", "midday", "afternoon"].map((p) => [p, t(p)]),
    sheet.part,
  );
  // As many players as the server offers this user (a party beyond one tee time only where groups are).
  fillSelect(
    $("players"),
    Array.from({ length: sheet.maxPlayers }, (_, i) => [i + 1, t("players_n", i + 1)]),
    sheet.players,
  );
  fillSelect(
    $("area"),
    [["any", t("anyArea")], ...sheet.areas.map((a) => [a.id, locale === "th" ? a.nameTH : a.name])],
    sheet.area,
  );
  fillSelect($("price"), [["", t("anyPrice")], ...PRICES.map((p) => [p, `≤ ${money(p * 100)}`])], sheet.maxBaht ?? "");
  $("dates").replaceChildren(
    ...sheet.dates.map((key) =>
      el(
        "button",
        {
          type: "button",
          class: "date",
          "aria-pressed": key === sheet.date ? "true" : "false",
          dataset: { date: key },
          onclick: () => {
            state.date = key;
            void load();
          },
        },
        day(key, { weekday: "short" }),
        el("b", {}, day(key, { day: "numeric" })),
        day(key, { month: "short" }),
      ),
    ),
  );
  $("dates").querySelector('[aria-pressed="true"]')?.scrollIntoView({ inline: "center", block: "nearest" });
}

/** An open cell: a tee time the party fits, the first of a group (`cell.group`), or one no group starts at (null). */
function openCell(row, cell) {
  const group = cell.group;
  const hint =
    group === undefined
      ? t("spots", cell.spots)
      : group === null
        ? t("noGroupCell")
        : t("teeTimes", group.slotIds.length);
  const onclick =
    group === undefined
      ? (event) => void pick(row, cell, event.currentTarget)
      : group === null
        ? () => {
            unselect();
            toast(t("noGroup", state.players, cell.time));
          }
        : () => select(row, cell);
  return el(
    "button",
    {
      type: "button",
      class: group === undefined ? "cell" : group === null ? "cell nogroup" : "cell group",
      dataset: { slot: cell.slotId, course: row.course.id, time: cell.time },
      onclick,
    },
    el("b", {}, cell.time),
    el("span", { class: "price" }, money(cell.price)),
    // Staff only, when a markup applies: the agency's cost under what the customer pays.
    cell.net !== undefined ? el("span", { class: "net" }, t("net", money(cell.net))) : null,
    el("span", { class: "spots" }, hint),
  );
}

function renderSheet(sheet) {
  const main = $("sheet");
  unselect();
  const rows = sheet.rows.map((row) => {
    const name = locale === "th" && row.course.nameTH ? row.course.nameTH : row.course.name;
    const cells = row.cells.map((cell) =>
      cell.open
        ? openCell(row, cell)
        : el(
            "button",
            { type: "button", class: "cell gone", disabled: true, "aria-label": `${cell.time} ${t("gone")}` },
            el("b", {}, cell.time),
            el("span", { class: "spots" }, t("gone")),
          ),
    );
    return el(
      "section",
      { class: "course", dataset: { course: row.course.id } },
      el("h2", { class: row.recent ? "recent" : undefined }, name),
      el("div", { class: "place" }, row.course.place),
      cells.length > 0 ? el("div", { class: "cells" }, ...cells) : el("div", { class: "none" }, t("none")),
    );
  });
  const notes = [];
  if (sheet.rows.some((row) => row.cells.some((cell) => cell.group !== undefined)))
    notes.push(el("p", { class: "note", id: "group-note" }, t("groupNote", sheet.players)));
  if (sheet.rows.length === 0) notes.push(el("p", { class: "note" }, t("empty")));
  if (sheet.failed.length > 0)
    notes.push(
      el(
        "p",
        { class: "note" },
        t("failed", sheet.failed.map((f) => (locale === "th" && f.nameTH ? f.nameTH : f.name)).join(", ")),
      ),
    );
  main.replaceChildren(
    ...notes.filter((n) => n.id === "group-note"),
    ...rows,
    ...notes.filter((n) => n.id !== "group-note"),
  );
  main.dataset.state = "ready";
}

/** A group's first tee time tapped: its cells marked as taken, and the bar that books them. */
function select(row, cell) {
  unselect();
  const section = document.querySelector(`section.course[data-course="${CSS.escape(row.course.id)}"]`);
  for (const id of cell.group.slotIds)
    section?.querySelector(`.cell[data-slot="${CSS.escape(id)}"]`)?.classList.add("taken");
  const { slotIds, times, split, total } = cell.group;
  $("pick-text").textContent = t(
    "groupPick",
    slotIds.length,
    cell.time,
    times.join(" · "),
    split.join("+"),
    cell.group.net !== undefined ? `${money(total)} (${t("net", money(cell.group.net))})` : money(total),
  );
  const go = $("pick-go");
  go.textContent = t("bookGroup");
  go.disabled = false;
  go.onclick = () => void pick(row, cell, go);
  $("pick").hidden = false;
}

function unselect() {
  for (const taken of document.querySelectorAll(".cell.taken")) taken.classList.remove("taken");
  $("pick").hidden = true;
}

/** The latest load's number: an answer to an earlier one (filters changed since) is dropped. */
let loads = 0;

async function load() {
  const mine = ++loads;
  $("sheet").dataset.state = "loading";
  const { status, json } = await call("api/sheet", {
    ...(state.date ? { date: state.date } : {}),
    part: state.part,
    players: state.players,
    area: state.area,
    maxBaht: state.maxBaht,
  });
  if (mine !== loads) return;
  if (status === 429 && state.sheet) {
    // Too fast: the sheet shown stays, with its filters, and the user is asked to wait a moment.
    toast(explain(status, json));
    const { date, part, players, area, maxBaht } = state.sheet;
    Object.assign(state, { date, part, players, area, maxBaht });
    renderChrome(state.sheet);
    $("sheet").dataset.state = "ready";
    return;
  }
  if (status !== 200) {
    $("sheet").replaceChildren(el("p", { class: "note" }, explain(status, json)));
    $("sheet").dataset.state = "refused";
    return;
  }
  locale = localeOf(json.locale);
  Object.assign(state, {
    date: json.date,
    part: json.part,
    players: json.players,
    area: json.area,
    maxBaht: json.maxBaht,
  });
  state.sheet = json;
  renderChrome(json);
  renderSheet(json);
}

async function pick(row, cell, button) {
  for (const b of document.querySelectorAll(".cell:not(.gone)")) b.disabled = true;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  // The filters go too: a group is proposed from the tee times the sheet showed, and must still be the same.
  const { status, json } = await call("api/pick", {
    courseId: row.course.id,
    date: state.date,
    slotId: cell.slotId,
    players: state.players,
    part: state.part,
    area: state.area,
    maxBaht: state.maxBaht,
    ...(cell.group ? { flights: cell.group.slotIds } : {}),
  });
  if (status === 200) {
    toast(t("sent"));
    $("sheet").dataset.state = "sent";
    postEvent("web_app_close");
    return;
  }
  toast(explain(status, json, cell.time));
  if (status === 429) {
    // Nothing changed: the cells can be tapped again once the user has waited.
    for (const b of document.querySelectorAll(".cell:not(.gone)")) b.disabled = false;
    button.disabled = false;
    button.removeAttribute("aria-busy");
    return;
  }
  await load();
}

$("filters").addEventListener("change", () => {
  state.part = $("part").value;
  state.players = Number($("players").value);
  state.area = $("area").value;
  state.maxBaht = $("price").value ? Number($("price").value) : null;
  void load();
});

applyTheme();
$("sheet").textContent = t("loading");
postEvent("web_app_ready");
postEvent("web_app_expand");
void load();
