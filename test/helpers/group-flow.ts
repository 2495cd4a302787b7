/**
 * Driving a group booking (one party, several tee times) through the bot as an agent would: /book, the first course, a
 * date's first tee time, a party beyond one tee time (the proposal accepted as it is), the lead
 * golfer typed, the other names skipped, and (unless `pay` is false) Confirm.
 */
import { expect } from "vitest";
import type { GroupView } from "../../src/bookings/index.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import type { Harness } from "./harness.js";
import { panel, pickDate, tapData, tapWhenShown, tomorrow } from "./flow.js";

export interface GroupChoices {
  /** The party: 5–16 (the players step's 👥 buttons: 8, 12, 16 and the proposal's sizes). */
  players: number;
  /** Default tomorrow in Bangkok. */
  date?: string;
  /** The lead golfer. Default "Somchai Jaidee". */
  name?: string;
  /** Default true: Confirm and pay; false stops at the held summary. */
  pay?: boolean;
}

/** Books a group as `user` and returns it as the ledger holds it. */
export async function bookGroup(h: Harness, user: SimulatedUser, choices: GroupChoices): Promise<GroupView> {
  const name = choices.name ?? "Somchai Jaidee";
  user.send("/book");
  await h.settle();
  await tapWhenShown(user, /:c:0$/);
  await h.settle();
  await tapWhenShown(user, /:go$/);
  await h.settle();
  await pickDate(h, user, choices.date ?? tomorrow(h.clock()));
  await h.settle();
  tapData(user, /:s:\d+$/);
  await h.settle();
  await tapWhenShown(user, new RegExp(`:p:${choices.players}$`));
  await h.settle();
  tapData(user, /:next$/);
  await h.settle();
  if (panel(user).data.some((d) => d.endsWith(":nc"))) {
    tapData(user, /:nc$/);
    await h.settle();
  }
  for (const text of [name, "somchai@example.com", "081-234-5678"]) {
    user.send(text);
    await h.settle();
  }
  tapData(user, /:skip$/);
  await h.settle();
  if (choices.pay !== false) {
    tapData(user, /:ok$/);
    await h.settle();
  }
  const group = await h.app.storage.db
    .selectFrom("booking_groups")
    .selectAll()
    .where("customer_name", "=", name)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  expect(group, `${name}'s group recorded`).toBeDefined();
  const flights = await h.app.storage.db
    .selectFrom("bookings")
    .selectAll()
    .where("group_id", "=", group!.id)
    .orderBy("flight")
    .execute();
  if (choices.pay !== false)
    expect(
      flights.map((f) => f.state),
      `${name}'s group paid`,
    ).toEqual(flights.map(() => "PAID"));
  return { group: group!, flights };
}
