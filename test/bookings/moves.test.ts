/**
 * The money module's table of legal moves (src/bookings/moves.ts) is a rule the machine keeps twice: a
 * move not in the table does not compile (checked here by compiling small programs against the real
 * repository's types), and the repository refuses it at run time before the ledger changes (on SQLite
 * and PostgreSQL). The table itself keeps the guarantees a reader audits from it.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { IllegalMoveError } from "../../src/bookings/errors.js";
import { BOOKING_MOVES, GROUP_MOVES, isLegalMove, PAYMENT_MOVES } from "../../src/bookings/moves.js";
import { createPaymentsStore } from "../../src/bookings/payments.js";
import type { BookingIntentInput } from "../../src/bookings/record.js";
import { createBookingRepository, type BookingRepository } from "../../src/bookings/repository.js";
import { databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const src = (file: string) => fileURLToPath(new URL(`../../src/bookings/${file}`, import.meta.url));

/**
 * Type errors of small programs, one per body, each calling the real repository and payments store with
 * its body. One TypeScript program holds them all, so the source they import is checked once.
 */
function typeErrors(dir: string, bodies: Record<string, string>): Record<string, string[]> {
  const files = Object.entries(bodies).map(([name, body]) => {
    const file = join(dir, `${name}.ts`);
    writeFileSync(
      file,
      [
        `import type { BookingRepository } from ${JSON.stringify(src("repository.js"))};`,
        `import type { PaymentsStore } from ${JSON.stringify(src("payments.js"))};`,
        `export async function moves(repo: BookingRepository, payments: PaymentsStore): Promise<void> {`,
        body,
        `}`,
      ].join("\n"),
    );
    return [name, file] as const;
  });
  const program = ts.createProgram(
    files.map(([, file]) => file),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
    },
  );
  return Object.fromEntries(
    files.map(([name, file]) => [
      name,
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    ]),
  );
}

/** Moves in the table, which compile. */
const LEGAL = [
  `await repo.transition("b", { from: ["INTENT"], to: "RESERVING" });`,
  `await repo.transition("b", { from: ["HELD"], to: "CONFIRMING", notExpiredAt: 1 });`,
  `await repo.transition("b", { from: ["HELD", "RELEASING"], to: "RELEASING" });`,
  `await repo.transitionGroup("g", { from: ["INTENT", "HELD"], to: "HOLDING" });`,
  `await payments.transition("p", ["pending", "awaiting", "submitted"], "rejected");`,
  `await payments.transition("p", ["to-return"], "returned");`,
];

describe("an illegal move fails the type check", () => {
  const dir = mkdtempSync(join(tmpdir(), "fairway-moves-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the legal moves compile; each illegal one is a type error of its own", () => {
    const illegal = {
      // Paid money never goes back to a hold, nor a booking back to its intent (a second reserve).
      paidToHeld: `await repo.transition("b", { from: ["PAID"], to: "HELD" });`,
      heldToIntent: `await repo.transition("b", { from: ["HELD"], to: "INTENT" });`,
      // A confirm starts only from a hold: a move legal from one state of `from` but not the other fails.
      confirmFromIntent: `await repo.transition("b", { from: ["INTENT", "HELD"], to: "CONFIRMING" });`,
      refundUnpaid: `await repo.transition("b", { from: ["HELD"], to: "REFUNDING" });`,
      groupPaidToHeld: `await repo.transitionGroup("g", { from: ["PAID"], to: "HELD" });`,
      // A payment is approved only while it waits for the agent's word.
      expiredApproved: `await payments.transition("p", ["expired"], "approved");`,
      returnedAgain: `await payments.transition("p", ["returned"], "to-return");`,
    };
    const errorsOf = typeErrors(dir, {
      legal: LEGAL.join("\n"),
      ...illegal,
    });
    expect(errorsOf.legal).toEqual([]);
    for (const [name, body] of Object.entries(illegal)) {
      const errors = errorsOf[name];
      expect(errors, `${name}: ${body}`).toHaveLength(1);
      expect(errors?.[0], name).toMatch(/is not assignable to/);
    }
  }, 60_000);
});

function intent(id: string): BookingIntentInput {
  return {
    id,
    chatId: 501,
    userId: 501,
    locale: "en",
    courseId: "c1",
    courseName: "Bangkok Riverside Golf Club",
    timeZone: "Asia/Bangkok",
    slotId: "s1",
    slotStartsAt: NOW + 86_400_000,
    persons: 2,
    customerName: "Somchai Jaidee",
    customerEmail: "somchai@example.com",
    customerMobile: "+66812345678",
    expectedAmount: 5_000,
  };
}

describe.each(databaseFactories)("the repository refuses an illegal move at run time on $name", ({ make }) => {
  const t = storageEach(make);
  let repo: BookingRepository;
  beforeEach(() => {
    repo = createBookingRepository(t.storage.db, () => NOW);
  });

  it("a booking: the move throws before the row or its history changes", async () => {
    const id = randomUUID();
    await repo.createIntent(intent(id));
    // What a caller that escaped the compiler (data, a cast) would ask: a paid booking held again.
    const forged = { from: ["INTENT"], to: "PAID" } as unknown as Parameters<BookingRepository["transition"]>[1];
    await expect(repo.transition(id, forged)).rejects.toBeInstanceOf(IllegalMoveError);
    await expect(repo.transitionTo(id, { from: "INTENT", to: "CONFIRMING" })).rejects.toThrow(
      "illegal booking move INTENT → CONFIRMING",
    );
    expect((await repo.get(id))?.state).toBe("INTENT");
    expect((await repo.history(id)).map((e) => e.to_state)).toEqual(["INTENT"]);
    expect(await repo.transition(id, { from: ["INTENT"], to: "RESERVING" })).toBe(true);
  });

  it("a group and a customer's payment: refused the same way, the rows unchanged", async () => {
    const id = randomUUID();
    await repo.createGroup({
      ...intent(id),
      flights: [
        { slotId: "s1", slotStartsAt: NOW + 86_400_000, persons: 4, expectedAmount: 10_000 },
        { slotId: "s2", slotStartsAt: NOW + 86_400_000 + 600_000, persons: 4, expectedAmount: 10_000 },
      ],
    });
    const forgedGroup = { from: ["INTENT"], to: "PAID" } as unknown as Parameters<
      BookingRepository["transitionGroup"]
    >[1];
    await expect(repo.transitionGroup(id, forgedGroup)).rejects.toBeInstanceOf(IllegalMoveError);
    expect((await repo.getGroup(id))?.state).toBe("INTENT");

    const payments = createPaymentsStore(t.storage.db, () => NOW);
    await payments.create({
      bookingId: id,
      kind: "prepay",
      amount: 1,
      payee: "0812345678",
      chatId: 1,
      userId: 1,
      agentId: null,
    });
    const approve = payments.transition as (id: string, from: readonly string[], to: string) => Promise<boolean>;
    await expect(approve(id, ["cancelled"], "approved")).rejects.toBeInstanceOf(IllegalMoveError);
    expect((await payments.get(id))?.state).toBe("pending");
  });
});

describe("the table keeps the money guarantees", () => {
  const into = (table: Record<string, readonly string[]>, to: string) =>
    Object.entries(table)
      .filter(([, targets]) => targets.includes(to))
      .map(([from]) => from)
      .sort();

  it("a booking reserves once, confirms only a hold, refunds only what is paid; nothing returns to INTENT", () => {
    expect(into(BOOKING_MOVES, "RESERVING")).toEqual(["INTENT"]);
    expect(into(BOOKING_MOVES, "CONFIRMING")).toEqual(["HELD"]);
    expect(into(BOOKING_MOVES, "REFUNDING")).toEqual(["PAID"]);
    expect(into(BOOKING_MOVES, "INTENT")).toEqual([]);
    expect(BOOKING_MOVES.REFUNDED).toEqual([]);
    expect(isLegalMove("booking", "PAID", "HELD")).toBe(false);
  });

  it("every state is reachable from the first, and a group confirms once from HELD", () => {
    const reachable = (table: Record<string, readonly string[]>, start: string) => {
      const seen = new Set([start]);
      for (const state of seen) for (const next of table[state] ?? []) seen.add(next);
      return [...seen].sort();
    };
    expect(reachable(BOOKING_MOVES, "INTENT")).toEqual(Object.keys(BOOKING_MOVES).sort());
    expect(reachable(GROUP_MOVES, "INTENT")).toEqual(Object.keys(GROUP_MOVES).sort());
    expect(into(GROUP_MOVES, "CONFIRMING")).toEqual(["HELD"]);
    expect(into(PAYMENT_MOVES, "approved")).toEqual(["awaiting", "pending", "rejected", "submitted"]);
    expect(into(PAYMENT_MOVES, "returned")).toEqual(["to-return"]);
  });
});
