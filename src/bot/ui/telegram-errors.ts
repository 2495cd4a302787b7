import { GrammyError, HttpError, type Transformer } from "grammy";
import { htmlToPlain } from "../format/html.js";

/** The Bot API refused a call (GrammyError) or could not be reached (HttpError): not a bug of fairway's. */
export function isTelegramFailure(error: unknown): boolean {
  return error instanceof GrammyError || error instanceof HttpError;
}

/** Telegram's answer when an edit would change nothing: not an error for fairway. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/** The message to edit or delete is gone (deleted by the user, or too old). */
export function isMessageGone(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    /message to (edit|delete) not found|message can't be (edited|deleted)|MESSAGE_ID_INVALID/i.test(error.description)
  );
}

/** Telegram refused a message's formatting ("Bad Request: can't parse entities: …"). */
export function isEntityParseError(error: unknown): error is GrammyError {
  return error instanceof GrammyError && isEntityParseRefusal(error);
}

function isEntityParseRefusal(answer: { error_code?: number; description?: string }): boolean {
  return answer.error_code === 400 && /can't parse entities/i.test(answer.description ?? "");
}

/** The user blocked the bot or deleted their account. */
export function isBlocked(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}

/**
 * API transformer: a button tap answered too late ("query is too old", e.g. after a slow partner call
 * or a restart) fails only the spinner's answer, never the tap's work. The failed answer is logged and
 * reported as done, so no handler ends early and no user gets "something went wrong" for it.
 * Installed on the bot's API and inside conversations, so handlers call `answerCallbackQuery` plainly.
 */
export function tolerateLateCallbackAnswers(log: (detail: { description: string }) => void): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (
      method === "answerCallbackQuery" &&
      !result.ok &&
      /query is too old|query ID is invalid/i.test(result.description)
    ) {
      log({ description: result.description });
      // answerCallbackQuery's result is `true`; the transformer's generic result type is `any` here.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-return
      return { ok: true, result: true } as Awaited<ReturnType<typeof prev>>;
    }
    return result;
  };
}

/** The text fields an HTML send carries, by method: what `plainTextOnEntityErrors` rewrites. */
const HTML_FIELDS: Readonly<Record<string, "text" | "caption">> = {
  sendMessage: "text",
  editMessageText: "text",
  sendPhoto: "caption",
  sendDocument: "caption",
  sendAnimation: "caption",
  sendVideo: "caption",
  sendAudio: "caption",
  sendVoice: "caption",
  editMessageCaption: "caption",
};

/**
 * API transformer: a message or caption sent as HTML that Telegram refuses for its entities ("can't
 * parse entities": a name nobody escaped) is never lost. It is sent again as plain text (the tags
 * removed, the entities decoded: `htmlToPlain`), and the refusal is logged (`log`: the method, the
 * chat and Telegram's description, never the text) as the bug it is.
 */
export function plainTextOnEntityErrors(
  log: (detail: { method: string; chatId: unknown; description: string }) => void,
): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (result.ok || !isEntityParseRefusal(result)) return result;
    const field = HTML_FIELDS[method];
    const sent = payload as Record<string, unknown>;
    const html = field ? sent[field] : undefined;
    if (!field || typeof html !== "string" || sent.parse_mode !== "HTML") return result;
    log({ method, chatId: sent.chat_id, description: result.description });
    const { parse_mode: _html, ...rest } = sent;
    return prev(method, { ...rest, [field]: htmlToPlain(html) } as typeof payload, signal);
  };
}
