/**
 * The documents fairway issues (migration 028): receipts, full and abbreviated tax invoices, credit notes,
 * each numbered in its series without gaps. A series is the branch's prefix (`INVOICE_PREFIX`), the kind,
 * the branch and the year at the course (Asia/Bangkok); its counter row is raised in the same transaction
 * that inserts the document, so a number is allocated once across instances however many ask at once
 * (PostgreSQL: the upsert holds the counter row's lock until commit; SQLite: the upsert, the
 * transaction's first statement, takes the database's write lock). A document is issued once per
 * (kind, source): asking again for the same payment's returns the same document and number, and a
 * concurrent second ask rolls its transaction back, so it consumes no number.
 */
import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import type { Database, DocumentKind, DocumentsTable } from "../storage/schema.js";
import { dateKeyOf } from "../time/today.js";

export type DocumentRecord = Selectable<DocumentsTable>;
export type { DocumentKind };

/** Each kind's code in a document number. */
export const KIND_CODES: Record<DocumentKind, string> = {
  receipt: "RE",
  "tax-invoice": "TX",
  abbreviated: "AB",
  "credit-note": "CN",
};

/** Digits of the sequence in a document number: 999,999 documents of one kind per branch and year. */
const SEQ_DIGITS = 6;

const ZONE = "Asia/Bangkok";

/** The series a document issued at `at` belongs to: `RC-TX-00000-2026` (prefix `RC` or `RC-`). */
export function seriesOf(prefix: string, kind: DocumentKind, branch: string, at: number): string {
  const joined = prefix.endsWith("-") ? prefix : `${prefix}-`;
  return `${joined}${KIND_CODES[kind]}-${branch}-${dateKeyOf(at, ZONE).slice(0, 4)}`;
}

/** The full number of the `seq`th document in `series`: `RC-TX-00000-2026-000001`. */
export function numberOf(series: string, seq: number): string {
  return `${series}-${String(seq).padStart(SEQ_DIGITS, "0")}`;
}

/** What a document is asked for. */
export interface IssueInput {
  kind: DocumentKind;
  /** What it documents (one document per kind and source), e.g. `payment:<booking id>:prepay`. */
  source: string;
  bookingId: string;
  /** Satang. */
  total: number;
  net: number;
  vat: number;
  buyer?: { name: string; address: string; taxId: string; branch: string };
  /** A credit note's: the invoice's number. */
  refersTo?: string;
  issuedBy?: number;
}

export interface DocumentStore {
  /** Issues the document for `input.source` (numbered next in its series), or returns the one issued before. */
  issue(input: IssueInput): Promise<DocumentRecord>;
  /** The document of a kind for a source, if issued. */
  find(kind: DocumentKind, source: string): Promise<DocumentRecord | undefined>;
  /** Every document of a booking, in the order issued. */
  ofBooking(bookingId: string): Promise<DocumentRecord[]>;
  /** Documents issued in [from, to), in the order issued: what /report lists. */
  issuedBetween(from: number, to: number): Promise<DocumentRecord[]>;
}

export interface DocumentStoreOptions {
  prefix: string;
  branch: string;
  now?: () => number;
}

/** Thrown inside the transaction when another instance issued the same document meanwhile: rolls back. */
class AlreadyIssued extends Error {
  constructor(readonly document: DocumentRecord) {
    super("document already issued");
  }
}

export function createDocumentStore(db: Kysely<Database>, options: DocumentStoreOptions): DocumentStore {
  const now = options.now ?? Date.now;
  const find = (kind: DocumentKind, source: string) =>
    db.selectFrom("documents").selectAll().where("kind", "=", kind).where("source", "=", source).executeTakeFirst();

  return {
    find,

    async issue(input) {
      const before = await find(input.kind, input.source);
      if (before) return before;
      const at = now();
      const series = seriesOf(options.prefix, input.kind, options.branch, at);
      try {
        return await db.transaction().execute(async (trx) => {
          // First statement: takes the counter row's lock (PostgreSQL) or the write lock (SQLite) until commit.
          const counter = await trx
            .insertInto("document_counters")
            .values({ series, last_number: 1 })
            .onConflict((oc) =>
              oc.column("series").doUpdateSet({ last_number: sql<number>`document_counters.last_number + 1` }),
            )
            .returning("last_number")
            .executeTakeFirstOrThrow();
          const issued = await trx
            .selectFrom("documents")
            .selectAll()
            .where("kind", "=", input.kind)
            .where("source", "=", input.source)
            .executeTakeFirst();
          if (issued) throw new AlreadyIssued(issued);
          const row: DocumentRecord = {
            number: numberOf(series, counter.last_number),
            series,
            seq: counter.last_number,
            kind: input.kind,
            source: input.source,
            booking_id: input.bookingId,
            total: input.total,
            net: input.net,
            vat: input.vat,
            buyer_name: input.buyer?.name ?? null,
            buyer_address: input.buyer?.address ?? null,
            buyer_tax_id: input.buyer?.taxId ?? null,
            buyer_branch: input.buyer?.branch ?? null,
            refers_to: input.refersTo ?? null,
            issued_by: input.issuedBy ?? null,
            issued_at: at,
          };
          await trx.insertInto("documents").values(row).execute();
          return row;
        });
      } catch (error) {
        if (error instanceof AlreadyIssued) return error.document;
        // Two first asks for one source on PostgreSQL: the loser's insert breaks the unique (kind, source).
        const again = await find(input.kind, input.source);
        if (again) return again;
        throw error;
      }
    },

    ofBooking(bookingId) {
      return db
        .selectFrom("documents")
        .selectAll()
        .where("booking_id", "=", bookingId)
        .orderBy("issued_at")
        .orderBy("number")
        .execute();
    },

    issuedBetween(from, to) {
      return db
        .selectFrom("documents")
        .selectAll()
        .where("issued_at", ">=", from)
        .where("issued_at", "<", to)
        .orderBy("issued_at")
        .orderBy("number")
        .execute();
    },
  };
}
