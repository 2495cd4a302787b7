/**
 * Agents' inline offers: one token per (agent, tee time), made when the agent's inline results are built
 * (results.ts) and opened by customers from the posted card (features/offers.ts); kept in the `offers` and
 * `offer_opens` tables (migrations/009-offers.ts).
 */
import type { BookingQueries } from "../../bookings/queries.js";
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, OffersTable } from "../../storage/schema.js";

export type Offer = Selectable<OffersTable>;

/** An offer token: `o` + 11 base64url characters (66 random bits), so `https://t.me/<bot>?start=<token>` stays within 64 characters. */
export const OFFER_TOKEN_PATTERN = /^o[A-Za-z0-9_-]{11}$/;

/** How many customers may open one offer card (each customer counts once, like a link's use). */
export const OFFER_MAX_USES = 20;

export type OfferRefusal = "unknown" | "expired" | "used-up";

export type OfferOpening = { ok: true; offer: Offer; firstOpen: boolean } | { ok: false; reason: OfferRefusal };

/** The tee time an offer names (what the inline result shows). */
export interface OfferedTeeTime {
  courseId: string;
  courseName: string;
  courseNameTH: string | null;
  timeZone: string;
  slotId: string;
  startsAt: number;
  price: number;
  minPersons: number;
  maxPersons: number;
}

/** An offer with what became of it, for /offers. */
export interface OfferSummary extends Offer {
  opens: number;
  booked: number;
}

export function newOfferToken(): string {
  return `o${randomBytes(9).toString("base64url").slice(0, 11)}`;
}

/**
 * Agents' inline offers. Bounded: one token per (agent, tee time), made when a result first shows that
 * tee time and reused by every later query; it expires when the tee time starts.
 */
export interface OffersOptions {
  db: Kysely<Database>;
  /** The ledger's read model: the courses an agent booked lately. */
  ledger: Pick<BookingQueries, "coursesBookedBy">;
  now: () => number;
}

export function createOffers(options: OffersOptions) {
  const { db, ledger, now } = options;
  const offers = {
    /**
     * The agent's offers of these tee times, by tee-time id: the existing ones, and new ones for the
     * rest (unique per agent and tee time, whoever races). At most three queries for a page of results.
     */
    async ensure(agentId: number, teeTimes: readonly OfferedTeeTime[]): Promise<Map<string, Offer>> {
      if (teeTimes.length === 0) return new Map();
      const ids = teeTimes.map((t) => t.slotId);
      const read = () =>
        db.selectFrom("offers").selectAll().where("agent_id", "=", agentId).where("slot_id", "in", ids).execute();
      let rows = await read();
      const missing = teeTimes.filter((t) => !rows.some((r) => r.slot_id === t.slotId));
      if (missing.length > 0) {
        const at = now();
        const fresh = missing.map((t): Offer => ({
          token: newOfferToken(),
          agent_id: agentId,
          course_id: t.courseId,
          course_name: t.courseName,
          course_name_th: t.courseNameTH,
          time_zone: t.timeZone,
          slot_id: t.slotId,
          starts_at: t.startsAt,
          price: t.price,
          min_persons: t.minPersons,
          max_persons: t.maxPersons,
          max_uses: OFFER_MAX_USES,
          uses: 0,
          expires_at: t.startsAt,
          posted: 0,
          created_at: at,
        }));
        await db
          .insertInto("offers")
          .values(fresh)
          .onConflict((oc) => oc.columns(["agent_id", "slot_id"]).doNothing())
          .execute();
        rows = await read();
      }
      return new Map(rows.map((r) => [r.slot_id, r]));
    },

    get(token: string): Promise<Offer | undefined> {
      return db.selectFrom("offers").selectAll().where("token", "=", token).executeTakeFirst();
    },

    /** The agent posted the card (chosen_inline_result). */
    async posted(token: string, agentId: number): Promise<void> {
      await db
        .updateTable("offers")
        .set((eb) => ({ posted: eb("posted", "+", 1) }))
        .where("token", "=", token)
        .where("agent_id", "=", agentId)
        .execute();
    },

    /** `userId` opens the card: counted once per user, atomically (N uses admit N people however they race). */
    async open(token: string, userId: number): Promise<OfferOpening> {
      if (!OFFER_TOKEN_PATTERN.test(token)) return { ok: false, reason: "unknown" };
      const offer = await offers.get(token);
      if (!offer) return { ok: false, reason: "unknown" };
      if (offer.expires_at <= now()) return { ok: false, reason: "expired" };
      const seen = await db
        .selectFrom("offer_opens")
        .select("user_id")
        .where("token", "=", token)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (seen) return { ok: true, offer, firstOpen: false };
      const counted = await db
        .updateTable("offers")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("token", "=", token)
        .where("expires_at", ">", now())
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return { ok: false, reason: "used-up" };
      await db
        .insertInto("offer_opens")
        .values({ token, user_id: userId, opened_at: now(), booking_id: null, booked_at: null })
        .onConflict((oc) => oc.columns(["token", "user_id"]).doNothing())
        .execute();
      return { ok: true, offer: { ...offer, uses: offer.uses + 1 }, firstOpen: true };
    },

    /**
     * A paid booking that came from an offer the booker opened (same agent, same tee time): recorded
     * once (a conditional update), and the offer returned; undefined when the booking was no offer's.
     */
    async markBooked(b: {
      id: string;
      user_id: number;
      agent_id: number | null;
      slot_id: string;
    }): Promise<Offer | undefined> {
      if (b.agent_id === null) return undefined;
      const open = await db
        .selectFrom("offer_opens")
        .innerJoin("offers", "offers.token", "offer_opens.token")
        .select(["offer_opens.token"])
        .where("offers.agent_id", "=", b.agent_id)
        .where("offers.slot_id", "=", b.slot_id)
        .where("offer_opens.user_id", "=", b.user_id)
        .where("offer_opens.booking_id", "is", null)
        .executeTakeFirst();
      if (!open) return undefined;
      const marked = await db
        .updateTable("offer_opens")
        .set({ booking_id: b.id, booked_at: now() })
        .where("token", "=", open.token)
        .where("user_id", "=", b.user_id)
        .where("booking_id", "is", null)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows) === 1 ? offers.get(open.token) : undefined;
    },

    /** The agent's offers that were posted or opened, newest first, with their opens and bookings. */
    async listFor(agentId: number, limit = 15): Promise<OfferSummary[]> {
      const rows = await db
        .selectFrom("offers")
        .selectAll()
        .where("agent_id", "=", agentId)
        .where((eb) => eb.or([eb("posted", ">", 0), eb("uses", ">", 0)]))
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      const opens = await db
        .selectFrom("offer_opens")
        .select(["token", "booking_id"])
        .where(
          "token",
          "in",
          rows.map((r) => r.token),
        )
        .execute();
      return rows.map((r) => {
        const mine = opens.filter((o) => o.token === r.token);
        return { ...r, opens: mine.length, booked: mine.filter((o) => o.booking_id !== null).length };
      });
    },

    /**
     * A stranger who opened an offer becomes a customer of its agent (like a link's first use), bound to
     * the offer's course.
     */
    async adopt(offer: Pick<Offer, "token" | "agent_id" | "course_id">, userId: number, name: string | null) {
      await db
        .insertInto("customers")
        .values({
          user_id: userId,
          agent_id: offer.agent_id,
          link_token: offer.token,
          name,
          joined_at: now(),
          course_id: offer.course_id,
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },

    /** Deletes offers whose tee time started before `before`, with who opened them (the leader's hourly sweep). */
    async prune(before: number): Promise<number> {
      const old = db.selectFrom("offers").select("token").where("expires_at", "<", before);
      await db.deleteFrom("offer_opens").where("token", "in", old).execute();
      const result = await db.deleteFrom("offers").where("expires_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The courses the agent offered or booked lately, newest first (course ids). */
    async recentCourses(agentId: number, limit = 3): Promise<string[]> {
      const offered = await db
        .selectFrom("offers")
        .select("course_id")
        .where("agent_id", "=", agentId)
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      const booked = await ledger.coursesBookedBy(agentId);
      return [...new Set([...offered.map((r) => r.course_id), ...booked])].slice(0, limit);
    },

    /** Ends every offer of `agentId` now (the agent was removed): a card opened later is refused as expired. */
    async endAllOf(agentId: number): Promise<void> {
      const at = now();
      await db
        .updateTable("offers")
        .set({ expires_at: at })
        .where("agent_id", "=", agentId)
        .where("expires_at", ">", at)
        .execute();
    },
  };
  return offers;
}

export type Offers = ReturnType<typeof createOffers>;
