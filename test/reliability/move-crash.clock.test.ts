import { describe, expect, it } from "vitest";
import type { App } from "../../src/app.js";
import type { SimulatedUser } from "../../src/local/bot-api-server/index.js";
import {
  closeCrashWorld,
  driveTo,
  restartInProcess,
  startCrashWorld,
  tapWhen,
  until,
  waitText,
  type CrashWorld,
} from "../helpers/crash-world.js";
import { dateAndTime, openTeeTimeFor } from "../helpers/flow.js";
import { checkInvariants } from "../helpers/invariants.js";

/**
 * SIGKILL at each step of a move's saga: fairway's real entry point in a child process, six admins each
 * moving a paid booking to another tee time, each left at a different step — the new hold's reserve in
 * flight, the new tee time held and waiting for the approval, the old booking's refund in flight (not
 * applied, and applied with its answer lost), the new hold's confirm in flight (not applied, and applied
 * with its answer lost). fairway starts again on the same database (in this process, on a clock the test
 * moves): the reaper finishes or unwinds every move from the partner's word; each ends with the old
 * booking paid and the new hold released, or the old refunded and the new paid — one reserve, at most one
 * refund and at most one confirm each, no hold left — and the ledger, the partner and the balance agree
 * to the satang (the invariant checker knows moves).
 */

const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const REFUND = /^\/api\/v1\/ext\/order\/[^/]+\/refund$/;

const RESERVE_IN_FLIGHT = 9501;
const HELD = 9502;
const REFUND_NOT_APPLIED = 9503;
const REFUND_APPLIED_LOST = 9504;
const CONFIRM_NOT_APPLIED = 9505;
const CONFIRM_APPLIED_LOST = 9506;
const ADMINS = [
  RESERVE_IN_FLIGHT,
  HELD,
  REFUND_NOT_APPLIED,
  REFUND_APPLIED_LOST,
  CONFIRM_NOT_APPLIED,
  CONFIRM_APPLIED_LOST,
];

/** Pays a booking as `user` (an admin) and returns its reservation code. */
async function paid(user: SimulatedUser, pick: number): Promise<string> {
  await driveTo(user, "held", pick);
  await tapWhen(user, /:ok$/);
  const receipt = await waitText(user, /Reservation code (\S+)/);
  return /Reservation code (\S+)/.exec(receipt)![1]!;
}

/** `/move` of `code` to another open tee time of its course that day, not one of `taken`. */
function moveCommand(w: CrashWorld, code: string, taken: Set<string>): string {
  const r = w.sandbox.reservations().find((x) => x.code === code)!;
  const { date } = dateAndTime(r.slotTime, "Asia/Bangkok");
  const slot = openTeeTimeFor(w.sandbox, r, date, { after: w.clock(), taken });
  if (!slot) throw new Error(`no open tee time for ${code}`);
  taken.add(slot.id);
  return `/move ${code} ${date} ${dateAndTime(slot.startMs, "Asia/Bangkok").time}`;
}

describe("SIGKILL at each step of a move", () => {
  it("six moves, each cut at a different step: every one resumes or unwinds; one reserve, at most one refund and one confirm each; no hold left", async () => {
    const w = await startCrashWorld([], { ADMIN_IDS: ADMINS.join(",") });
    let app: App | undefined;
    try {
      const child = await w.start();
      const u = (id: number) => w.telegram.user({ id, language_code: "en" });
      const codes = new Map<number, string>();
      await Promise.all(ADMINS.map(async (id, i) => codes.set(id, await paid(u(id), i))));
      const taken = new Set<string>();
      const pending = (method: string, path: RegExp, kind: string) => () =>
        w.sandbox.requests.some((r) => r.method === method && path.test(r.path) && r.status === 0 && r.fault === kind);

      // Each move held, and shown with its Move now, except the one whose reserve is left in flight.
      for (const id of ADMINS.filter((x) => x !== RESERVE_IN_FLIGHT)) {
        u(id).send(moveCommand(w, codes.get(id)!, taken));
        await waitText(u(id), `Move ${codes.get(id)}`);
      }
      const reserves = w.sandbox.count("POST", RESERVE);
      w.sandbox.faults.add({ method: "POST", path: RESERVE, kind: "hang" });
      u(RESERVE_IN_FLIGHT).send(moveCommand(w, codes.get(RESERVE_IN_FLIGHT)!, taken));
      await until("the move's reserve in flight", pending("POST", RESERVE, "hang"));

      // The approvals, each partner call left in flight at its own instant.
      const cut = async (id: number, path: RegExp, kind: "hang" | "apply-then-hang", skip = 0) => {
        w.sandbox.faults.add({ method: "POST", path, kind, skip });
        await tapWhen(u(id), /^mv:a:/);
        await until(`the call of ${id}`, pending("POST", path, kind));
      };
      await cut(REFUND_NOT_APPLIED, REFUND, "hang");
      await cut(REFUND_APPLIED_LOST, REFUND, "apply-then-hang");
      await cut(CONFIRM_NOT_APPLIED, CONFIRM, "hang");
      await cut(CONFIRM_APPLIED_LOST, CONFIRM, "apply-then-hang");
      const before = {
        reserve: w.sandbox.count("POST", RESERVE),
        refund: w.sandbox.count("POST", REFUND),
        confirm: w.sandbox.count("POST", CONFIRM),
      };
      expect(before.reserve).toBe(reserves + 1);

      await child.crash();
      w.clock.stop();
      w.sandbox.faults.clear();

      const restarted = await restartInProcess(w);
      app = restarted.app;
      const moveOf = async (id: number) => {
        const old = await app!.bookings.findByReservation(codes.get(id)!);
        const [move] = await app!.bookings.movesOf(old!.id);
        return app!.bookings.getMove(move!.id);
      };

      // The held move waited for its approval across the crash: approved now, done once.
      await tapWhen(u(HELD), /^mv:a:/);
      await waitText(u(HELD), `Moved: ${codes.get(HELD)} was refunded`);

      // A minute on: the reaper reads every interrupted step back from the partner and finishes or unwinds it.
      w.clock.advance(61_000);
      await app.reaper.tick();
      await app.reaper.tick();
      const states = Object.fromEntries(
        await Promise.all(
          ADMINS.map(async (id) => {
            const v = await moveOf(id);
            return [id, `${v.move.state} ${v.old.state}→${v.new.state}`] as const;
          }),
        ),
      );
      expect(states).toEqual({
        [RESERVE_IN_FLIGHT]: "ABANDONED PAID→RESERVE_UNKNOWN",
        [HELD]: "DONE REFUNDED→PAID",
        [REFUND_NOT_APPLIED]: "UNWOUND PAID→RELEASED",
        [REFUND_APPLIED_LOST]: "DONE REFUNDED→PAID",
        [CONFIRM_NOT_APPLIED]: "DONE REFUNDED→PAID",
        [CONFIRM_APPLIED_LOST]: "DONE REFUNDED→PAID",
      });
      // The partner saw no write twice. Since the crash: the held move's refund and confirm, the confirm of
      // the move whose refund answer was lost (read back as refunded), and the one of the move whose confirm
      // never reached the partner; no reserve, and no refund or confirm sent again.
      expect(w.sandbox.count("POST", RESERVE)).toBe(before.reserve);
      expect(w.sandbox.count("POST", REFUND)).toBe(before.refund + 1);
      expect(w.sandbox.count("POST", CONFIRM)).toBe(before.confirm + 3);
      for (const r of w.sandbox.reservations()) {
        expect(r.history.filter((e) => e.reason === "refund").length, r.code).toBeLessThanOrEqual(1);
        expect(r.history.filter((e) => e.reason === "confirm").length, r.code).toBeLessThanOrEqual(1);
      }
      // Everyone concerned heard the end of their move.
      await waitText(u(REFUND_NOT_APPLIED), `stays as it was`);
      for (const id of [REFUND_APPLIED_LOST, CONFIRM_NOT_APPLIED, CONFIRM_APPLIED_LOST])
        await waitText(u(id), `Moved: ${codes.get(id)} was refunded`);
      await checkInvariants({
        sandbox: w.sandbox,
        db: app.storage.db,
        now: w.clock,
        balanceBase: w.initialBalance,
        adminIds: ADMINS,
      });
    } finally {
      await closeCrashWorld(w, app);
    }
  }, 120_000);
});
