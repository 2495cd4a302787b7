import { isPartnerApiError } from "../../../partner/index.js";
import type { BotContext } from "../../context.js";

/** The partner error's localized text (never its raw message); rethrows anything else. */
export function partnerErrorText(ctx: BotContext, error: unknown): string {
  if (!isPartnerApiError(error)) throw error;
  return ctx.t(error.userMessageKey);
}
