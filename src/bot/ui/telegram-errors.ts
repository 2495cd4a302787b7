import { GrammyError } from "grammy";

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

/** The callback query can no longer be answered. */
export function isQueryTooOld(error: unknown): boolean {
  return error instanceof GrammyError && /query is too old|query ID is invalid/i.test(error.description);
}

/** The user blocked the bot or deleted their account. */
export function isBlocked(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}
