import type { ServiceKit } from "./service-kit.js";

/**
 * A stale RESERVING booking whose process died after the partner's answer reached the audit log but
 * before the ledger recorded it: the audit log names the hold, so it is released (reason "orphan",
 * through `release`, the service's) instead of being left for the partner to find. False when no
 * answer was audited (the lost-answer gap).
 */
export async function releaseAuditedReserve(
  kit: ServiceKit,
  release: (id: string) => Promise<unknown>,
  id: string,
): Promise<boolean> {
  const entry = await kit.options.db
    .selectFrom("audit_log")
    .select("reservation_id")
    .where("booking_id", "=", id)
    .where("action", "=", "reserve")
    .where("outcome", "in", ["ok", "ok-reconciled"])
    .where("reservation_id", "is not", null)
    .executeTakeFirst();
  if (!entry?.reservation_id) return false;
  const moved = await kit.repo.transition(
    id,
    ["RESERVING"],
    "RELEASING",
    { reservation_id: entry.reservation_id, release_reason: "orphan", last_error: null },
    { via: "audit-log" },
  );
  if (!moved) return false;
  await release(id);
  return true;
}
