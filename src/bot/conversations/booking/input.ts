import type { Conversation } from "@grammyjs/conversations";
import { GLOBAL_DATA, parseFlowData } from "../../callback-data.js";
import type { BotContext, FlowContext } from "../../context.js";
import type { FlowAction } from "./actions.js";

export type Input =
  | { kind: "button"; action: FlowAction; arg: string | undefined; ctx: FlowContext }
  | { kind: "resume"; ctx: FlowContext }
  | { kind: "text"; text: string; ctx: FlowContext }
  | { kind: "contact"; phone: string; own: boolean; ctx: FlowContext };

export interface WaitSpec {
  nonce: string;
  /** Only buttons on this message count; older ones are expired. */
  panelId: number | undefined;
  /** The step takes typed text. */
  text: boolean;
  /** The step takes a shared contact. */
  contact: boolean;
}

function isCommand(ctx: FlowContext): boolean {
  return ctx.message?.entities?.some((e) => e.type === "bot_command" && e.offset === 0) ?? false;
}

/**
 * Waits for the next input this step accepts. Anything else is answered (expired button, "use the
 * buttons" hint) and skipped, so it never grows the conversation's stored log.
 */
export async function waitInput(conversation: Conversation<BotContext, FlowContext>, spec: WaitSpec): Promise<Input> {
  const ctx = await conversation.waitUntil(
    (c) => {
      const data = c.callbackQuery?.data;
      if (data !== undefined) {
        if (data === GLOBAL_DATA.resume) return true;
        const parsed = parseFlowData(data);
        return (
          parsed !== undefined && parsed.nonce === spec.nonce && c.callbackQuery?.message?.message_id === spec.panelId
        );
      }
      if (c.message?.contact) return spec.contact;
      if (c.message?.text !== undefined) return spec.text && !isCommand(c);
      return false;
    },
    {
      otherwise: async (c) => {
        if (c.callbackQuery) {
          await c.answerCallbackQuery({ text: c.t("menu-expired") });
        } else if (c.message) {
          await c.reply(c.t(spec.text ? "input-commands-hint" : "use-buttons-hint"));
        }
      },
    },
  );
  const data = ctx.callbackQuery?.data;
  if (data === GLOBAL_DATA.resume) return { kind: "resume", ctx };
  if (data !== undefined) {
    const parsed = parseFlowData(data);
    // Always parsed (the wait let nothing else through); `x` does nothing.
    return { kind: "button", action: parsed?.action ?? "x", arg: parsed?.arg, ctx };
  }
  const contact = ctx.message?.contact;
  if (contact) return { kind: "contact", phone: contact.phone_number, own: contact.user_id === ctx.from?.id, ctx };
  return { kind: "text", text: ctx.message?.text ?? "", ctx };
}
