/** The partner sandbox: a deterministic local implementation of the partner API. */
export { createSandbox } from "./sandbox.js";
export type { OpenSlotQuery, Sandbox, SandboxOptions, SandboxState } from "./sandbox.js";
export { FAULT_KINDS } from "./faults.js";
export type { FaultControl, FaultKind, FaultRule, FaultSettings } from "./faults.js";
export type { ReservationRecord, ReservationStatus, ReserveStatus, StatusChange } from "./orders.js";
export type { RequestLogEntry } from "./server.js";
export type { CourseSeed } from "./seed.js";
export type { SlotView, SlotStatus, PriceType } from "./tee-times.js";
export type { MoneyUnit, Variants } from "./wire.js";
export { API_PREFIX } from "./api.js";
