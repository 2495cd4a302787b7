import type { Kysely } from "kysely";
import type { Database } from "../storage/schema.js";
import { createLinks } from "./links.js";

/** Who someone is to fairway. Admins can do everything agents can. */
export type Role = "admin" | "agent" | "customer" | "stranger";

/**
 * Whether a customer's way in still stands: their agent is still an agent and their link is not revoked
 * (`agent-removed`, `link-revoked` otherwise). A link that expired or was used up admits nobody new, but
 * the customers it admitted keep booking; a revoked link, or an agent removed, ends their new bookings.
 */
export type Standing = "ok" | "agent-removed" | "link-revoked";

export interface Who {
  role: Role;
  /** For a customer: the agent whose link let them in (bookings are credited to that agent). */
  agentId?: number;
  /** For a customer: the only course their link or offer allows; null: every course. */
  courseId?: string | null;
  /** For a customer: whether they may still start bookings (see `Standing`). */
  standing?: Standing;
  /** For a customer admitted by a trip's link: that trip, the only thing they may act on. */
  tripId?: string;
}

/** What a hold is for, as the booking service asks before placing it. */
export interface HoldRequest {
  userId: number;
  /** The agent the booking is credited to (a customer's), or null (staff booking for themselves). */
  agentId: number | null;
  courseId: string;
  /** Holds the user has now besides this booking's (a group counts once). */
  liveHolds: number;
  /** Who places the hold (a Telegram user), when it is not the booking's user: staff booking for them. */
  actorId?: number;
}

/** Why a hold is refused before any partner call. */
export type HoldRefusal =
  "stranger" | "agent-removed" | "link-revoked" | "other-agent" | "course" | "too-many-holds" | "trip-only";

/**
 * The rule of the service for a hold, whatever screen asked: staff hold freely; a customer holds only
 * while their way in stands, for their own agent, at their course, and up to `maxCustomerHolds` at once;
 * strangers never. A customer admitted by a trip's link holds nothing themselves: their trip's rounds are
 * held for them by its agent (`actorId`), and nothing else is theirs to book.
 */
export function holdRefusal(who: Who, req: HoldRequest, maxCustomerHolds: number): HoldRefusal | undefined {
  if (who.role === "admin" || who.role === "agent") return undefined;
  if (who.role === "stranger") return "stranger";
  if (who.tripId !== undefined && (req.actorId === undefined || req.actorId === req.userId)) return "trip-only";
  if (who.standing !== undefined && who.standing !== "ok") return who.standing;
  if (req.agentId !== who.agentId) return "other-agent";
  if (who.courseId && who.courseId !== req.courseId) return "course";
  if (req.liveHolds >= maxCustomerHolds) return "too-many-holds";
  return undefined;
}

/** A partner write on an existing booking (or group), or a decision on its customer's payment. */
export interface WriteRequest {
  /**
   * confirm: spends the agency's credit; refund: gives it back; decide: approves or rejects a payment;
   * move: approves a move to another tee time (its old booking's refund, then the new hold's confirm);
   * move-request: asks for a move (holds the new tee time); move-abandon: calls a move off before its
   * approval (releases the new hold); payment-request: asks the customer to pay for a booking;
   * mark-returned: records money to return as returned to the customer; rebook: starts a new booking of
   * another tee time for the customer and players of a booking the course ended.
   */
  kind:
    | "confirm"
    | "refund"
    | "decide"
    | "move"
    | "move-request"
    | "move-abandon"
    | "payment-request"
    | "mark-returned"
    | "rebook";
  /** Who asks (a Telegram user). */
  actorId: number;
  /** The booking's user (its booker). */
  userId: number;
  /** The agent the booking (or the payment) is credited to, or null. */
  agentId: number | null;
  /** For move-abandon: who asked for the move (they may always call it off). */
  requestedBy?: number;
}

/** Why a write is refused before any partner call. */
export type WriteRefusal = "stranger" | "agent-removed" | "link-revoked" | "not-theirs" | "admins-only";

/**
 * The rule of the service for a partner write on a booking, whatever screen asked: admins do every one;
 * only admins refund; an agent confirms and decides for their own bookings and their customers'; a
 * customer confirms only their own booking, for their own agent, while their way in stands (a payment
 * first is still the agent's approval: the booking service asks for it); a move's approval is an admin's,
 * or an agent's for their own bookings where the agency's rule lets agents move alone; a move is asked
 * for as a confirm is (staff for theirs, a customer for their own) and called off by whoever asked for it
 * or by those who may ask; a payment request, money marked returned and a rebooking of what the course ended
 * are staff's, for their own bookings and their customers'; strangers nothing.
 */
export function writeRefusal(
  who: Who,
  req: WriteRequest,
  rules: { agentsMoveAlone?: boolean } = {},
): WriteRefusal | undefined {
  if (who.role === "admin") return undefined;
  if (req.kind === "refund") return who.role === "stranger" ? "stranger" : "admins-only";
  if (req.kind === "move" && !(who.role === "agent" && rules.agentsMoveAlone))
    return who.role === "stranger" ? "stranger" : "admins-only";
  if (who.role === "stranger") return "stranger";
  if (req.kind === "move-abandon" && req.requestedBy === req.actorId) return undefined;
  if (who.role === "agent") return req.userId === req.actorId || req.agentId === req.actorId ? undefined : "not-theirs";
  if (req.kind === "decide" || req.kind === "payment-request" || req.kind === "mark-returned" || req.kind === "rebook")
    return "not-theirs";
  if (who.standing !== undefined && who.standing !== "ok") return who.standing;
  return req.userId === req.actorId && req.agentId === who.agentId ? undefined : "not-theirs";
}

export interface AccessOptions {
  db: Kysely<Database>;
  /** ADMIN_IDS and AGENT_IDS from the configuration. */
  adminIds: readonly number[];
  agentIds: readonly number[];
  now?: () => number;
}

/** Roles, agents added by admins, customers and their links. */
export function createAccess(options: AccessOptions) {
  const { db } = options;
  const now = options.now ?? Date.now;
  const admins = new Set(options.adminIds);
  const configAgents = new Set(options.agentIds);

  /** Whether `userId` sells: an admin, an agent from the configuration or one added by an admin. */
  const isSeller = async (userId: number): Promise<boolean> =>
    admins.has(userId) ||
    configAgents.has(userId) ||
    (await db.selectFrom("agents").select("user_id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;

  const agents = {
    /** Agents from the configuration and from the database, with a name where one is known. */
    async list(): Promise<{ userId: number; name: string | null; source: "config" | "added" }[]> {
      const rows = await db.selectFrom("agents").selectAll().orderBy("added_at").execute();
      const added = rows
        .filter((r) => !configAgents.has(r.user_id))
        .map((r) => ({ userId: r.user_id, name: r.name, source: "added" as const }));
      return [...[...configAgents].map((userId) => ({ userId, name: null, source: "config" as const })), ...added];
    },
    /** Which of `userIds` are agents (from the configuration or added): one lookup by key, not the whole list. */
    async among(userIds: readonly number[]): Promise<Set<number>> {
      const found = new Set(userIds.filter((id) => configAgents.has(id)));
      const rest = [...new Set(userIds)].filter((id) => !found.has(id));
      if (rest.length === 0) return found;
      const rows = await db.selectFrom("agents").select("user_id").where("user_id", "in", rest).execute();
      for (const r of rows) found.add(Number(r.user_id));
      return found;
    },
    /** Adds an agent; false when they already are one. */
    async add(userId: number, name: string | null, addedBy: number): Promise<boolean> {
      if (configAgents.has(userId)) return false;
      const result = await db
        .insertInto("agents")
        .values({ user_id: userId, name, added_by: addedBy, added_at: now() })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    /**
     * Removes an agent added by command, and revokes every link of theirs at once (their customers can no
     * longer start bookings credited to them). Agents from AGENT_IDS can only be removed there.
     */
    async remove(userId: number): Promise<"removed" | "config" | "unknown"> {
      if (configAgents.has(userId)) return "config";
      const result = await db.deleteFrom("agents").where("user_id", "=", userId).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return "unknown";
      if (!admins.has(userId))
        await db
          .updateTable("links")
          .set({ revoked_at: now() })
          .where("agent_id", "=", userId)
          .where("revoked_at", "is", null)
          .execute();
      return "removed";
    },
  };

  return {
    agents,
    links: createLinks(db, now, isSeller),
    isSeller,
    isAdmin: (userId: number) => admins.has(userId),
    adminIds: () => [...admins],

    /** The role of `userId`, read fresh (an agent removed a moment ago is a stranger now). */
    async whoIs(userId: number): Promise<Who> {
      if (admins.has(userId)) return { role: "admin" };
      if (configAgents.has(userId)) return { role: "agent" };
      const agent = await db.selectFrom("agents").select("user_id").where("user_id", "=", userId).executeTakeFirst();
      if (agent) return { role: "agent" };
      const customer = await db
        .selectFrom("customers")
        .leftJoin("links", "links.token", "customers.link_token")
        .select(["customers.agent_id", "customers.course_id", "customers.trip_id", "links.revoked_at"])
        .where("customers.user_id", "=", userId)
        .executeTakeFirst();
      if (!customer) return { role: "stranger" };
      const agentId = Number(customer.agent_id);
      const standing: Standing = !(await isSeller(agentId))
        ? "agent-removed"
        : customer.revoked_at !== null && customer.revoked_at !== undefined
          ? "link-revoked"
          : "ok";
      return {
        role: "customer",
        agentId,
        courseId: customer.course_id,
        standing,
        ...(customer.trip_id ? { tripId: customer.trip_id } : {}),
      };
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
