import type { Kysely } from "kysely";
import type { Database } from "../storage/schema.js";
import { createLinks } from "./links.js";

/** Who someone is to fairway. Admins can do everything agents can. */
export type Role = "admin" | "agent" | "customer" | "stranger";

export interface Who {
  role: Role;
  /** For a customer: the agent whose link let them in (bookings are credited to that agent). */
  agentId?: number;
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

  const agents = {
    /** Agents from the configuration and from the database, with a name where one is known. */
    async list(): Promise<{ userId: number; name: string | null; source: "config" | "added" }[]> {
      const rows = await db.selectFrom("agents").selectAll().orderBy("added_at").execute();
      const added = rows
        .filter((r) => !configAgents.has(r.user_id))
        .map((r) => ({ userId: r.user_id, name: r.name, source: "added" as const }));
      return [...[...configAgents].map((userId) => ({ userId, name: null, source: "config" as const })), ...added];
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
    /** Removes an agent added by command; agents from AGENT_IDS can only be removed there. */
    async remove(userId: number): Promise<"removed" | "config" | "unknown"> {
      if (configAgents.has(userId)) return "config";
      const result = await db.deleteFrom("agents").where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1 ? "removed" : "unknown";
    },
  };

  return {
    agents,
    links: createLinks(db, now),
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
        .select("agent_id")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (customer) return { role: "customer", agentId: customer.agent_id };
      return { role: "stranger" };
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
