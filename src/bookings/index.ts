export {
  createBookingService,
  type BookingService,
  type BookingServiceOptions,
  type CancelHoldOutcome,
  type CancellablePaymentState,
  type MoveEvent,
  type MoveOutcome,
  type MoveRefusal,
  type MoveView,
  type MovesEnded,
  type Payable,
  type PaymentEnding,
  type ReleaseReason,
} from "./service.js";
export type {
  ApprovedRetry,
  ConfirmOutcome,
  GroupConfirmOutcome,
  GroupHoldOutcome,
  GroupRefundOutcome,
  GroupReleaseOutcome,
  GroupStop,
  RefundOutcome,
  ReleaseOutcome,
  ReserveOutcome,
} from "./outcomes.js";
export { userActor, type Actor, type AuditEntry, type AuditLog } from "./audit.js";
export {
  createHoldReaper,
  groupEventKind,
  type GroupReaperEvent,
  type HoldReaper,
  type ReaperEvent,
  RELEASE_MARGIN_MS,
} from "./reaper.js";
export {
  bookingCourseName,
  FINAL_STATES,
  flightId,
  groupCourseName,
  groupHoldEnd,
  groupHoldSetEnd,
  PAID_LINE_COLUMNS,
  SETTLED_GROUP_STATES,
  type BookingIntentInput,
  type GroupFlightInput,
  type GroupIntentInput,
  type GroupRecord,
  type GroupState,
  type GroupView,
  type BookingRecord,
  type BookingState,
  type PaidLine,
} from "./record.js";
export {
  countPendingRequests,
  createCancelRequests,
  type CancelRequest,
  type CancelRequests,
} from "./cancel-requests.js";
export {
  createGolferCopies,
  isViewer,
  viewedBookingIds,
  viewersOf,
  type GolferCopies,
  type GolferCopy,
} from "./golfer-copies.js";
export { isBookingOwned } from "./errors.js";
