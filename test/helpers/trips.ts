/**
 * A trip taken through its screens to accepted: its agent opens it in /trips and taps Send to customer, the
 * lead customer opens the link the agent was given and taps Accept (the deposit's QR follows).
 */
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import { tapData } from "./flow.js";
import type { Harness } from "./harness.js";

export async function shareAndAccept(h: Harness, agent: SimulatedUser, lead: SimulatedUser, id: string): Promise<void> {
  agent.send("/trips");
  await h.settle();
  tapData(agent, new RegExp(`^tp:open:${id}$`));
  await h.settle();
  tapData(agent, new RegExp(`^tp:share:${id}$`));
  await h.settle();
  const link = agent.messages().findLast((m) => m.text?.includes("?start="))?.text ?? "";
  const token = /\?start=([A-Za-z0-9_-]+)/.exec(link)?.[1];
  if (!token) throw new Error(`no trip link in the agent's chat: ${link}`);
  lead.send(`/start ${token}`);
  await h.settle();
  tapData(lead, new RegExp(`^tp:accept:${id}$`));
  await h.settle();
}
