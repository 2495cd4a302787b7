/**
 * The receipts a booking's customer, its agent or an admin asks for: the access rule, the document issued once
 * per paid booking (numbered next in its series, the same number when asked again), and its PDF.
 */
import type { Kysely } from "kysely";
import type { Access } from "../access/index.js";
import type { BookingRecord } from "../bookings/record.js";
import type { Database } from "../storage/schema.js";
import { receiptAmounts } from "./amounts.js";
import { createDocumentStore, type DocumentRecord, type DocumentStore } from "./documents.js";
import { receiptPdf } from "./receipt-pdf.js";
import type { Seller } from "./seller.js";

/** States of a booking whose money the agency received (a refund later does not undo the receipt). */
const RECEIVED = new Set<BookingRecord["state"]>(["PAID", "REFUNDING", "REFUNDED"]);

export interface ReceiptsOptions {
  db: Kysely<Database>;
  seller: Seller;
  /** Reads a booking from the ledger (the booking service's `get`). */
  bookings: { get(id: string): Promise<BookingRecord | undefined> };
  access: Pick<Access, "whoIs">;
  now: () => number;
}

/** What asking for a booking's receipt gives. */
export type ReceiptOutcome =
  | { kind: "issued"; document: DocumentRecord; booking: BookingRecord; pdf: Buffer; filename: string }
  /** Not the asker's booking (or no such booking: the same answer, so a forged id learns nothing). */
  | { kind: "refused" }
  /** Not paid (yet): nothing was received. */
  | { kind: "unpaid" };

/**
 * Whether `userId` may ask for a booking's documents: its customer (who booked), the agent it is credited to,
 * or an admin. A golfer holding a read-only copy may not.
 */
export async function mayAskForDocuments(
  access: Pick<Access, "whoIs">,
  booking: Pick<BookingRecord, "user_id" | "agent_id">,
  userId: number,
): Promise<boolean> {
  if (Number(booking.user_id) === userId) return true;
  if (booking.agent_id !== null && Number(booking.agent_id) === userId) return true;
  return (await access.whoIs(userId)).role === "admin";
}

/** The source a booking's receipt is issued for: one receipt per paid booking, for its selling amount. */
export function receiptSource(bookingId: string): string {
  return `booking:${bookingId}`;
}

/** What the customer paid for a booking, in satang: its selling amount (the listed total before one was set). */
export function receivedSatang(booking: Pick<BookingRecord, "selling_amount" | "expected_amount">): number {
  return booking.selling_amount ?? booking.expected_amount;
}

export function createReceipts(options: ReceiptsOptions) {
  const { seller } = options;
  const documents: DocumentStore = createDocumentStore(options.db, {
    prefix: seller.invoicePrefix,
    branch: seller.branch,
    now: options.now,
  });

  return {
    documents,

    /**
     * The receipt of booking `bookingId` for `askedBy`: issued the first time (the next number in the
     * receipts' series), the same document every time after; its PDF drawn afresh each time (same bytes).
     */
    async receipt(bookingId: string, askedBy: number): Promise<ReceiptOutcome> {
      const booking = await options.bookings.get(bookingId);
      if (!booking || !(await mayAskForDocuments(options.access, booking, askedBy))) return { kind: "refused" };
      if (!RECEIVED.has(booking.state)) return { kind: "unpaid" };
      const amounts = receiptAmounts(receivedSatang(booking), seller);
      const document = await documents.issue({
        kind: "receipt",
        source: receiptSource(booking.id),
        bookingId: booking.id,
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        issuedBy: askedBy,
      });
      const pdf = await receiptPdf({
        seller,
        number: document.number,
        paidAt: new Date(booking.paid_at ?? booking.created_at),
        booking: {
          reference: booking.reservation_code ?? booking.id,
          ...(booking.course_name_th ? { courseNameTH: booking.course_name_th } : {}),
          courseName: booking.course_name,
          teeTime: new Date(booking.slot_starts_at),
          players: booking.persons,
          sellingSatang: receivedSatang(booking),
        },
        customerName: booking.customer_name,
      });
      return { kind: "issued", document, booking, pdf, filename: `receipt-${document.number}.pdf` };
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
