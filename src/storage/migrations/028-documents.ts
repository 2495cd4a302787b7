import type { Kysely, Migration } from "kysely";

/**
 * Receipts and tax documents (src/receipts/documents.ts):
 * - `document_counters`: the last number issued in each series (prefix, kind, branch, year), raised in the
 *   same transaction that inserts the document, so numbers run without gaps across every instance;
 * - `documents`: each document issued, once per (kind, source): asking again for the same payment's
 *   document returns it with its number. `(series, number)` is unique too: no duplicate number.
 */
export const documents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("document_counters")
      .addColumn("series", "varchar(64)", (c) => c.primaryKey())
      .addColumn("last_number", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("documents")
      .addColumn("number", "varchar(64)", (c) => c.primaryKey())
      .addColumn("series", "varchar(64)", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("source", "varchar(128)", (c) => c.notNull())
      .addColumn("booking_id", "varchar(64)", (c) => c.notNull())
      .addColumn("total", "bigint", (c) => c.notNull())
      .addColumn("net", "bigint", (c) => c.notNull())
      .addColumn("vat", "bigint", (c) => c.notNull())
      .addColumn("buyer_name", "varchar(256)")
      .addColumn("buyer_address", "varchar(1024)")
      .addColumn("buyer_tax_id", "varchar(13)")
      .addColumn("buyer_branch", "varchar(5)")
      .addColumn("refers_to", "varchar(64)")
      .addColumn("issued_by", "bigint")
      .addColumn("issued_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("documents_kind_source", ["kind", "source"])
      .addUniqueConstraint("documents_series_seq", ["series", "seq"])
      .execute();
    await db.schema.createIndex("documents_issued_at").on("documents").column("issued_at").execute();
    await db.schema.createIndex("documents_booking").on("documents").column("booking_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("documents").execute();
    await db.schema.dropTable("document_counters").execute();
  },
};
