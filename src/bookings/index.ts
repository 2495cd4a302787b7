export { createBookingService, type BookingService, type ReleaseReason } from "./service.js";
export type { ConfirmOutcome, RefundOutcome, ReleaseOutcome, ReserveOutcome } from "./outcomes.js";
export { userActor, type Actor, type AuditEntry, type AuditLog } from "./audit.js";
export { createHoldReaper, type HoldReaper, type ReaperEvent } from "./reaper.js";
export { bookingCourseName, FINAL_STATES, type BookingIntentInput, type BookingRecord, type BookingState } from "./repository.js";
