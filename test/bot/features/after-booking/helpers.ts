import type { SimulatedUser } from "../../../../src/local/bot-api-server/index.js";
import type { Harness } from "../../../helpers/harness.js";
export { paidBooking } from "../../../helpers/flow.js";

/** Moves the world to `at` and runs one pass of reminders and the digest; waits for the bot to settle. */
export async function passAt(h: Harness, at: number): Promise<void> {
  h.clock.set(at);
  await h.app.afterBooking.tick();
  await h.settle();
}

/** The messages `user` received whose text contains `needle`. */
export function received(user: SimulatedUser, needle: string) {
  return user.messages().filter((m) => (m.text ?? m.caption ?? "").includes(needle));
}

export const HOUR = 60 * 60_000;
