export { createBookingService, type BookingService, type ConfirmOutcome, type RefundOutcome, type ReleaseOutcome, type ReleaseReason, type ReserveOutcome } from "./service.js";
export { userActor, type Actor, type AuditEntry, type AuditLog } from "./audit.js";
export { createHoldReaper, type HoldReaper, type ReaperEvent } from "./reaper.js";
export { bookingCourseName, FINAL_STATES, type BookingIntentInput, type BookingRecord, type BookingState } from "./repository.js";
