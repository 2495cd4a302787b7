/**
 * Document numbers (src/receipts/documents.ts, migration 028) on SQLite (a file) and PostgreSQL: numbered
 * in series without gaps, once per payment, and allocated once across two processes issuing at once.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createDocumentStore, numberOf, seriesOf, type IssueInput } from "../../src/receipts/documents.js";
import { databaseFactories } from "../helpers/databases.js";
import { storageEach } from "../helpers/storage-each.js";

/** Tuesday 2026-12-31, 23:30 in Bangkok (16:30 UTC): the last half hour of 2026 at the course. */
const LAST_OF_2026 = Date.UTC(2026, 11, 31, 16, 30);
const CHILD = fileURLToPath(new URL("../fixtures/documents/issue-child.ts", import.meta.url));

const paid = (source: string, over: Partial<IssueInput> = {}): IssueInput => ({
  kind: "tax-invoice",
  source,
  bookingId: source,
  total: 321_00,
  net: 300_00,
  vat: 21_00,
  ...over,
});

/** Starts a second process on the same database; `go()` makes it issue `sources` at once. */
function child(config: unknown, sources: string[], at: number) {
  const proc = spawn(
    process.execPath,
    ["--import", "tsx", CHILD, JSON.stringify(config), sources.join(","), String(at)],
    {
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  proc.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const lines = new Promise<string[]>((resolve, reject) => {
    proc.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const all = out.split("\n").filter(Boolean);
      if (all.length >= 2) resolve(all);
    });
    proc.on("exit", (code) => (code === 0 ? resolve(out.split("\n").filter(Boolean)) : reject(new Error(err))));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => (out.startsWith("ready\n") ? resolve() : undefined);
    proc.stdout.on("data", check);
    proc.on("exit", () => reject(new Error(`child ended before ready: ${err}`)));
  });
  return {
    ready,
    go: () => proc.stdin.write("go\n"),
    async issued(): Promise<[string, string][]> {
      const all = await lines;
      return JSON.parse(all[1] ?? "[]") as [string, string][];
    },
  };
}

describe.each(databaseFactories)("documents on $name", ({ make }) => {
  const each = storageEach(make);
  const store = (at = LAST_OF_2026) =>
    createDocumentStore(each.storage.db, { prefix: "RC", branch: "00000", now: () => at });

  it("numbers each kind in its own series from 1, by the course's year, and gives the same payment's back", async () => {
    const documents = store();
    const first = await documents.issue(paid("payment:a"));
    const second = await documents.issue(paid("payment:b"));
    expect([first.number, second.number]).toEqual(["RC-TX-00000-2026-000001", "RC-TX-00000-2026-000002"]);
    // Asked again (a double tap, a re-send): the same document and number, no new one.
    expect((await documents.issue(paid("payment:a"))).number).toBe("RC-TX-00000-2026-000001");
    // A receipt for the same payment is another kind: its own series, from 1.
    expect((await documents.issue(paid("payment:a", { kind: "receipt" }))).number).toBe("RC-RE-00000-2026-000001");
    // A credit note refers to the invoice, numbered in its own series.
    const note = await documents.issue(
      paid("refund:a", { kind: "credit-note", refersTo: first.number, total: 107_00, net: 100_00, vat: 7_00 }),
    );
    expect([note.number, note.refers_to]).toEqual(["RC-CN-00000-2026-000001", "RC-TX-00000-2026-000001"]);
    // 00:30 on 1 January in Bangkok (still 31 December in UTC): a new year's series.
    const next = await store(LAST_OF_2026 + 3_600_000).issue(paid("payment:c"));
    expect(next.number).toBe("RC-TX-00000-2027-000001");
    // The period's documents (what /report lists): 2026's four, not 2027's; same instant, by number.
    expect((await documents.issuedBetween(LAST_OF_2026, LAST_OF_2026 + 1)).map((d) => d.number)).toEqual([
      "RC-CN-00000-2026-000001",
      "RC-RE-00000-2026-000001",
      "RC-TX-00000-2026-000001",
      "RC-TX-00000-2026-000002",
    ]);
    expect((await documents.ofBooking("payment:a")).length).toBe(2);
  });

  it("asked for one payment's invoice twenty times at once, issues one and spends one number", async () => {
    const documents = store();
    const all = await Promise.all(Array.from({ length: 20 }, () => documents.issue(paid("payment:same"))));
    expect(new Set(all.map((d) => d.number))).toEqual(new Set(["RC-TX-00000-2026-000001"]));
    expect((await documents.issue(paid("payment:other"))).number).toBe("RC-TX-00000-2026-000002");
  });

  it("two processes issuing twenty invoices at once leave no gap and no duplicate", async () => {
    const sources = Array.from({ length: 20 }, (_, i) => `payment:${String(i)}`);
    // Each process asks for its ten and for five of the other's: both ask for those at the same time.
    const a = child(each.db.config, [...sources.slice(0, 10), ...sources.slice(10, 15)], LAST_OF_2026);
    const b = child(each.db.config, [...sources.slice(10), ...sources.slice(0, 5)], LAST_OF_2026);
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const issued = [...(await a.issued()), ...(await b.issued())];
    const bySource = new Map<string, Set<string>>();
    for (const [source, number] of issued) bySource.set(source, (bySource.get(source) ?? new Set()).add(number));
    // Both processes got the same number for each source asked twice.
    expect([...bySource.values()].every((numbers) => numbers.size === 1)).toBe(true);
    const rows = await each.storage.db.selectFrom("documents").select(["number", "source"]).orderBy("seq").execute();
    const series = seriesOf("RC", "tax-invoice", "00000", LAST_OF_2026);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => numberOf(series, i + 1)));
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(sources));
    const counter = await each.storage.db.selectFrom("document_counters").selectAll().execute();
    expect(counter).toEqual([{ series, last_number: 20 }]);
  }, 60_000);
});
