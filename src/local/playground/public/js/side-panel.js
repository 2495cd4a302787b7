/**
 * The side panel: the partner sandbox's credit balance and reservations (status,
 * code, amount, course, tee time), refreshed live from the `state` events; a paid one has the course's
 * buttons (cancel, refund, close the day, move the tee time); and, when the slip check asks the local
 * stand-in, the Customer's slip buttons.
 */
import { post } from "./api.js";
import { baht, byId, clear, h } from "./dom.js";

const SLOT = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Bangkok",
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** @type {string | null} */
let lastBalance = null;

/**
 * Renders the state view (`{ available: true, state }` or `{ available: false, reason }`).
 * @param {any} view
 */
export function renderSandbox(view) {
  const balance = byId("balance");
  const list = byId("reservations");
  const note = byId("sandbox-note");
  const count = byId("reservation-count");
  clear(list);
  if (!view || !view.available) {
    balance.textContent = "—";
    count.textContent = "";
    note.textContent = view?.reason ?? "Waiting for the sandbox…";
    note.hidden = false;
    return;
  }
  const state = view.state;
  const shown = baht(Number(state.balance ?? 0));
  if (lastBalance !== null && lastBalance !== shown) {
    balance.classList.remove("changed");
    void balance.offsetWidth;
    balance.classList.add("changed");
  }
  lastBalance = shown;
  balance.textContent = shown;
  byId("requests").textContent = `${state.requests?.total ?? 0} partner API requests · seed ${state.seed ?? "?"}`;
  const rules = Array.isArray(state.faults?.rules) ? state.faults.rules : [];
  byId("fail-pending").textContent =
    rules.length > 0 ? `Waiting to refuse: ${rules.map((r) => operationOf(r)).join(", ")}` : "";
  const reservations = Array.isArray(state.reservations) ? [...state.reservations].reverse() : [];
  count.textContent = reservations.length > 0 ? String(reservations.length) : "";
  note.hidden = reservations.length > 0;
  note.textContent = "No reservations yet. Book a tee time as the Agent, and it appears here.";
  for (const r of reservations) list.appendChild(reservationCard(r));
}

/** @param {any} r a sandbox ReservationRecord */
function reservationCard(r) {
  const status = String(r.status ?? "?");
  const golfers = `${r.persons} golfer${r.persons === 1 ? "" : "s"}`;
  return h(
    "li",
    { class: "reservation", dataset: { status, code: r.code ?? "" } },
    h(
      "div",
      { class: "reservation-top" },
      h("span", { class: `status status-${status.toLowerCase()}` }, status),
      h("span", { class: "code mono" }, r.code ?? ""),
      h("span", { class: "amount" }, baht(Number(r.amount ?? 0))),
    ),
    h("div", { class: "reservation-course" }, r.courseName ?? r.courseId ?? ""),
    h(
      "div",
      { class: "reservation-sub" },
      `${typeof r.slotTime === "number" ? SLOT.format(new Date(r.slotTime)) : ""} · ${golfers}`,
    ),
    h("div", { class: "reservation-sub" }, r.customerName ?? ""),
    (status === "REFUND" || status === "CANCEL") && typeof r.refundedAmount === "number"
      ? h(
          "div",
          { class: "reservation-sub refund" },
          `${r.endedByCourse ? "Ended by the course, refunded" : "Refunded"} ${baht(r.refundedAmount)}`,
        )
      : null,
    status === "PAID" ? courseButtons(r) : null,
  );
}

/**
 * What the course can do to a paid reservation on its own: cancel it, refund it, close its whole day,
 * move its tee time (`POST /playground/course/<knob>`, passed on to the sandbox).
 * @param {any} r a sandbox ReservationRecord
 */
function courseButtons(r) {
  const day = typeof r.slotTime === "number" ? new Date(r.slotTime + 7 * 3_600_000).toISOString().slice(0, 10) : "";
  /** @param {string} label @param {string} knob @param {object} body */
  const button = (label, knob, body) =>
    h(
      "button",
      {
        type: "button",
        dataset: { knob },
        onclick: () => {
          void post(`/playground/course/${knob}`, body).catch((error) => {
            byId("fail-pending").textContent = String(error.message ?? error);
          });
        },
      },
      label,
    );
  return h(
    "div",
    { class: "fail-next course-side", role: "group", "aria-label": "The course changes this reservation" },
    button("course cancels", "end", { reservationId: r.id, status: "CANCEL" }),
    button("course refunds", "end", { reservationId: r.id, status: "REFUND" }),
    button("close the day", "close-day", { courseId: r.courseId, date: day }),
    button("move tee time", "tee-time", { reservationId: r.id }),
  );
}

/** @param {{ method?: string, path?: string }} rule */
function operationOf(rule) {
  const path = String(rule.path ?? "");
  for (const name of ["reserve", "confirm", "refund", "cancel"]) if (path.includes(name)) return name;
  return `${rule.method ?? ""} ${path}`.trim();
}

/** The "Make the partner refuse" buttons: each sets a one-time refusal of that call on the sandbox. */
export function wireFailNext() {
  for (const button of byId("fail-next").querySelectorAll("button")) {
    button.addEventListener("click", () => {
      const operation = button.dataset.operation;
      void post("/playground/fail-next", { operation }).catch((error) => {
        byId("fail-pending").textContent = String(error.message ?? error);
      });
    });
  }
}

/**
 * The "Pay as the Customer" buttons: each sends the Customer a slip of its kind for their last PromptPay QR
 * (`POST /playground/slip`); shown only when the slip check asks the local stand-in (the snapshot says so).
 * @param {any} snapshot the page's snapshot
 * @param {() => void} onSent called once the slip is sent (the page shows the Customer's chat)
 */
export function wireSlips(snapshot, onSent) {
  const section = byId("slip-section");
  const customer = (snapshot.identities ?? []).find((/** @type {any} */ i) => i.key === "customer");
  section.hidden = !snapshot.slipCheckStandIn || !customer;
  if (section.hidden || section.dataset.wired) return;
  section.dataset.wired = "1";
  for (const button of byId("slips").querySelectorAll("button")) {
    button.addEventListener("click", () => {
      const kind = button.dataset.slip;
      post("/playground/slip", { userId: customer.id, kind })
        .then((/** @type {any} */ sent) => {
          byId("slip-pending").textContent = `Sent: ${button.textContent} (bank reference ${sent.transRef})`;
          onSent();
        })
        .catch((error) => {
          byId("slip-pending").textContent = String(error.message ?? error);
        });
    });
  }
}
