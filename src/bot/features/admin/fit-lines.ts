/** Telegram's limit for a message's text. */
export const MESSAGE_LIMIT = 4096;

/**
 * Joins HTML lines into one message of at most 4096 characters: whole lines only, and a closing
 * `…and N more` line (already escaped by the caller) when some did not fit.
 */
export function fitLines(lines: readonly string[], more: (hidden: number) => string, limit = MESSAGE_LIMIT): string {
  const out: string[] = [];
  let length = 0;
  for (const [i, line] of lines.entries()) {
    const tail = i < lines.length - 1 ? more(lines.length - i - 1).length + 1 : 0;
    if (length + line.length + 1 + tail > limit) {
      out.push(more(lines.length - i));
      break;
    }
    out.push(line);
    length += line.length + 1;
  }
  return out.join("\n");
}
