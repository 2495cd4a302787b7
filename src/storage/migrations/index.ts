import type { Migration, MigrationProvider } from "kysely";
import { kv } from "./001-kv.js";
import { bookings } from "./002-bookings.js";
import { access } from "./003-access.js";
import { courseNameTh } from "./004-course-name-th.js";
import { leases } from "./005-leases.js";
import { outbox } from "./006-outbox.js";
import { afterBooking as remindersAndDigest } from "./007-reminders-digest.js";
import { afterBooking as requestsAndCopies } from "./008-cancel-requests-copies.js";
import { offers } from "./009-offers.js";
import { groups } from "./010-groups.js";
import { watches } from "./011-watches.js";
import { sharedLimits } from "./012-shared-limits.js";
import { pricesPayments } from "./013-prices-payments.js";
import { customerScope } from "./015-customer-scope.js";
import { golferCopySlots } from "./016-golfer-copy-slots.js";
import { bookingRefreshedAt } from "./017-booking-refreshed-at.js";
import { bookingMoves } from "./018-booking-moves.js";
import { vouchers } from "./019-vouchers.js";
import { ledgerIndexes } from "./020-ledger-indexes.js";
import { moveLinks } from "./021-move-links.js";
import { paymentsReleased } from "./022-payments-released.js";
import { moneyOwed } from "./023-money-owed.js";
import { slipImages } from "./024-slip-images.js";
import { slipCheck } from "./025-slip-check.js";
import { slipCheckRetries } from "./026-slip-check-retries.js";
import { documents } from "./028-documents.js";
import { trips } from "./029-trips.js";
import { holdWarnings } from "./030-hold-warnings.js";
import { courseEnded } from "./031-course-ended.js";
import { tripLinks } from "./032-trip-links.js";
import { tripRoundTolerance } from "./034-trip-round-tolerance.js";
import { tripReminders } from "./035-trip-reminders.js";
import { tripSlipCheck } from "./036-trip-slip-check.js";

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "001-kv": kv,
  "002-bookings": bookings,
  "003-access": access,
  "004-course-name-th": courseNameTh,
  "005-leases": leases,
  "006-outbox": outbox,
  "007-reminders-digest": remindersAndDigest,
  "008-cancel-requests-copies": requestsAndCopies,
  "009-offers": offers,
  "010-groups": groups,
  "011-watches": watches,
  "012-shared-limits": sharedLimits,
  "013-prices-payments": pricesPayments,
  "015-customer-scope": customerScope,
  "016-golfer-copy-slots": golferCopySlots,
  "017-booking-refreshed-at": bookingRefreshedAt,
  "018-booking-moves": bookingMoves,
  "019-vouchers": vouchers,
  "020-ledger-indexes": ledgerIndexes,
  "021-move-links": moveLinks,
  "022-payments-released": paymentsReleased,
  "023-money-owed": moneyOwed,
  "024-slip-images": slipImages,
  "025-slip-check": slipCheck,
  "026-slip-check-retries": slipCheckRetries,
  "028-documents": documents,
  "029-trips": trips,
  "030-hold-warnings": holdWarnings,
  "031-course-ended": courseEnded,
  "032-trip-links": tripLinks,
  "034-trip-round-tolerance": tripRoundTolerance,
  "035-trip-reminders": tripReminders,
  "036-trip-slip-check": tripSlipCheck,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
