/**
 * Telegram Bot API error descriptions, as the real server words them, plus the
 * `ApiError` the method handlers throw to produce an `{ ok: false }` response.
 *
 * Descriptions marked "approximated" are not verified against the real server;
 * they keep Telegram's "Bad Request: ..." form so that code matching on the
 * prefix behaves the same.
 */

/** Parameters Telegram attaches to some errors (`retry_after` on 429, `migrate_to_chat_id`). */
export interface ErrorParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

/** An error the fake server answers with: HTTP status = `error_code`. */
export class ApiError extends Error {
  constructor(
    readonly error_code: number,
    readonly description: string,
    readonly parameters?: ErrorParameters,
  ) {
    super(description);
    this.name = "ApiError";
  }
}

export const UNAUTHORIZED = "Unauthorized";
export const NOT_FOUND = "Not Found";

export const CHAT_ID_EMPTY = "Bad Request: chat_id is empty";
export const CHAT_NOT_FOUND = "Bad Request: chat not found";
export const BOT_BLOCKED = "Forbidden: bot was blocked by the user";

export const MESSAGE_TEXT_EMPTY = "Bad Request: message text is empty";
export const TEXT_MUST_BE_NON_EMPTY = "Bad Request: text must be non-empty";
export const MESSAGE_TOO_LONG = "Bad Request: message is too long";
export const CAPTION_TOO_LONG = "Bad Request: message caption is too long";
export const UNSUPPORTED_PARSE_MODE = "Bad Request: unsupported parse_mode";
/** Markdown modes are real Telegram features this fake does not implement; it fails loudly instead. */
export const PARSE_MODE_NOT_IMPLEMENTED =
  "Bad Request: unsupported parse_mode (the local Bot API server implements HTML only)";
export const CANT_PARSE_ENTITIES = "Bad Request: can't parse entities: ";

export const MESSAGE_NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
export const MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found";
export const MESSAGE_TO_DELETE_NOT_FOUND = "Bad Request: message to delete not found";
export const MESSAGE_CANT_BE_EDITED = "Bad Request: message can't be edited";
export const NO_TEXT_TO_EDIT = "Bad Request: there is no text in the message to edit";
export const MESSAGE_TO_REPLY_NOT_FOUND = "Bad Request: message to be replied not found";
export const MESSAGE_ID_INVALID = "Bad Request: message identifier is not specified";
/** approximated */
export const INLINE_MESSAGE_UNSUPPORTED = "Bad Request: inline_message_id is not supported by the local Bot API server";

export const QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid";

export const BUTTON_DATA_INVALID = "Bad Request: BUTTON_DATA_INVALID";
export const BUTTON_TEXT_INVALID = "Bad Request: BUTTON_TEXT_INVALID";
export const TEXT_BUTTONS_UNALLOWED =
  "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard";
export const BUTTON_TEXT_NOT_STRING =
  'Bad Request: can\'t parse inline keyboard button: Field "text" must be of type String';
/** approximated: Telegram silently picks one field; this server refuses ambiguous buttons. */
export const BUTTON_MANY_ACTIONS =
  "Bad Request: can't parse inline keyboard button: exactly one of the optional fields must be used";
export const INLINE_KEYBOARD_EXPECTED = "Bad Request: can't parse inline keyboard markup JSON object";
export const REPLY_MARKUP_INVALID = "Bad Request: can't parse reply keyboard markup JSON object";
/** approximated */
export const KEYBOARD_BUTTON_TEXT_EMPTY = "Bad Request: keyboard button text must be non-empty";

export const ENTITIES_INVALID = "Bad Request: can't parse entities JSON object";
export const ENTITY_TYPE_UNSUPPORTED = "Bad Request: can't parse MessageEntity: Unsupported type specified";

export const WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified";
export const FILE_MUST_BE_NON_EMPTY = "Bad Request: file must be non-empty";
export const DOCUMENT_AS_PHOTO = "Bad Request: can't use file of type Document as Photo";
/** approximated */
export const WRONG_LOCATION = "Bad Request: wrong latitude or longitude specified";
/** approximated */
export const VENUE_FIELDS_REQUIRED = "Bad Request: venue title and address must be non-empty";
export const WRONG_CHAT_ACTION = "Bad Request: wrong parameter action in request";

export const BOT_COMMAND_INVALID = "Bad Request: BOT_COMMAND_INVALID";
export const BOT_COMMAND_DESCRIPTION_INVALID = "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID";
export const COMMANDS_INVALID = "Bad Request: can't parse commands JSON object";
export const SCOPE_INVALID = "Bad Request: can't parse BotCommandScope JSON object";
export const MENU_BUTTON_INVALID = "Bad Request: can't parse menu button JSON object";

export const WEBHOOK_ACTIVE =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
export const POLL_CONFLICT =
  "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running";
export const BAD_WEBHOOK_URL = "Bad Request: bad webhook: An HTTPS URL must be provided for webhook";
export const SECRET_TOKEN_INVALID = "Bad Request: secret token contains unallowed characters";
export const SECRET_TOKEN_TOO_LONG = "Bad Request: secret token is too long";

/** `Too Many Requests: retry after N`, Telegram's 429 wording. */
export function tooManyRequests(retryAfter: number): string {
  return `Too Many Requests: retry after ${retryAfter}`;
}

/** Shorthand for a 400 `ApiError`. */
export function badRequest(description: string): ApiError {
  return new ApiError(400, description);
}

// answerInlineQuery (approximated: Telegram's own descriptions for these are not all verified).
export const RESULTS_TOO_MUCH = "Bad Request: RESULTS_TOO_MUCH";
export const RESULT_ID_INVALID = "Bad Request: RESULT_ID_INVALID";
export const RESULT_ID_DUPLICATE = "Bad Request: RESULT_ID_DUPLICATE";
export const RESULTS_INVALID = "Bad Request: can't parse inline query results JSON object";
export const RESULT_TYPE_UNSUPPORTED =
  "Bad Request: RESULT_TYPE_INVALID (the local Bot API server implements article results only)";
export const RESULT_TITLE_EMPTY = "Bad Request: RESULT_TITLE_EMPTY";
export const NEXT_OFFSET_INVALID = "Bad Request: NEXT_OFFSET_INVALID";
export const START_PARAM_INVALID = "Bad Request: START_PARAM_INVALID";
export const BUTTON_INVALID = "Bad Request: can't parse InlineQueryResultsButton JSON object";
