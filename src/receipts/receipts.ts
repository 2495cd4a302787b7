/**
 * The receipts a booking's customer, its agent or an admin asks for: the access rule, the document issued once
 * per paid booking (numbered next in its series, the same number when asked again), and its PDF.
 */
import type { Kysely } from "kysely";
import type { Access } from "../access/index.js";
import type { MoveView } from "../bookings/move.js";
import type { BookingRecord } from "../bookings/record.js";
import type { Database } from "../storage/schema.js";
import { receiptAmounts } from "./amounts.js";
import { createDocumentStore, type DocumentRecord, type DocumentStore } from "./documents.js";
import {
  receiptPdf,
  tripItems,
  type Buyer,
  type CreditOf,
  type DocumentPdfKind,
  type ReceiptInput,
} from "./receipt-pdf.js";
import type { Seller } from "./seller.js";
import type { TripViewer } from "../trips/access.js";
import type { TripService } from "../trips/service.js";
import type { TripInstalment, TripView } from "../trips/store.js";

/** States of a booking whose money the agency received (a refund later does not undo the receipt). */
const RECEIVED = new Set<BookingRecord["state"]>(["PAID", "REFUNDING", "REFUNDED"]);

export interface ReceiptsOptions {
  db: Kysely<Database>;
  seller: Seller;
  /** Reads a booking from the ledger (the booking service's `get`). */
  bookings: { get(id: string): Promise<BookingRecord | undefined> };
  access: Pick<Access, "whoIs">;
  /** Opens a trip for a viewer (the trips service's access rule): a trip's instalments' receipts. */
  trips?: Pick<TripService, "openFor">;
  /** Reads a move (the booking service's `getMove`, throwing for an unknown id): a move's paid difference. */
  moves?: { getMove(id: string): Promise<MoveView> };
  now: () => number;
}

/** States of a move's difference whose money the agency received (returned later, the receipt stands). */
const DIFFERENCE_RECEIVED = new Set(["approved", "to-return", "returned"]);

/** The source of the receipt of a move's difference: one per move. */
export function moveReceiptSource(moveId: string): string {
  return `move:${moveId}:difference`;
}

/** A trip's instalment's (or a move's difference's) receipt issued (or found issued before) and its PDF. */
export interface IssuedTripDocument {
  kind: "issued";
  document: DocumentRecord;
  pdf: Buffer;
  filename: string;
}

/** The source of a trip's instalment's receipt: one per instalment. */
export function tripReceiptSource(tripId: string, kind: TripInstalment["kind"]): string {
  return `trip:${tripId}:${kind}`;
}

/**
 * The source of a trip's instalment's tax invoice (full or abbreviated, whichever was issued): one per
 * instalment, since a service's tax point is the payment received.
 */
export function tripTaxInvoiceSource(tripId: string, kind: TripInstalment["kind"]): string {
  return `trip:${tripId}:${kind}:tax`;
}

/** The source of the credit note of a trip's instalment's full tax invoice when the trip is cancelled. */
export function tripCreditSource(tripId: string, kind: TripInstalment["kind"]): string {
  return `trip:${tripId}:${kind}:cancel`;
}

/** What a trip's documents are filed under in the documents table (`booking_id`). */
export function tripDocumentsKey(tripId: string): string {
  return `trip:${tripId}`;
}

/** The reason a cancelled trip's credit note prints, Thai / English. */
export const TRIP_CANCELLED_REASON = "ยกเลิกทริป คืนเงินตามเงื่อนไขการยกเลิก / Trip cancelled, refunded by its terms";

/** What asking for a trip's instalment's tax invoice gives. */
export type TripTaxInvoiceOutcome =
  | IssuedTripDocument
  /** Not a trip the asker may open (or no such trip: the same answer). */
  | { kind: "refused" }
  /** The instalment is not approved (yet). */
  | { kind: "unpaid" }
  | { kind: "not-registered" }
  /** A full tax invoice names its buyer: ask for them, then call again with `buyer`. */
  | { kind: "needs-buyer" };

/** The buyer of a trip's tax invoice issued before, offered again for its other instalment. */
export interface OfferedBuyer {
  /** The invoice that named them. */
  number: string;
  buyer: Buyer;
}

/** A document issued (or found issued before) and its PDF. */
export interface IssuedDocument {
  kind: "issued";
  document: DocumentRecord;
  booking: BookingRecord;
  pdf: Buffer;
  filename: string;
}

/** What asking for a booking's receipt gives. */
export type ReceiptOutcome =
  | IssuedDocument
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

/** What asking for a booking's tax invoice gives. */
export type TaxInvoiceOutcome =
  | ReceiptOutcome
  /** The seller is not VAT-registered: it issues no tax invoice. */
  | { kind: "not-registered" }
  /** A full tax invoice names its buyer: ask for them (`TAX_INVOICES=full`), then call again with `buyer`. */
  | { kind: "needs-buyer" };

/** A credit note's cause: a refund, or a move to a cheaper tee time (its difference). */
export interface CreditInput {
  /** One credit note per cause, e.g. `refund:<booking id>`, `move:<move id>`. */
  source: string;
  /** Satang credited (VAT included, as the invoice's total). */
  creditedSatang: number;
  /** Printed as the reason, Thai / English. */
  reason: string;
}

const FILE_NAMES: Record<DocumentPdfKind, string> = {
  receipt: "receipt",
  "tax-invoice": "tax-invoice",
  abbreviated: "tax-invoice-abb",
  "credit-note": "credit-note",
};

export function createReceipts(options: ReceiptsOptions) {
  const { seller } = options;
  const documents: DocumentStore = createDocumentStore(options.db, {
    prefix: seller.invoicePrefix,
    branch: seller.branch,
    now: options.now,
  });

  /** A document's PDF, drawn from what it recorded and its booking: the same bytes every time. */
  async function drawn(document: DocumentRecord, booking: BookingRecord, credit?: CreditOf): Promise<IssuedDocument> {
    const pdf = await documentPdf(document, credit, {
      // A receipt is dated when the money came; an invoice or a credit note when it was issued.
      paidAt: new Date(document.kind === "receipt" ? (booking.paid_at ?? booking.created_at) : document.issued_at),
      booking: {
        reference: booking.reservation_code ?? booking.id,
        ...(booking.course_name_th ? { courseNameTH: booking.course_name_th } : {}),
        courseName: booking.course_name,
        teeTime: new Date(booking.slot_starts_at),
        players: booking.persons,
        sellingSatang: document.total,
      },
      customerName: booking.customer_name,
    });
    return { kind: "issued", document, booking, pdf, filename: `${FILE_NAMES[document.kind]}-${document.number}.pdf` };
  }

  /** The booking when `askedBy` may ask for its documents. */
  async function bookingFor(bookingId: string, askedBy: number): Promise<BookingRecord | undefined> {
    const booking = await options.bookings.get(bookingId);
    return booking && (await mayAskForDocuments(options.access, booking, askedBy)) ? booking : undefined;
  }

  /** A document's buyer as recorded (a full tax invoice's, a credit note's). */
  function buyerOf(document: DocumentRecord): Buyer | undefined {
    if (document.buyer_name === null) return undefined;
    return {
      name: document.buyer_name,
      address: document.buyer_address ?? "",
      taxId: document.buyer_tax_id ?? "",
      branch: document.buyer_branch ?? "00000",
    };
  }

  /** A document's PDF by the seller: its kind, number and buyer as recorded, `credit` a credit note's invoice. */
  function documentPdf(
    document: DocumentRecord,
    credit: CreditOf | undefined,
    about: Pick<ReceiptInput, "paidAt" | "booking" | "trip" | "customerName">,
  ): Promise<Buffer> {
    const buyer = buyerOf(document);
    return receiptPdf({
      kind: document.kind,
      ...(buyer ? { buyer } : {}),
      ...(credit ? { credit } : {}),
      seller,
      number: document.number,
      ...about,
    });
  }

  /**
   * A trip's tax invoice's or credit note's PDF, from what it recorded and the trip: dated when issued, the
   * trip's rounds and lines as the description, the same bytes every time.
   */
  async function drawnTrip(
    document: DocumentRecord,
    view: TripView,
    kind: TripInstalment["kind"],
    reference: string,
    credit?: CreditOf,
  ): Promise<IssuedTripDocument> {
    const pdf = await documentPdf(document, credit, {
      paidAt: new Date(Number(document.issued_at)),
      trip: {
        reference,
        instalment: kind,
        rounds: view.rounds.filter((r) => r.state !== "CANCELLED").length,
        players: view.players.length,
        sellingSatang: document.total,
        items: tripItems(view.rounds, view.lines),
      },
      customerName: view.trip.lead_name,
    });
    return { kind: "issued", document, pdf, filename: `${FILE_NAMES[document.kind]}-${document.number}.pdf` };
  }

  return {
    documents,

    /** What a tax invoice asked for now is: none (not VAT-registered), a full one or an abbreviated one. */
    taxInvoiceKind(): "none" | "tax-invoice" | "abbreviated" {
      if (!seller.vatRegistered) return "none";
      return seller.taxInvoices === "full" ? "tax-invoice" : "abbreviated";
    },

    /**
     * The tax invoice of booking `bookingId` for `askedBy`: the one issued before if any (sent again, whatever
     * `buyer` says), else a new one numbered next in its series — full (`TAX_INVOICES=full`, naming `buyer`;
     * without one, `needs-buyer`) or abbreviated — for a paid booking, when the seller is VAT-registered.
     */
    async taxInvoice(bookingId: string, askedBy: number, buyer?: Buyer): Promise<TaxInvoiceOutcome> {
      const booking = await bookingFor(bookingId, askedBy);
      if (!booking) return { kind: "refused" };
      const source = receiptSource(booking.id);
      const before = (await documents.find("tax-invoice", source)) ?? (await documents.find("abbreviated", source));
      if (before) return drawn(before, booking);
      if (!seller.vatRegistered) return { kind: "not-registered" };
      if (booking.state !== "PAID") return { kind: "unpaid" };
      const full = seller.taxInvoices === "full";
      if (full && !buyer) return { kind: "needs-buyer" };
      const amounts = receiptAmounts(receivedSatang(booking), seller);
      const document = await documents.issue({
        kind: full ? "tax-invoice" : "abbreviated",
        source,
        bookingId: booking.id,
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        ...(full && buyer ? { buyer } : {}),
        issuedBy: askedBy,
      });
      return drawn(document, booking);
    },

    /**
     * The credit note (ใบลดหนี้) of a booking's full tax invoice for `input`'s cause, referring to it, its
     * buyer the invoice's: issued once per cause (the same one again), undefined when the booking has no full
     * tax invoice (an abbreviated one gives the buyer no input VAT to correct) or nothing is credited.
     */
    async creditNote(bookingId: string, input: CreditInput): Promise<IssuedDocument | undefined> {
      const invoice = await documents.find("tax-invoice", receiptSource(bookingId));
      const booking = await options.bookings.get(bookingId);
      if (!invoice || !booking) return undefined;
      const credited = Math.min(input.creditedSatang, invoice.total);
      if (credited <= 0) return undefined;
      const amounts = receiptAmounts(credited, seller);
      const document = await documents.issue({
        kind: "credit-note",
        source: input.source,
        bookingId,
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        buyer: {
          name: invoice.buyer_name ?? "",
          address: invoice.buyer_address ?? "",
          taxId: invoice.buyer_tax_id ?? "",
          branch: invoice.buyer_branch ?? "00000",
        },
        refersTo: invoice.number,
        ...(invoice.issued_by !== null ? { issuedBy: invoice.issued_by } : {}),
      });
      return drawn(document, booking, {
        invoiceNumber: invoice.number,
        invoiceSatang: invoice.total,
        reason: input.reason,
      });
    },

    /**
     * The receipt of a trip's deposit or balance for `viewer`: whoever the trips service lets open the trip
     * (its lead customer, its agent, an admin); issued once the instalment is approved (the next number in
     * the receipts' series, source `trip:<trip>:<kind>`, its `booking_id` the trip's `trip:<trip>`), the
     * same document every time after.
     */
    async tripReceipt(
      tripId: string,
      kind: TripInstalment["kind"],
      viewer: TripViewer,
      reference: string,
    ): Promise<IssuedTripDocument | { kind: "refused" } | { kind: "unpaid" }> {
      const seen = await options.trips?.openFor(tripId, viewer);
      if (!seen) return { kind: "refused" };
      const { view } = seen;
      const instalment = view.instalments.find((i) => i.kind === kind);
      if (instalment?.state !== "approved") return { kind: "unpaid" };
      const amounts = receiptAmounts(instalment.amount, seller);
      const document = await documents.issue({
        kind: "receipt",
        source: tripReceiptSource(tripId, kind),
        bookingId: tripDocumentsKey(tripId),
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        issuedBy: viewer.userId,
      });
      const pdf = await receiptPdf({
        seller,
        number: document.number,
        paidAt: new Date(Number(instalment.decided_at ?? document.issued_at)),
        trip: {
          reference,
          instalment: kind,
          rounds: view.rounds.length,
          players: view.players.length,
          sellingSatang: document.total,
        },
        customerName: view.trip.lead_name,
      });
      return { kind: "issued", document, pdf, filename: `receipt-${document.number}.pdf` };
    },

    /**
     * The tax invoice of a trip's deposit or balance for `viewer` — whoever the trips service lets open the trip
     * (its lead customer, its agent, an admin): the one issued before if any (whatever `buyer` says), else,
     * once the instalment is approved and the seller is VAT-registered, a new one for the instalment's amount
     * (the VAT apart), numbered next in its series — full (`TAX_INVOICES=full`, naming `buyer`; without one,
     * `needs-buyer`) or abbreviated; source `trip:<trip>:<kind>:tax`, `booking_id` `trip:<trip>`.
     */
    async tripTaxInvoice(
      tripId: string,
      kind: TripInstalment["kind"],
      viewer: TripViewer,
      reference: string,
      buyer?: Buyer,
    ): Promise<TripTaxInvoiceOutcome> {
      const seen = await options.trips?.openFor(tripId, viewer);
      if (!seen) return { kind: "refused" };
      const { view } = seen;
      const source = tripTaxInvoiceSource(tripId, kind);
      const before = (await documents.find("tax-invoice", source)) ?? (await documents.find("abbreviated", source));
      if (before) return drawnTrip(before, view, kind, reference);
      if (!seller.vatRegistered) return { kind: "not-registered" };
      const instalment = view.instalments.find((i) => i.kind === kind);
      if (instalment?.state !== "approved") return { kind: "unpaid" };
      const full = seller.taxInvoices === "full";
      if (full && !buyer) return { kind: "needs-buyer" };
      const amounts = receiptAmounts(instalment.amount, seller);
      const document = await documents.issue({
        kind: full ? "tax-invoice" : "abbreviated",
        source,
        bookingId: tripDocumentsKey(tripId),
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        ...(full && buyer ? { buyer } : {}),
        issuedBy: viewer.userId,
      });
      return drawnTrip(document, view, kind, reference);
    },

    /**
     * The buyer named on the full tax invoice of the trip's other instalment, for `viewer` (who may open the
     * trip): offered again when the second instalment's invoice is asked; undefined when none was issued.
     */
    async tripBuyerOffered(
      tripId: string,
      kind: TripInstalment["kind"],
      viewer: TripViewer,
    ): Promise<OfferedBuyer | undefined> {
      if (!(await options.trips?.openFor(tripId, viewer))) return undefined;
      const other = kind === "deposit" ? "balance" : "deposit";
      const invoice = await documents.find("tax-invoice", tripTaxInvoiceSource(tripId, other));
      const buyer = invoice && buyerOf(invoice);
      return invoice && buyer ? { number: invoice.number, buyer } : undefined;
    },

    /**
     * The credit notes (ใบลดหนี้) of a cancelled trip's full tax invoices for `refundSatang` returned: a credit
     * note refers to one invoice, so one per invoice credited — the balance's (the later payment) first, up to
     * its total, then the deposit's with what is left; each once (source `trip:<trip>:<kind>:cancel`, the same
     * note again when asked again), its buyer the invoice's. None for an abbreviated invoice (it names no buyer
     * whose input VAT needs correcting), none when nothing is returned. `reference` names each instalment.
     */
    async tripCreditNotes(
      view: TripView,
      refundSatang: number,
      reference: (kind: TripInstalment["kind"]) => string,
    ): Promise<IssuedTripDocument[]> {
      const tripId = view.trip.id;
      const out: IssuedTripDocument[] = [];
      let left = refundSatang;
      for (const kind of ["balance", "deposit"] as const) {
        if (left <= 0) break;
        const invoice = await documents.find("tax-invoice", tripTaxInvoiceSource(tripId, kind));
        if (!invoice) continue;
        const before = await documents.find("credit-note", tripCreditSource(tripId, kind));
        const credited = before ? before.total : Math.min(left, invoice.total);
        left -= credited;
        const amounts = receiptAmounts(credited, seller);
        const document =
          before ??
          (await documents.issue({
            kind: "credit-note",
            source: tripCreditSource(tripId, kind),
            bookingId: tripDocumentsKey(tripId),
            total: amounts.totalSatang,
            net: amounts.netSatang,
            vat: amounts.vatSatang,
            buyer: buyerOf(invoice) ?? { name: "", address: "", taxId: "", branch: "00000" },
            refersTo: invoice.number,
            ...(invoice.issued_by !== null ? { issuedBy: invoice.issued_by } : {}),
          }));
        out.push(
          await drawnTrip(document, view, kind, reference(kind), {
            invoiceNumber: invoice.number,
            invoiceSatang: invoice.total,
            reason: TRIP_CANCELLED_REASON,
          }),
        );
      }
      return out;
    },

    /**
     * The receipt of the difference a customer paid first for move `moveId` to a dearer tee time, for `askedBy`:
     * the move's customer, its agent or an admin (`mayAskForDocuments` on the booking moved); issued once the
     * payment is approved (the next number in the receipts' series, source `move:<move>:difference`, its
     * `booking_id` the new booking's, the payment's amount), the same document every time after.
     */
    async moveReceipt(
      moveId: string,
      askedBy: number,
    ): Promise<IssuedTripDocument | { kind: "refused" } | { kind: "unpaid" }> {
      const view = await options.moves?.getMove(moveId).catch(() => undefined);
      if (!view || !(await mayAskForDocuments(options.access, view.old, askedBy))) return { kind: "refused" };
      const { payment } = view;
      if (payment?.kind !== "move" || payment.amount <= 0 || !DIFFERENCE_RECEIVED.has(payment.state))
        return { kind: "unpaid" };
      const amounts = receiptAmounts(payment.amount, seller);
      const document = await documents.issue({
        kind: "receipt",
        source: moveReceiptSource(moveId),
        bookingId: view.new.id,
        total: amounts.totalSatang,
        net: amounts.netSatang,
        vat: amounts.vatSatang,
        issuedBy: askedBy,
      });
      const b = view.new;
      const pdf = await receiptPdf({
        seller,
        number: document.number,
        paidAt: new Date(Number(payment.decided_at ?? document.issued_at)),
        booking: {
          reference: b.reservation_code ?? b.id,
          ...(b.course_name_th ? { courseNameTH: b.course_name_th } : {}),
          courseName: b.course_name,
          teeTime: new Date(b.slot_starts_at),
          players: b.persons,
          sellingSatang: document.total,
          movedFrom: view.old.reservation_code ?? view.old.id,
        },
        customerName: b.customer_name,
      });
      return { kind: "issued", document, pdf, filename: `receipt-${document.number}.pdf` };
    },

    /**
     * The receipt of booking `bookingId` for `askedBy`: issued the first time (the next number in the
     * receipts' series), the same document every time after; its PDF drawn afresh each time (same bytes).
     */
    async receipt(bookingId: string, askedBy: number): Promise<ReceiptOutcome> {
      const booking = await bookingFor(bookingId, askedBy);
      if (!booking) return { kind: "refused" };
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
      return drawn(document, booking);
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
