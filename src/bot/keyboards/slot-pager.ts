import { InlineKeyboard } from "grammy";
import { flowData } from "../callback-data.js";

export const SLOTS_PER_PAGE = 12;

export interface SlotButton {
  /** Index in the full, unfiltered slot list. */
  index: number;
  label: string;
}

/** One page of slot buttons (`shown`, page `page` of `pages`) two per row, then ‹ page › when needed. */
export function slotPagerKeyboard(
  nonce: string,
  shown: SlotButton[],
  page: number,
  pages: number,
  labels: { prev: string; next: string },
): InlineKeyboard {
  const current = Math.min(Math.max(page, 0), pages - 1);
  const kb = new InlineKeyboard();
  shown.forEach((s, i) => {
    kb.text(s.label, flowData(nonce, "s", s.index));
    if (i % 2 === 1) kb.row();
  });
  if (shown.length % 2 === 1) kb.row();
  if (pages > 1) {
    kb.text(current > 0 ? labels.prev : "·", current > 0 ? flowData(nonce, "sp", current - 1) : flowData(nonce, "x"));
    kb.text(`${current + 1}/${pages}`, flowData(nonce, "x"));
    kb.text(
      current < pages - 1 ? labels.next : "·",
      current < pages - 1 ? flowData(nonce, "sp", current + 1) : flowData(nonce, "x"),
    );
    kb.row();
  }
  return kb;
}

/** Slots per page after the part-of-day filter, for clamping the page number. */
export function slotPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / SLOTS_PER_PAGE));
}
