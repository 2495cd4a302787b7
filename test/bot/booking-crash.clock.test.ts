import { describe, expect, it, onTestFinished } from "vitest";
import { buttons } from "../helpers/buttons.js";
import { closeCrashWorld, driveTo, startCrashWorld, tapWhen, until, waitText } from "../helpers/crash-world.js";

const CONFIRM = /^\/api\/v1\/ext\/order\/[^/]+\/confirm$/;
const RESERVE = /^\/api\/v1\/ext\/order\/reserve$/;
/** How long a step may take to show (ms). */
const WAIT = 10_000;

describe("a crash right after the partner was paid", () => {
  /** Books up to the hold in a child process, then kills it while the partner's paid answer is lost. */
  async function crashWhilePaying(restartAfterMs = 0) {
    const w = await startCrashWorld([4001]);
    onTestFinished(() => closeCrashWorld(w));
    const { sandbox, telegram } = w;
    const first = await w.start();
    const agent = telegram.user({ id: 4001, language_code: "en" });
    await driveTo(agent, "held", 0, WAIT);
    const before = sandbox.balance();

    // The partner takes the money, and its answer never arrives: the process dies waiting for it.
    sandbox.faults.add({ method: "POST", path: CONFIRM, kind: "apply-then-hang" });
    await tapWhen(agent, /:ok$/, 0, WAIT);
    await expect.poll(() => sandbox.reservations()[0]?.status, { timeout: 10_000, interval: 20 }).toBe("PAID");
    await first.crash();
    sandbox.faults.clear();

    // The world's clock moves on before the restart (the new process starts on it); the sandbox's hold runs on.
    w.clock.advance(restartAfterMs);
    await w.start();
    const expectPaidOnce = () => {
      expect(sandbox.count("POST", RESERVE)).toBe(1);
      expect(sandbox.count("POST", CONFIRM)).toBe(1);
      const [reservation] = sandbox.reservations();
      expect(reservation?.status).toBe("PAID");
      expect(sandbox.balance()).toBe(before - reservation!.amount);
    };
    return { agent, expectPaidOnce };
  }

  it("SIGKILL while the confirm answer is in flight: after a restart the user resumes and gets the receipt; paid once", async () => {
    const { agent, expectPaidOnce } = await crashWhilePaying();
    // The panel still says "Confirming…" with no buttons. The user asks again: /book offers to resume,
    // the summary comes back (the conversation was stored before the fatal tap), and Confirm settles it.
    agent.send("/book");
    const prompt = await tapWhen(agent, /^g:resume$/, 0, WAIT);
    // The summary from before the crash may still carry its Confirm (the kill can come before its edit):
    // tap the resumed one, shown at or after the resume prompt.
    await until(
      "the resumed summary",
      () => {
        const b = buttons(agent);
        return (b.messageId ?? 0) >= prompt && b.data.some((d) => /:ok$/.test(d));
      },
      WAIT,
    );
    await tapWhen(agent, /:ok$/, 0, WAIT);
    // Up to the partner timeout of this world (30 s): the confirm reads the reservation back first.
    await waitText(agent, "Booking confirmed", 30_000);
    expectPaidOnce();
  }, 90_000);

  it("SIGKILL while the confirm answer is in flight: the restarted reaper finds the payment and tells the user, unasked", async () => {
    // The restart comes after the confirm's write window (PARTNER_TIMEOUT_MS 30 s + 1 s): the reaper may
    // then read the reservation at once. Waiting that window out in real time made this test race its
    // own 30 s poll on a loaded machine.
    const { agent, expectPaidOnce } = await crashWhilePaying(32_000);
    await expect
      .poll(() => agent.messages().some((m) => m.text?.includes("is confirmed (code GT")), {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(true);
    expectPaidOnce();
  }, 60_000);
});
