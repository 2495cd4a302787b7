import { GrammyError, HttpError, type Transformer } from "grammy";

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
