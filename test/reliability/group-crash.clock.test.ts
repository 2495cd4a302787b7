import { describe, expect, it } from "vitest";
import type { App } from "../../src/app.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import {
  buttons,
  closeCrashWorld,
  restartInProcess,
  startCrashWorld,
  tapWhen,
  TOMORROW,
  until,
  waitText,
} from "../helpers/crash-world.js";
import { checkInvariants } from "../helpers/invariants.js";

/**
 * SIGKILL in the middle of groups (one party, several tee times): fairway's real entry point in a child process, four
 * agents each holding or paying a three-tee-time group, each left at a different instant — the second
 * reserve in flight, the third confirm not applied (killed between the second and third confirm), the
 * third confirm applied with its answer lost, and the holds shown. fairway starts again on the same
 * database (in this process, on a clock the test moves): every flight ends paid once or released, no
 * hold outlives its group's hold time, each agent is told what became of the group in one message,
 * and the ledger, the partner and the balance agree to the satang (the invariant checker, groups too).
 * Two more kills cover the other steps (the first and third reserve, the first confirm, the second
 * confirm applied with its answer lost) and a group's releases in flight (its third hold refused; its
 * agent's Cancel).
 */

const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const RELEASE = /^\/api\/v1\/ext\/order\/[^/]+\/cancel$/;

/** /book → course `pick` → tomorrow → its first tee time → a party of 12 → the proposal → the lead golfer → names skipped: up to `stop`. */
async function driveGroup(user: SimulatedUser, pick: number, stop: "details" | "held"): Promise<void> {
  user.send("/book");
  await waitText(user, "Choose a golf course");
  await tapWhen(user, new RegExp(`:c:${pick}$`));
  await tapWhen(user, /:go$/);
  await tapWhen(user, TOMORROW);
  await tapWhen(user, /:s:\d+$/);
  await tapWhen(user, /:p:12$/);
  await waitText(user, "12 players over 3 tee times");
  await tapWhen(user, /:next$/);
  await waitText(user, "Customer's full name");
  user.send(`Golfer ${"abcd"[pick]!.toUpperCase()}lpha`);
  await waitText(user, "Customer's e-mail");
  user.send(`golfer${user.chatId}@example.com`);
  await waitText(user, "Customer's mobile number");
  user.send("081-234-5678");
  await waitText(user, "Names of the other players");
  if (stop === "details") return;
  await tapWhen(user, /:skip$/);
  await waitText(user, "Your 3 tee times are on hold");
}

async function groupOf(app: App, userId: number) {
  const [g] = await app.bookings.listGroupsForUser(userId);
  return g ? app.bookings.getGroup(g.id) : undefined;
}

describe("SIGKILL in the middle of a three-tee-time group", () => {
  it("killed during the 2nd reserve, between the 2nd and 3rd confirm, after the 3rd confirm applied, and with holds shown: each group ends paid once or released, told once; ledger, partner and balance agree", async () => {
    const HOLDING = 9301; // the second reserve in flight
    const BETWEEN = 9302; // two confirms answered, the third never applied
    const LOST = 9303; // the third confirm applied, its answer lost
    const SHOWN = 9304; // the holds shown, Confirm never tapped
    const ids = [HOLDING, BETWEEN, LOST, SHOWN];
    const w = await startCrashWorld(ids);
    let app: App | undefined;
    try {
      const child = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });
      await Promise.all([
        driveGroup(u(HOLDING), 0, "details"),
        driveGroup(u(BETWEEN), 1, "held"),
        driveGroup(u(LOST), 2, "held"),
        driveGroup(u(SHOWN), 3, "held"),
      ]);
      expect(w.sandbox.reservations()).toHaveLength(9);
      const pending = (path: RegExp, kind: string) => () =>
        w.sandbox.requests.some((r) => path.test(r.path) && r.status === 0 && r.fault === kind);

      // One at a time, so each rule's count of matching requests is that agent's.
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "hang", skip: 1 });
      await tapWhen(u(HOLDING), /:skip$/);
      await until("the 2nd reserve in flight", pending(RESERVE, "hang"), 10_000);
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "hang", skip: 2 });
      await tapWhen(u(BETWEEN), /:ok$/);
      await until("the 3rd confirm in flight, not applied", pending(CONFIRM, "hang"), 10_000);
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-hang", skip: 2 });
      await tapWhen(u(LOST), /:ok$/);
      await until("the 3rd confirm applied, its answer lost", pending(CONFIRM, "apply-then-hang"), 10_000);

      await child.crash();
      w.clock.stop();
      w.sandbox.faults.clear();
      const paidAtKill = w.sandbox.reservations().filter((r) => r.status === "PAID").length;
      expect(paidAtKill).toBe(5); // BETWEEN's two, LOST's three
      const confirmsAtKill = w.sandbox.count("POST", CONFIRM);
      expect(confirmsAtKill).toBe(6);

      app = (await restartInProcess(w)).app;
      // Resumed, the interrupted confirm is never sent again: Confirm says it is being confirmed.
      u(BETWEEN).send("/book");
      const prompt = await tapWhen(u(BETWEEN), /^g:resume$/);
      await until("the resumed summary", () => {
        const b = buttons(u(BETWEEN));
        return (b.messageId ?? 0) >= prompt && b.data.some((d) => /:(ok|retry)$/.test(d));
      });
      await tapWhen(u(BETWEEN), /:(ok|retry)$/);
      await waitText(u(BETWEEN), "already being confirmed");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(confirmsAtKill);

      // A minute on, the reaper reads back the writes the kill cut off, then settles the groups.
      w.clock.advance(61_000);
      await app.reaper.tick();
      w.clock.advance(11_000);
      await app.reaper.tick();
      const holding = (await groupOf(app, HOLDING))!;
      expect(holding.group.state).toBe("RELEASED");
      expect(holding.flights.map((f) => f.state)).toEqual(["RELEASED", "RESERVE_UNKNOWN", "RELEASED"]);
      const between = (await groupOf(app, BETWEEN))!;
      expect(between.group.state).toBe("PARTIAL");
      expect(between.flights.map((f) => f.state)).toEqual(["PAID", "PAID", "RELEASED"]);
      const lost = (await groupOf(app, LOST))!;
      expect(lost.group.state).toBe("PAID");
      expect(lost.flights.map((f) => f.state)).toEqual(["PAID", "PAID", "PAID"]);
      // Each agent is told once, in one message, which tee times are paid.
      const told = await waitText(u(BETWEEN), "was only partly paid");
      expect(told).toMatch(/2 of 3 tee times are booked/);
      expect(told.match(/✅ paid/g)).toHaveLength(2);
      expect(told.match(/✖️ released/g)).toHaveLength(1);
      await waitText(u(LOST), "is confirmed, every tee time paid");
      await waitText(u(HOLDING), "fairway was interrupted while holding or releasing them");
      // Try again on the resumed panel now shows the truth, and pays nothing more.
      await tapWhen(u(BETWEEN), /:retry$/);
      await waitText(u(BETWEEN), "The payment stopped midway: 2 of 3 tee times are booked and paid");
      expect(w.sandbox.count("POST", CONFIRM)).toBe(confirmsAtKill);

      // The holds shown at the kill: released together by the end of their hold time.
      const shown = (await groupOf(app, SHOWN))!;
      const ends = Math.min(...shown.flights.map((f) => f.hold_expires_at!));
      w.clock.set(ends - 1_000);
      await app.reaper.tick();
      const released = (await groupOf(app, SHOWN))!;
      expect(released.group.state).toBe("RELEASED");
      for (const f of released.flights) {
        const history = await app.bookings.history(f.id);
        expect(history.find((e) => e.to_state === "RELEASED")!.at).toBeLessThanOrEqual(f.hold_expires_at!);
      }
      await waitText(u(SHOWN), "were not confirmed in time");
      for (const id of ids)
        expect(
          u(id)
            .messages()
            .filter((m) => /your group at/i.test(m.text ?? "")),
          `one notice for ${id}`,
        ).toHaveLength(1);

      // Money: every reservation confirmed at most once; ledger, partner and balance agree.
      for (const r of w.sandbox.reservations())
        expect(r.history.filter((h) => h.reason === "confirm").length).toBeLessThanOrEqual(1);
      expect(w.sandbox.reservations().filter((r) => r.status === "PENDING")).toEqual([]);
      const report = await checkInvariants({
        sandbox: w.sandbox,
        db: app.storage.db,
        now: w.clock,
        balanceBase: w.initialBalance,
      });
      expect(report.orphans).toEqual([]);
    } finally {
      await closeCrashWorld(w, app);
    }
  }, 180_000);

  it("killed while a group's release is in flight (the third hold refused; the agent's Cancel): after restart every flight is released, each agent told once; ledger, partner and balance agree", async () => {
    const REFUSED = 9311; // the third reserve refused: the two holds' releases in flight
    const CANCELLED = 9312; // the held group cancelled by its agent: the three releases in flight
    const ids = [REFUSED, CANCELLED];
    const w = await startCrashWorld(ids);
    let app: App | undefined;
    try {
      const child = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });
      await Promise.all([driveGroup(u(REFUSED), 0, "details"), driveGroup(u(CANCELLED), 1, "held")]);
      expect(w.sandbox.reservations()).toHaveLength(3);
      const hanging = (path: RegExp) => () =>
        w.sandbox.requests.filter((r) => path.test(r.path) && r.status === 0 && r.fault === "hang").length;

      // Every release from now on hangs, never applied, until the process dies.
      w.sandbox.faults.add({ method: "DELETE", path: RELEASE, kind: "hang", times: 100 });
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "status", status: 409, skip: 2 });
      await tapWhen(u(REFUSED), /:skip$/);
      await until("the two holds' releases in flight", () => hanging(RELEASE)() === 2, 10_000);
      await tapWhen(u(CANCELLED), /:cancel$/);
      await until("the three releases of the cancelled group in flight", () => hanging(RELEASE)() === 5, 10_000);

      await child.crash();
      w.clock.stop();
      w.sandbox.faults.clear();
      expect(w.sandbox.reservations().map((r) => r.status)).toEqual([
        "PENDING",
        "PENDING",
        "PENDING",
        "PENDING",
        "PENDING",
      ]);

      app = (await restartInProcess(w)).app;
      // A minute on, the reaper reads the releases the kill cut off back (never applied), and finishes them.
      for (let pass = 0; pass < 3; pass++) {
        w.clock.advance(61_000);
        await app.reaper.tick();
      }
      expect(w.sandbox.reservations().map((r) => r.status)).toEqual(["CANCEL", "CANCEL", "CANCEL", "CANCEL", "CANCEL"]);
      for (const id of ids) {
        const view = (await groupOf(app, id))!;
        expect(view.group.state, `${id}'s group`).toBe("RELEASED");
        expect(
          view.flights.filter((f) => f.reservation_id !== null).map((f) => f.state),
          `${id}'s holds`,
        ).toEqual(view.flights.filter((f) => f.reservation_id !== null).map(() => "RELEASED"));
        // Released within the hold time.
        for (const f of view.flights.filter((x) => x.hold_expires_at !== null)) {
          const history = await app.bookings.history(f.id);
          expect(history.find((e) => e.to_state === "RELEASED")!.at).toBeLessThanOrEqual(f.hold_expires_at!);
        }
      }
      // Each agent is told once that the group's holds are released and nothing was charged.
      for (const id of ids) {
        await waitText(u(id), "fairway was interrupted while holding or releasing them");
        expect(
          u(id)
            .messages()
            .filter((m) => /your group at/i.test(m.text ?? "")),
          `one notice for ${id}`,
        ).toHaveLength(1);
      }
      expect(w.sandbox.count("POST", CONFIRM)).toBe(0);
      expect(w.sandbox.balance()).toBe(w.initialBalance);
      const report = await checkInvariants({
        sandbox: w.sandbox,
        db: app.storage.db,
        now: w.clock,
        balanceBase: w.initialBalance,
      });
      expect(report.orphans).toEqual([]);
    } finally {
      await closeCrashWorld(w, app);
    }
  }, 180_000);

  it("killed at the other steps (the 1st and the 3rd reserve, the 1st confirm, the 2nd confirm applied with its answer lost): each group ends paid once or released, told once; ledger, partner and balance agree", async () => {
    const FIRST_RESERVE = 9321; // the first reserve in flight, never applied
    const THIRD_RESERVE = 9322; // two holds made, the third reserve in flight
    const FIRST_CONFIRM = 9323; // the balance read, the first confirm in flight, never applied
    const SECOND_LOST = 9324; // the first confirm paid, the second applied with its answer lost
    const ids = [FIRST_RESERVE, THIRD_RESERVE, FIRST_CONFIRM, SECOND_LOST];
    const w = await startCrashWorld(ids);
    let app: App | undefined;
    try {
      const child = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });
      await Promise.all([
        driveGroup(u(FIRST_RESERVE), 0, "details"),
        driveGroup(u(THIRD_RESERVE), 1, "details"),
        driveGroup(u(FIRST_CONFIRM), 2, "held"),
        driveGroup(u(SECOND_LOST), 3, "held"),
      ]);
      expect(w.sandbox.reservations()).toHaveLength(6);
      const pending = (path: RegExp, kind: string) => () =>
        w.sandbox.requests.filter((r) => path.test(r.path) && r.status === 0 && r.fault === kind).length;

      // One at a time, so each rule's count of matching requests is that agent's.
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "hang" });
      await tapWhen(u(FIRST_RESERVE), /:skip$/);
      await until("the 1st reserve in flight", () => pending(RESERVE, "hang")() === 1, 10_000);
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "hang", skip: 2 });
      await tapWhen(u(THIRD_RESERVE), /:skip$/);
      await until("the 3rd reserve in flight", () => pending(RESERVE, "hang")() === 2, 10_000);
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "hang" });
      await tapWhen(u(FIRST_CONFIRM), /:ok$/);
      await until("the 1st confirm in flight", () => pending(CONFIRM, "hang")() === 1, 10_000);
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-hang", skip: 1 });
      await tapWhen(u(SECOND_LOST), /:ok$/);
      await until(
        "the 2nd confirm applied, its answer lost",
        () => pending(CONFIRM, "apply-then-hang")() === 1,
        10_000,
      );

      await child.crash();
      w.clock.stop();
      w.sandbox.faults.clear();
      expect(w.sandbox.reservations().filter((r) => r.status === "PAID")).toHaveLength(2); // SECOND_LOST's two
      const confirmsAtKill = w.sandbox.count("POST", CONFIRM);

      app = (await restartInProcess(w)).app;
      // Minutes on, the reaper reads back the writes the kill cut off, then settles the groups.
      for (let pass = 0; pass < 3; pass++) {
        w.clock.advance(61_000);
        await app.reaper.tick();
      }
      const states = async (id: number) => {
        const view = (await groupOf(app!, id))!;
        return { group: view.group.state, flights: view.flights.map((f) => f.state) };
      };
      expect(await states(FIRST_RESERVE)).toMatchObject({ group: "RELEASED" });
      expect((await states(FIRST_RESERVE)).flights[0]).toBe("RESERVE_UNKNOWN");
      expect(await states(THIRD_RESERVE)).toEqual({
        group: "RELEASED",
        flights: ["RELEASED", "RELEASED", "RESERVE_UNKNOWN"],
      });
      expect(await states(FIRST_CONFIRM)).toEqual({ group: "RELEASED", flights: ["RELEASED", "RELEASED", "RELEASED"] });
      expect(await states(SECOND_LOST)).toEqual({ group: "PARTIAL", flights: ["PAID", "PAID", "RELEASED"] });
      expect(w.sandbox.count("POST", CONFIRM), "no confirm sent again").toBe(confirmsAtKill);
      expect(w.sandbox.reservations().filter((r) => r.status === "PENDING")).toEqual([]);

      // Each agent is told once what became of the group.
      await waitText(u(SECOND_LOST), "was only partly paid");
      for (const id of [FIRST_RESERVE, THIRD_RESERVE, FIRST_CONFIRM])
        await waitText(u(id), "fairway was interrupted while holding or releasing them");
      for (const id of ids)
        expect(
          u(id)
            .messages()
            .filter((m) => /your group at/i.test(m.text ?? "")),
          `one notice for ${id}`,
        ).toHaveLength(1);

      for (const r of w.sandbox.reservations())
        expect(r.history.filter((h) => h.reason === "confirm").length).toBeLessThanOrEqual(1);
      const report = await checkInvariants({
        sandbox: w.sandbox,
        db: app.storage.db,
        now: w.clock,
        balanceBase: w.initialBalance,
      });
      expect(report.orphans).toEqual([]);
    } finally {
      await closeCrashWorld(w, app);
    }
  }, 180_000);
});
