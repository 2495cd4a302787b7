/**
 * The page's inline mode: typing `@bot query` sends an inline query as the identity and returns the
 * bot's results once it answered; picking one posts the card into the identity's chat via the bot.
 */
import type { BotApiServer, InlineAnswerRecord, SimulatedUser } from "../bot-api-server/index.js";
import { PlaygroundError } from "./http.js";

/** How long the page waits for the bot's answer (a query replaced by a newer keystroke gets none). */
const ANSWER_WAIT_MS = 5_000;

const newest = new Map<number, string>();

function view(queryId: string, answer: InlineAnswerRecord | undefined) {
  return {
    query_id: queryId,
    answered: answer !== undefined,
    results: (answer?.results ?? []).map((r) => ({ id: r.id, title: r.title ?? "", description: r.description ?? "" })),
    next_offset: answer?.next_offset ?? "",
    button: answer?.button ?? null,
  };
}

/** `POST /playground/inline { userId, query, offset? }`: the bot's answer, or `answered: false` when a newer query replaced it. */
export async function inlineQuery(telegram: BotApiServer, user: SimulatedUser, body: Record<string, unknown>) {
  const { query, offset = "" } = body;
  if (typeof query !== "string" || query.length > 256)
    throw new PlaygroundError(400, "query must be a string of at most 256 characters");
  if (typeof offset !== "string" || offset.length > 64)
    throw new PlaygroundError(400, "offset must be a string of at most 64 characters");
  const id = user.inlineQuery(query, offset);
  newest.set(user.user.id, id);
  const deadline = Date.now() + ANSWER_WAIT_MS;
  while (telegram.inlineAnswer(id) === undefined && newest.get(user.user.id) === id && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return view(id, telegram.inlineAnswer(id));
}

/** `POST /playground/choose { userId, queryId, resultId }`: the card is posted into the identity's chat. */
export function chooseResult(user: SimulatedUser, body: Record<string, unknown>) {
  const { queryId, resultId } = body;
  if (typeof queryId !== "string" || typeof resultId !== "string")
    throw new PlaygroundError(400, "queryId and resultId must be strings");
  try {
    return { message_id: user.chooseInlineResult(queryId, resultId, user.chatId).message_id };
  } catch (error) {
    throw new PlaygroundError(409, error instanceof Error ? error.message : String(error));
  }
}
