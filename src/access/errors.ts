/**
 * A write the service's access rule refuses (`writeRefusal`): thrown by the booking service before any
 * partner call, whatever screen, callback or replay asked. The screens offer only what is allowed, so a
 * user meets it only through forged or stale data; the bot answers it with a localized refusal.
 */
import type { WriteRefusal, WriteRequest } from "./roles.js";

export class AccessRefusedError extends Error {
  override readonly name = "AccessRefusedError";
  constructor(
    readonly reason: WriteRefusal,
    readonly request: Pick<WriteRequest, "kind" | "actorId">,
  ) {
    super(`${request.kind} refused for user ${request.actorId}: ${reason}`);
  }
}

export function isAccessRefused(error: unknown): error is AccessRefusedError {
  return error instanceof AccessRefusedError;
}
