/**
 * Every conversation's stored state carries BOOKING_FLOW_VERSION (one storage version for all: the booking flow,
 * building and editing a trip, a tax invoice's buyer — src/bot/index.ts), and a stored state of another version is
 * never read back (a restart after a deploy starts the flow over instead of replaying a log into code
 * that expects another shape). That holds only if the version moves whenever the shape does: this test
 * fingerprints the stored types — the state handed across each update (`FlowState`: the draft, the
 * panel, the retry), the conversation's arguments (`BookingArgs`), and the result of every
 * `conversation.external` call in the flow's files (what the replay log keeps: a booking read from the
 * ledger, a hold's outcome, a payment) — and of the other conversations (the trip's and the tax invoice's) the
 * result of every `conversation.external` call and the arguments each is entered with — from the TypeScript
 * sources, and fails when the fingerprint changes while the version stays.
 *
 * After changing the shape: bump BOOKING_FLOW_VERSION (src/bot/conversations/booking/index.ts) and add
 * the new version's fingerprint below (the failure prints it).
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { BOOKING_FLOW_VERSION } from "../../../src/bot/conversations/booking/index.js";

/** The fingerprint of each version's stored shape. */
const RECORDED: Record<number, string> = {
  12: "9d92fd900720f24f",
  13: "2a8d6b7924f555bc",
  14: "4259ba338f7b9128",
  // 15: the first read of a view carries the price rules; the hold's read carries its payment (prices and payments).
  15: "4259ba338f7b9128",
  // 16: a group's hold read carries its payment, and a customer's group pays first.
  16: "4259ba338f7b9128",
  // 17: a hold's outcome may be the service's refusal (who books, for which agent and course).
  17: "4259ba338f7b9128",
  // 18: the fingerprint covers every external result too (the ledger's booking gained refreshed_at; a
  // release may answer group-flight). Recorded again ("11235c68bde7ebb0" before) when the fingerprint
  // stopped writing the compiler's symbol ids: the same shape, whose text had moved with unrelated imports.
  18: "a64806c4eb5b8a06",
  // 19: a locale read in the flow (the draft's, the surface's) may be Korean, Japanese or Chinese.
  19: "ccd624f0bb24597e",
  // 20: a payment read in the flow may be a move's difference (kind "move") and carries when its holds were
  // released (holds_released_at).
  20: "083c3d37d5de5eb9",
  // 21: a release's outcome may be "owned" (the hold is an open move's: only the move ends it).
  21: "4547f66e87fd1be9",
  // 22: a payment the flow reads carries its slip count and its latest slip's QR outcome (slip_count, slip_qr).
  22: "72411645bb0b334a",
  // 23: a payment the flow reads says who or what decided it (decided_via: a slip check) and the check's verdict (slip_check).
  23: "41e8d9ce2fd9055d",
  // 24: a hold's refusal may be "trip-only" (a trip's lead customer holds nothing themselves).
  24: "a8dc49958ff325d2",
  // 25: a booking the flow reads says whether the course ended it (ended_by).
  25: "0339d49eba2d5abc",
  // 26: the fingerprint covers the trip conversations (building, and editing a trip: entered with its id; a round
  // beyond the window carries the agent's limit) and the tax invoice's, their external results and arguments.
  26: "815465b641757f0b",
  // 27: the tax invoice conversation is entered with a booking's id or a trip's instalment ({ tripId, kind }).
  27: "0d055dfb441b04f8",
  // 28: a trip the trip conversations read carries its instalments' slip fields (payee, slip_ref, slip_at,
  // slip_check, decided_via: migration 036).
  28: "3c26ef4e3de74222",
  // 29: the trip conversations read fairway's clock through `external` where they read `conversation.now()`, and a
  // round they read carries its revision (migration 039).
  29: "a827c6268577c53e",
  // 30: the trip conversation asks the deposit as a percentage or an amount, then the balance's lead in days: the
  // same stored shape, but a log of 29 would answer the new question with its next update.
  30: "a827c6268577c53e",
};

/** Where each stored type is declared. */
const FILES = {
  FlowState: "../../../src/bot/conversations/booking/hand-over.ts",
  BookingArgs: "../../../src/bot/conversations/booking/entry.ts",
} as const;

/** The conversation itself: the program reads every file of the flow from here, for their `external` calls. */
const FLOW = "../../../src/bot/conversations/booking/index.ts";

/**
 * The other conversations sharing the version: where each is read from, and the folder (or file) whose
 * `external` calls and entered arguments are its own.
 */
const OTHERS = {
  trip: {
    entries: ["../../../src/bot/conversations/trip/index.ts", "../../../src/bot/conversations/trip/edit.ts"],
    under: "/src/bot/conversations/trip/",
  },
  "tax-invoice": {
    entries: ["../../../src/bot/conversations/tax-invoice.ts"],
    under: "/src/bot/conversations/tax-invoice.ts",
  },
} as const;

/**
 * A property's name as the fingerprint writes it. A symbol-keyed property (a tuple's `Symbol.iterator`)
 * is named `__@iterator@343` by the compiler, the number being the symbol's id in this program: it moves
 * whenever a file anywhere in the program gains or loses an import, while the stored shape stays. The
 * fingerprint keeps the name and drops the id.
 */
function propertyName(p: ts.Symbol): string {
  return p.name.replace(/^(__@.+)@\d+$/, "$1");
}

/** A canonical text of a type's structure: property names, optionality and types, recursively. */
function shapeOf(checker: ts.TypeChecker, type: ts.Type, seen: Set<ts.Type> = new Set()): string {
  if (type.flags & ts.TypeFlags.StringLiteral) return JSON.stringify((type as ts.StringLiteralType).value);
  if (type.flags & ts.TypeFlags.NumberLiteral) return String((type as ts.NumberLiteralType).value);
  if (
    type.flags &
    (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean | ts.TypeFlags.Null | ts.TypeFlags.Undefined)
  )
    return checker.typeToString(type);
  if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type);
  if (type.isUnion()) {
    const parts = type.types.map((t) => shapeOf(checker, t, seen)).sort();
    return parts.join(" | ");
  }
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return `${element ? shapeOf(checker, element, seen) : "unknown"}[]`;
  }
  if (type.flags & ts.TypeFlags.Object) {
    if (seen.has(type)) return "<cycle>";
    seen.add(type);
    const index = checker
      .getIndexInfosOfType(type)
      .map((i) => `[${checker.typeToString(i.keyType)}]: ${shapeOf(checker, i.type, seen)}`);
    const props = checker
      .getPropertiesOfType(type)
      .map((p) => {
        // getTypeOfSymbol also resolves a mapped type's members (Kysely's Selectable<…> rows).
        const propType = checker.getTypeOfSymbol(p);
        const optional = p.flags & ts.SymbolFlags.Optional ? "?" : "";
        // An optional property's `undefined` is its `?`; its `null` (a value it can hold) stays.
        const defined =
          optional && propType.isUnion()
            ? propType.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined))
            : [propType];
        return `${propertyName(p)}${optional}: ${defined
          .map((t) => shapeOf(checker, t, seen))
          .sort()
          .join(" | ")}`;
      })
      .sort();
    seen.delete(type);
    return `{ ${[...index, ...props].join("; ")} }`;
  }
  return checker.typeToString(type);
}

function fingerprint(): { text: string; hash: string } {
  const paths = Object.fromEntries(
    Object.entries(FILES).map(([name, rel]) => [name, fileURLToPath(new URL(rel, import.meta.url))]),
  );
  const flow = fileURLToPath(new URL(FLOW, import.meta.url));
  const others = Object.values(OTHERS).flatMap((o) =>
    o.entries.map((rel) => fileURLToPath(new URL(rel, import.meta.url))),
  );
  const program = ts.createProgram([...Object.values(paths), flow, ...others], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const parts: string[] = [];
  for (const [name, path] of Object.entries(paths)) {
    const source = program.getSourceFile(path);
    if (!source) throw new Error(`not found: ${path}`);
    const symbol = checker.getSymbolAtLocation(source);
    const exported = symbol ? checker.getExportsOfModule(symbol).find((s) => s.name === name) : undefined;
    if (!exported) throw new Error(`${name} is not exported by ${path}`);
    parts.push(`${name} = ${shapeOf(checker, checker.getDeclaredTypeOfSymbol(exported))}`);
  }
  // What each `conversation.external(...)` resolves to: the replay log stores exactly that.
  const externalsOf = (under: string): Set<string> => {
    const externals = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "external"
      ) {
        const type = checker.getTypeAtLocation(node);
        externals.add(shapeOf(checker, checker.getAwaitedType(type) ?? type));
      }
      ts.forEachChild(node, visit);
    };
    for (const file of filesUnder(under)) visit(file);
    if (externals.size === 0) throw new Error(`no conversation.external call found in ${under}`);
    return externals;
  };
  // What a conversation is entered with (`enter(id, ...args)`), stored with its state: the parameters after
  // `(conversation, ctx)` of each conversation function a factory returns.
  const argumentsOf = (under: string): string[] => {
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isFunctionExpression(node) &&
        node.name &&
        ts.isReturnStatement(node.parent) &&
        node.parameters[0]?.name.getText() === "conversation"
      ) {
        const args = node.parameters
          .slice(2)
          .map(
            (p) =>
              `${p.name.getText()}${p.questionToken ? "?" : ""}: ${shapeOf(checker, checker.getTypeAtLocation(p))}`,
          );
        found.push(`${node.name.text}(${args.join(", ")})`);
      }
      ts.forEachChild(node, visit);
    };
    for (const file of filesUnder(under)) visit(file);
    if (found.length === 0) throw new Error(`no conversation function found in ${under}`);
    return found.sort();
  };
  const filesUnder = (under: string) =>
    program.getSourceFiles().filter((f) => f.fileName.replaceAll("\\", "/").includes(under));
  parts.push(`external results = ${[...externalsOf("/src/bot/conversations/booking/")].sort().join("\n  ")}`);
  for (const [name, other] of Object.entries(OTHERS)) {
    parts.push(`${name} arguments = ${argumentsOf(other.under).join("; ")}`);
    parts.push(`${name} external results = ${[...externalsOf(other.under)].sort().join("\n  ")}`);
  }
  const text = parts.join("\n");
  return { text, hash: createHash("sha256").update(text).digest("hex").slice(0, 16) };
}

describe("the conversations' stored state and its version", () => {
  it(
    "the shape stored by this version is the one recorded for it: a changed shape needs a new BOOKING_FLOW_VERSION",
    { timeout: 90_000 },
    () => {
      const { text, hash } = fingerprint();
      const recorded = RECORDED[BOOKING_FLOW_VERSION];
      expect(
        recorded,
        `BOOKING_FLOW_VERSION ${BOOKING_FLOW_VERSION} has no recorded fingerprint: add ${BOOKING_FLOW_VERSION}: "${hash}" to RECORDED`,
      ).toBeDefined();
      expect(
        hash,
        `the stored flow state changed shape without a new BOOKING_FLOW_VERSION: bump it and record "${hash}".\nThe shape now:\n${text}`,
      ).toBe(recorded);
    },
  );

  // The compiler API over the flow's sources is CPU-bound: on a busy 2-core machine it takes far longer than alone.
  it("the fingerprint sees a property's type, its optionality and a new member of a union", { timeout: 90_000 }, () => {
    const base = fingerprint().text;
    expect(base).toContain('step: "change" | "course" | "course-info"');
    expect(base).toMatch(/nonce: string/);
    expect(base).toMatch(/recent: \{ email: string; mobile: string; name: string \}\[\]/);
    expect(base).toContain("lat: null | number");
    expect(base).toContain("bookingId?: string;");
    expect(base).toMatch(/^BookingArgs = \{/m);
    // The replay log's own contents: a booking as the ledger gives it, with every column.
    expect(base).toMatch(/^external results = /m);
    expect(base).toContain("refreshed_at: null | number");
    expect(base).toContain('"group-flight"');
    // A tuple's symbol-keyed members are named without the program's symbol ids (they move with any import).
    expect(base).toContain("__@iterator: {  }");
    expect(base).not.toMatch(/__@\w+@\d/);
    // The trip's and the tax invoice's conversations: what they are entered with, what their externals return.
    expect(base).toContain("trip arguments = trip(); tripEdit(tripId: string)");
    expect(base).toContain("tax-invoice arguments = taxInvoice(target: string | { kind: ");
    expect(base).toMatch(/^trip external results = /m);
    expect(base).toContain("max_net_amount: null | number");
    expect(base).toMatch(/^tax-invoice external results = /m);
  });
});
