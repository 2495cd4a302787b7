import { describe, expect, it } from "vitest";
import type { App } from "../../src/app.js";
import {
  buttons,
  closeCrashWorld,
  driveTo,
  restartInProcess,
  startCrashWorld,
  tapWhen,
  TOMORROW,
  until,
  waitText,
  type Step,
} from "../helpers/crash-world.js";
import { checkInvariants, type InvariantReport } from "../helpers/invariants.js";

/**
 * SIGKILL, not a polite stop: fairway's real entry point (`src/main.ts`) runs in a child process with
 * many agents, each left at a different step of a booking or at a different instant around a partner
 * call; the process is killed once, and fairway starts again on the same database. The conversation
 * must resume (the same panel works) or restart cleanly (a kind message, /book works), the sandbox must
 * have seen at most one reserve and one confirm per booking, and every hold fairway created must end
 * paid or released within HOLD_MINUTES (the restarted reaper runs on an injected clock). The documented
 * exception, a reserve whose answer was lost, is checked to leave only those holds behind.
 */

const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const RELEASE = /^\/api\/v1\/ext\/order\/[^/]+\/cancel$/;

async function bookingOf(app: App, userId: number) {
  const [b] = await app.bookings.listForUser(userId);
  return b;
}

/** Every booking that ever held: paid, or released no later than its hold's end (fairway's clock). */
async function expectHoldsEndedInTime(app: App): Promise<number> {
  const rows = await app.storage.db
    .selectFrom("bookings")
    .selectAll()
    .where("hold_expires_at", "is not", null)
    .execute();
  for (const b of rows) {
    expect(["PAID", "RELEASED"], `booking ${b.id} of ${b.user_id}`).toContain(b.state);
    if (b.state === "RELEASED") {
      const history = await app.bookings.history(b.id);
      const released = history.find((e) => e.to_state === "RELEASED");
      expect(released!.at, `booking ${b.id} of ${b.user_id} released late`).toBeLessThanOrEqual(b.hold_expires_at!);
    }
  }
  return rows.length;
}

describe.concurrent("SIGKILL at every step of a booking and around every partner call", () => {
  it("one kill, eighteen agents at different instants: each resumes or restarts cleanly; writes never repeated; no hold outlives HOLD_MINUTES", async () => {
    // Agents left at a step (idle, the panel shown), or with a partner call in flight.
    const AT_STEP: Record<Step, number> = {
      course: 9101,
      info: 9102,
      date: 9103,
      slots: 9104,
      players: 9105,
      name: 9106,
      email: 9107,
      mobile: 9108,
      held: 9109,
    };
    const HELD_ALONE = 9110;
    const TEE_TIMES_IN_FLIGHT = 9111;
    const RESERVE_NOT_APPLIED = 9112;
    const RESERVE_APPLIED_LOST = 9113;
    const RESERVE_DELAYED = 9114;
    const CONFIRM_NOT_APPLIED = 9115;
    const CONFIRM_APPLIED_LOST = 9116;
    const RELEASE_NOT_APPLIED = 9117;
    const RELEASE_APPLIED_LOST = 9118;
    const ids = [
      ...Object.values(AT_STEP),
      HELD_ALONE,
      TEE_TIMES_IN_FLIGHT,
      RESERVE_NOT_APPLIED,
      RESERVE_APPLIED_LOST,
      RESERVE_DELAYED,
      CONFIRM_NOT_APPLIED,
      CONFIRM_APPLIED_LOST,
      RELEASE_NOT_APPLIED,
      RELEASE_APPLIED_LOST,
    ];
    const w = await startCrashWorld(ids);
    let app: App | undefined;
    try {
      const child = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });

      // 1. Everyone to their place at once (no faults yet).
      const places: [number, Step][] = [
        ...(Object.entries(AT_STEP) as [Step, number][]).map(([step, id]) => [id, step] as [number, Step]),
        [HELD_ALONE, "held"],
        [TEE_TIMES_IN_FLIGHT, "date"],
        [RESERVE_NOT_APPLIED, "mobile"],
        [RESERVE_APPLIED_LOST, "mobile"],
        [RESERVE_DELAYED, "mobile"],
        [CONFIRM_NOT_APPLIED, "held"],
        [CONFIRM_APPLIED_LOST, "held"],
        [RELEASE_NOT_APPLIED, "held"],
        [RELEASE_APPLIED_LOST, "held"],
      ];
      await Promise.all(places.map(([id, step], i) => driveTo(u(id), step, i)));
      const heldBefore = w.sandbox.reservations().length;
      expect(heldBefore).toBe(6);

      // 2. One partner call each, left in flight at a chosen instant.
      const inFlight = async (
        id: number,
        rule: Parameters<typeof w.sandbox.faults.add>[0],
        act: () => void,
        reached: () => boolean,
      ) => {
        w.sandbox.faults.add(rule);
        act();
        await until(`the call of ${id} at the sandbox`, reached, 10_000);
      };
      const pending = (method: string, path: RegExp, kind?: string) => () =>
        w.sandbox.requests.some(
          (r) =>
            r.method === method &&
            path.test(r.path) &&
            r.status === 0 &&
            (kind === undefined ? r.fault === undefined : r.fault === kind),
        );
      await inFlight(
        TEE_TIMES_IN_FLIGHT,
        { method: "GET", path: /\/tee-time$/, kind: "hang" },
        () => void tapWhen(u(TEE_TIMES_IN_FLIGHT), TOMORROW),
        pending("GET", /\/tee-time$/, "hang"),
      );
      await inFlight(
        RESERVE_NOT_APPLIED,
        { method: "POST", path: RESERVE, kind: "hang" },
        () => u(RESERVE_NOT_APPLIED).send("081-234-5678"),
        pending("POST", RESERVE, "hang"),
      );
      await inFlight(
        RESERVE_APPLIED_LOST,
        { method: "POST", path: RESERVE, kind: "apply-then-hang" },
        () => u(RESERVE_APPLIED_LOST).send("081-234-5678"),
        pending("POST", RESERVE, "apply-then-hang"),
      );
      await inFlight(
        CONFIRM_NOT_APPLIED,
        { method: "POST", path: CONFIRM, kind: "hang" },
        () => void tapWhen(u(CONFIRM_NOT_APPLIED), /:ok$/),
        pending("POST", CONFIRM, "hang"),
      );
      await inFlight(
        CONFIRM_APPLIED_LOST,
        { method: "POST", path: CONFIRM, kind: "apply-then-hang" },
        () => void tapWhen(u(CONFIRM_APPLIED_LOST), /:ok$/),
        pending("POST", CONFIRM, "apply-then-hang"),
      );
      await inFlight(
        RELEASE_NOT_APPLIED,
        { method: "DELETE", path: RELEASE, kind: "hang" },
        () => void tapWhen(u(RELEASE_NOT_APPLIED), /:cancel$/),
        pending("DELETE", RELEASE, "hang"),
      );
      await inFlight(
        RELEASE_APPLIED_LOST,
        { method: "DELETE", path: RELEASE, kind: "apply-then-hang" },
        () => void tapWhen(u(RELEASE_APPLIED_LOST), /:cancel$/),
        pending("DELETE", RELEASE, "apply-then-hang"),
      );
      // Last: a reserve still on its way to the partner (delayed), which the partner applies after the crash.
      w.sandbox.faults.set({ latencyMs: 1_500 });
      u(RESERVE_DELAYED).send("081-234-5678");
      await until("the delayed reserve", pending("POST", RESERVE), 10_000);
      const panelsBefore = new Map(ids.map((id) => [id, buttons(u(id))]));

      // 3. SIGKILL. The world's clock stops with the process: what step 4 checks (a write cut off by the
      // crash is still within its window) must not depend on how long this machine takes to get there;
      // step 5 moves the clock on explicitly.
      await child.crash();
      w.clock.stop();
      w.sandbox.faults.clear();
      await until("the delayed reserve to land", () => w.sandbox.reservations().length === heldBefore + 2, 5_000);
      const counts = {
        reserve: w.sandbox.count("POST", RESERVE),
        confirm: w.sandbox.count("POST", CONFIRM),
        release: w.sandbox.count("DELETE", RELEASE),
      };
      expect(counts).toEqual({ reserve: 9, confirm: 2, release: 2 });

      // 4. fairway again, same database.
      const restarted = await restartInProcess(w);
      app = restarted.app;

      // Resumed: every agent left at a step goes on from the very panel they were looking at.
      const next: Record<Exclude<Step, "held">, [RegExp | string, RegExp | string]> = {
        course: [/:c:0$/, /:go$/],
        info: [/:go$/, TOMORROW],
        date: [TOMORROW, /:s:\d+$/],
        slots: [/:s:\d+$/, /:p:\d+$/],
        players: [/:p:\d+$/, "Customer's full name"],
        name: ["Golfer Resumed", "Customer's e-mail"],
        email: ["resumed@example.com", "Customer's mobile number"],
        mobile: ["081-234-5678", "Your tee time is on hold"],
      };
      await Promise.all(
        (Object.keys(next) as (keyof typeof next)[]).map(async (step) => {
          const user = u(AT_STEP[step]);
          const [act, expected] = next[step];
          const before = panelsBefore.get(AT_STEP[step])!;
          if (typeof act === "string") user.send(act);
          else await tapWhen(user, act);
          if (typeof expected === "string") await waitText(user, expected);
          else await until(`${step} resumed`, () => buttons(user).data.some((d) => expected.test(d)));
          // A tap edits the same panel: the stored conversation, not a new one.
          if (typeof act !== "string") expect(buttons(user).messageId).toBe(before.messageId);
        }),
      );
      // The tee-time read lost with the process: the calendar is still there and works.
      await tapWhen(u(TEE_TIMES_IN_FLIGHT), TOMORROW);
      await until("tee times after the lost read", () =>
        buttons(u(TEE_TIMES_IN_FLIGHT)).data.some((d) => /:s:\d+$/.test(d)),
      );
      // The held summary survived: Confirm pays, once.
      await tapWhen(u(AT_STEP.held), /:ok$/);
      await waitText(u(AT_STEP.held), "Booking confirmed");

      // Restarted cleanly: the reserve that never reached the partner. /book offers to resume or start over.
      u(RESERVE_NOT_APPLIED).send("/book");
      await tapWhen(u(RESERVE_NOT_APPLIED), /^g:restart$/);
      await waitText(u(RESERVE_NOT_APPLIED), "Choose a golf course");
      // The reserve applied but its answer lost: Resume shows where they were; fairway does not reserve again.
      u(RESERVE_APPLIED_LOST).send("/book");
      await tapWhen(u(RESERVE_APPLIED_LOST), /^g:resume$/);
      await until(
        "the resumed panel",
        () => /Customer's mobile number|still being placed/.test(buttons(u(RESERVE_APPLIED_LOST)).text) || undefined,
      );
      if (buttons(u(RESERVE_APPLIED_LOST)).text.includes("Customer's mobile number"))
        u(RESERVE_APPLIED_LOST).send("081-234-5678");
      await waitText(u(RESERVE_APPLIED_LOST), "The hold is still being placed");
      // The confirm that never reached the partner: Resume, Confirm says it is being confirmed (never twice).
      u(CONFIRM_NOT_APPLIED).send("/book");
      const prompt = await tapWhen(u(CONFIRM_NOT_APPLIED), /^g:resume$/);
      // Not the summary from before the crash, which may still carry its Confirm: the one shown since.
      await until("the resumed summary", () => {
        const b = buttons(u(CONFIRM_NOT_APPLIED));
        return (b.messageId ?? 0) >= prompt && b.data.some((d) => /:(ok|retry)$/.test(d));
      });
      await tapWhen(u(CONFIRM_NOT_APPLIED), /:(ok|retry)$/);
      await waitText(u(CONFIRM_NOT_APPLIED), "already being confirmed");
      expect(w.sandbox.count("POST", RESERVE)).toBe(counts.reserve + 1); // the resumed "mobile" agent's one hold
      expect(w.sandbox.count("POST", CONFIRM)).toBe(counts.confirm + 1); // the held agent's one confirm

      // 5. A minute on: the reaper reads back every write the crash interrupted.
      w.clock.advance(61_000);
      await app.reaper.tick();
      expect((await bookingOf(app, RESERVE_NOT_APPLIED))?.state).toBe("RESERVE_UNKNOWN");
      expect((await bookingOf(app, RESERVE_APPLIED_LOST))?.state).toBe("RESERVE_UNKNOWN");
      expect((await bookingOf(app, RESERVE_DELAYED))?.state).toBe("RESERVE_UNKNOWN");
      expect((await bookingOf(app, CONFIRM_NOT_APPLIED))?.state).toBe("HELD");
      expect((await bookingOf(app, CONFIRM_APPLIED_LOST))?.state).toBe("PAID");
      expect((await bookingOf(app, RELEASE_NOT_APPLIED))?.state).toBe("RELEASED");
      expect((await bookingOf(app, RELEASE_APPLIED_LOST))?.state).toBe("RELEASED");
      await waitText(u(RESERVE_DELAYED), "We could not tell whether a hold was placed");
      await waitText(u(CONFIRM_APPLIED_LOST), /is confirmed \(code GT/);
      await waitText(u(RELEASE_NOT_APPLIED), /has been released/);
      // Try again now shows the truth: the reverted hold is confirmed, once; the lost reserve is told as such.
      await tapWhen(u(CONFIRM_NOT_APPLIED), /:retry$/);
      await waitText(u(CONFIRM_NOT_APPLIED), "Booking confirmed");
      await tapWhen(u(RESERVE_APPLIED_LOST), /:retry$/);
      await waitText(u(RESERVE_APPLIED_LOST), "could not tell whether the partner placed the hold");
      expect(w.sandbox.count("POST", RESERVE)).toBe(counts.reserve + 1);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(counts.confirm + 2);
      expect(w.sandbox.count("DELETE", RELEASE)).toBe(counts.release + 1); // the hung release, sent again once

      // 6. Up to the end of the last hold: each is released by a tick within HOLD_MINUTES.
      const holds = await app.storage.db
        .selectFrom("bookings")
        .select(["hold_expires_at"])
        .where("state", "=", "HELD")
        .execute();
      expect(holds.length).toBeGreaterThanOrEqual(2);
      for (const { hold_expires_at } of holds.sort((a, b) => a.hold_expires_at! - b.hold_expires_at!)) {
        // A tick in the hold's last second (ticks come every interval, so one always falls there or earlier).
        w.clock.set(hold_expires_at! - 1_000);
        await app.reaper.tick();
      }
      await waitText(u(HELD_ALONE), "was not confirmed in time and has been released");
      expect(await expectHoldsEndedInTime(app)).toBe(7);

      // Money: exactly the paid bookings were charged, once each.
      const paid = w.sandbox.reservations().filter((r) => r.status === "PAID");
      expect(paid).toHaveLength(3);
      expect(paid.every((r) => r.history.filter((h) => h.reason === "confirm").length === 1)).toBe(true);
      const report: InvariantReport = await checkInvariants({
        sandbox: w.sandbox,
        db: app.storage.db,
        now: w.clock,
        balanceBase: w.initialBalance,
      });
      // The documented exception, and only it: two holds whose reserve answer was lost (the third never reached the partner).
      expect(report.orphans.map((o) => o.status)).toEqual(["PENDING", "PENDING"]);
      expect(report.lostReserveAnswers).toBe(3);
      expect(restarted.logs.filter((l) => l.includes("a reserve call never recorded its answer"))).toHaveLength(3);
    } finally {
      await closeCrashWorld(w, app);
    }
  }, 120_000);

  it("HOLD_MINUTES=1 in real time: killed with a hold shown and with a confirm in flight, the restarted process releases both within the minute", async () => {
    const SHOWN = 9201;
    const CONFIRMING = 9202;
    const w = await startCrashWorld([SHOWN, CONFIRMING], { HOLD_MINUTES: "1" });
    try {
      const first = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });
      await Promise.all([driveTo(u(SHOWN), "held", 0), driveTo(u(CONFIRMING), "held", 1)]);
      w.sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "hang" });
      await tapWhen(u(CONFIRMING), /:ok$/);
      await until("the confirm in flight", () =>
        w.sandbox.requests.some((r) => CONFIRM.test(r.path) && r.fault === "hang"),
      );
      await first.crash();
      w.sandbox.faults.clear();

      await w.start();
      await waitText(u(SHOWN), "was not confirmed in time and has been released", 75_000);
      await waitText(u(CONFIRMING), "was not confirmed in time and has been released", 30_000);
      const reservations = w.sandbox.reservations();
      expect(reservations.map((r) => r.status)).toEqual(["CANCEL", "CANCEL"]);
      for (const r of reservations) {
        const released = r.history.find((h) => h.reason === "release")!;
        expect(
          released.at - r.createdAt,
          `hold ${r.id} released after ${released.at - r.createdAt} ms`,
        ).toBeLessThanOrEqual(60_000);
      }
      expect(w.sandbox.count("POST", CONFIRM)).toBe(1);
      expect(w.sandbox.balance()).toBe(w.initialBalance);
    } finally {
      await closeCrashWorld(w);
    }
  }, 120_000);
});
