/**
 * The agency's rule on agents' moves (set by an admin with /moverule): by default an agent's move to
 * another tee time waits for an admin's approval, since it spends a refund; the rule may let agents move
 * their own bookings alone. Read by the service's write rule (`writeRefusal`'s "move").
 */
import type { KvStore } from "../storage/index.js";

const KEY = "agency:agents-move-alone";

/** Whether agents approve their own bookings' moves themselves. */
export async function agentsMoveAlone(kv: Pick<KvStore, "get">): Promise<boolean> {
  return (await kv.get<boolean>(KEY)) === true;
}

/** Sets the rule. */
export async function setAgentsMoveAlone(kv: Pick<KvStore, "set">, alone: boolean): Promise<void> {
  await kv.set(KEY, alone);
}
