import { InlineKeyboard } from "grammy";
import { flowData } from "../callback-data.js";
import { truncate } from "../format/html.js";

export const COURSES_PER_PAGE = 6;

/**
 * One course button per row (`names`: the page's courses, the first at index `start` of `total`),
 * then ‹ page › when there is more than one page.
 */
export function coursePagerKeyboard(
  nonce: string,
  names: string[],
  at: { start: number; total: number },
  labels: { prev: string; next: string },
): InlineKeyboard {
  const { start, total } = at;
  const pages = Math.max(1, Math.ceil(total / COURSES_PER_PAGE));
  const current = Math.min(Math.floor(start / COURSES_PER_PAGE), pages - 1);
  const kb = new InlineKeyboard();
  names.forEach((name, i) => {
    kb.text(truncate(name, 48), flowData(nonce, "c", start + i)).row();
  });
  if (pages > 1) {
    kb.text(
      current > 0 ? labels.prev : "·",
      flowData(nonce, current > 0 ? "cp" : "x", current > 0 ? current - 1 : undefined),
    );
    kb.text(`${current + 1}/${pages}`, flowData(nonce, "x"));
    kb.text(
      current < pages - 1 ? labels.next : "·",
      flowData(nonce, current < pages - 1 ? "cp" : "x", current < pages - 1 ? current + 1 : undefined),
    );
    kb.row();
  }
  return kb;
}
