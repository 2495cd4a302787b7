import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, LinksTable } from "../storage/schema.js";

export type Link = Selectable<LinksTable>;

/** Telegram's start parameter: 1–64 characters of A-Z a-z 0-9 _ -. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Why a link gives no access (`agent-removed`: its agent is no longer an agent). */
export type LinkRefusal = "malformed" | "unknown" | "revoked" | "expired" | "used-up" | "agent-removed";

export type Redemption = { ok: true; link: Link; firstUse: boolean } | { ok: false; reason: LinkRefusal };

export interface NewLink {
  agentId: number;
  courseId?: string | null;
  courseName?: string | null;
  /** null = unlimited. */
  maxUses?: number | null;
  expiresAt?: number | null;
  /** true: the customer pays first (PromptPay); false: confirmed at once; null/undefined: pay first when PromptPay is configured. */
  payFirst?: boolean | null;
  /** The one trip the link opens (its quote, to accept); the customer it admits can do nothing else. */
  tripId?: string | null;
}

/** A new unguessable token: 24 random bytes, base64url (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Agent-issued customer links: create, list, revoke, redeem. `isSeller` says whether a link's agent is
 * still an admin or an agent: a link admits nobody once its agent is not.
 */
export function createLinks(
  db: Kysely<Database>,
  now: () => number,
  isSeller: (userId: number) => Promise<boolean> = () => Promise.resolve(true),
) {
  const links = {
    async create(input: NewLink): Promise<Link> {
      const row: Link = {
        token: newToken(),
        agent_id: input.agentId,
        course_id: input.courseId ?? null,
        course_name: input.courseName ?? null,
        max_uses: input.maxUses ?? null,
        uses: 0,
        expires_at: input.expiresAt ?? null,
        revoked_at: null,
        created_at: now(),
        pay_first: input.payFirst === undefined || input.payFirst === null ? null : input.payFirst ? 1 : 0,
        trip_id: input.tripId ?? null,
      };
      await db.insertInto("links").values(row).execute();
      return row;
    },

    get(token: string): Promise<Link | undefined> {
      return db.selectFrom("links").selectAll().where("token", "=", token).executeTakeFirst();
    },

    /**
     * The course a customer's link (or offer) limits them to; null when it names none (every course),
     * undefined for no customer.
     */
    async courseOfCustomer(userId: number): Promise<string | null | undefined> {
      const row = await db.selectFrom("customers").select("course_id").where("user_id", "=", userId).executeTakeFirst();
      return row ? row.course_id : undefined;
    },

    /** An agent's links, newest first. */
    listFor(agentId: number, limit = 20): Promise<Link[]> {
      return db
        .selectFrom("links")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
    },

    /** Revokes one of `agentId`'s links; false when it is not theirs, unknown, or already revoked. */
    async revoke(token: string, agentId: number): Promise<boolean> {
      const result = await db
        .updateTable("links")
        .set({ revoked_at: now() })
        .where("token", "=", token)
        .where("agent_id", "=", agentId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** How many customers `token` admitted (a revoked link's: those who can no longer start bookings). */
    async admitted(token: string): Promise<number> {
      const row = await db
        .selectFrom("customers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("link_token", "=", token)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Sets whether `agentId`'s link makes its customers pay first (PromptPay) or confirms at once; false when not theirs. */
    async setPayFirst(token: string, agentId: number, payFirst: boolean): Promise<boolean> {
      const result = await db
        .updateTable("links")
        .set({ pay_first: payFirst ? 1 : 0 })
        .where("token", "=", token)
        .where("agent_id", "=", agentId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Why `link` gives no access now, if it doesn't. */
    refusal(link: Link): LinkRefusal | undefined {
      if (link.revoked_at !== null) return "revoked";
      if (link.expires_at !== null && link.expires_at <= now()) return "expired";
      if (link.max_uses !== null && link.uses >= link.max_uses) return "used-up";
      return undefined;
    },

    /**
     * Lets `userId` in through `token`. A use is counted once per customer (opening the same link again
     * counts nothing), atomically, so a link with N uses admits N customers however they race.
     */
    async redeem(token: string, userId: number, name: string | null): Promise<Redemption> {
      if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "malformed" };
      const link = await links.get(token);
      if (!link) return { ok: false, reason: "unknown" };
      if (!(await isSeller(Number(link.agent_id)))) return { ok: false, reason: "agent-removed" };
      const existing = await db.selectFrom("customers").selectAll().where("user_id", "=", userId).executeTakeFirst();
      const refused = links.refusal(link);
      if (existing?.link_token === token) {
        // A returning customer takes no new use, so a used-up link still lets them in.
        return refused && refused !== "used-up" ? { ok: false, reason: refused } : { ok: true, link, firstUse: false };
      }
      if (refused) return { ok: false, reason: refused };
      const counted = await db
        .updateTable("links")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("token", "=", token)
        .where("revoked_at", "is", null)
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return { ok: false, reason: "used-up" };
      const row = {
        user_id: userId,
        agent_id: link.agent_id,
        link_token: token,
        name,
        joined_at: now(),
        course_id: link.course_id,
        trip_id: link.trip_id,
      };
      await db
        .insertInto("customers")
        .values(row)
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({
            agent_id: row.agent_id,
            link_token: token,
            name,
            joined_at: row.joined_at,
            course_id: row.course_id,
            trip_id: row.trip_id,
          }),
        )
        .execute();
      return { ok: true, link: { ...link, uses: link.uses + 1 }, firstUse: true };
    },
  };
  return links;
}

export type Links = ReturnType<typeof createLinks>;
