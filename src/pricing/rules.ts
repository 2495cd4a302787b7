/**
 * The agency's price rules, stored in the database (`price_rules`, migration 013): the agency's
 * default markup and rounding, and overrides per course and per agent. `PRICE_MARKUP` and
 * `PRICE_ROUNDING` give the default until an admin sets one with /prices. Every change is written to
 * the audit log. A `PriceBook` is one read of the rules: the price function for every tee time.
 */
import type { Kysely } from "kysely";
import { createAuditLog, userActor } from "../bookings/audit.js";
import type { Database } from "../storage/schema.js";
import { markupText, quote, sellingPerPlayer, type Markup, type Quote, type Rounding } from "./price.js";

/** What a rule applies to: the agency (every sale), one course, or one agent's sales. */
export type RuleScope = { kind: "agency" } | { kind: "course"; courseId: string } | { kind: "agent"; agentId: number };

/** Where a price's markup came from (shown to admins and agents). */
export type RuleSource = "env" | "agency" | "course" | "agent" | "none";

/** The markup that applies to one sale, and why. */
export interface AppliedRule {
  markup: Markup | null;
  rounding: Rounding;
  source: RuleSource;
}

/** Who sells what: the seller (an agent, for a customer's booking through their link) and the course. */
export interface SaleContext {
  courseId: string;
  /** The agent credited with the sale; null for an agent's or admin's own booking (their own rules apply: the agent's). */
  agentId: number | null;
}

/** What a seller's customers pay per player for a tee time of `net` satang at a course. */
export type SellingPrice = (net: number, courseId: string) => number;

/**
 * The agent whose sales a user's prices are: a customer's, the agent whose link let them in; an agent's
 * or admin's, their own (their own rules: a course's override, then theirs, then the agency's).
 */
export function sellerOf(who: { role: string; agentId?: number }, userId: number | null): number | null {
  return who.role === "customer" ? (who.agentId ?? null) : userId;
}

export interface PriceRulesSnapshot {
  /** The agency's markup: the database's, else PRICE_MARKUP's; null when neither (no markup). */
  agency: Markup | null;
  agencySource: "env" | "agency" | "none";
  rounding: Rounding;
  courses: Map<string, Markup>;
  agents: Map<number, Markup>;
}

/** A `PriceRulesSnapshot` as plain JSON (what a conversation's `external` may return and replay). */
export interface PlainPriceRules {
  agency: Markup | null;
  agencySource: "env" | "agency" | "none";
  rounding: Rounding;
  courses: [string, Markup][];
  agents: [number, Markup][];
}

/**
 * One read of the price rules: the price function for any tee time. Precedence: a course's override,
 * else the selling agent's, else the agency's (a course's terms bind every agent who sells it).
 */
export class PriceBook {
  constructor(readonly rules: PriceRulesSnapshot) {}

  /** The rules as plain JSON. */
  plain(): PlainPriceRules {
    const { agency, agencySource, rounding, courses, agents } = this.rules;
    return { agency, agencySource, rounding, courses: [...courses], agents: [...agents] };
  }

  /** The book of rules `plain()` gave. */
  static from(plain: PlainPriceRules): PriceBook {
    return new PriceBook({ ...plain, courses: new Map(plain.courses), agents: new Map(plain.agents) });
  }

  /** The markup that applies to a sale. */
  ruleFor(sale: SaleContext): AppliedRule {
    const { rules } = this;
    const course = rules.courses.get(sale.courseId);
    if (course) return { markup: course, rounding: rules.rounding, source: "course" };
    const agent = sale.agentId === null ? undefined : rules.agents.get(sale.agentId);
    if (agent) return { markup: agent, rounding: rules.rounding, source: "agent" };
    return { markup: rules.agency, rounding: rules.rounding, source: rules.agencySource };
  }

  /** Satang per player the customer pays for a tee time of `netPerPlayer`. */
  perPlayer(netPerPlayer: number, sale: SaleContext): number {
    const rule = this.ruleFor(sale);
    return sellingPerPlayer(netPerPlayer, rule.markup, rule.rounding);
  }

  /** The party's quote (net, selling, margin). */
  quote(netPerPlayer: number, persons: number, sale: SaleContext): Quote {
    const rule = this.ruleFor(sale);
    return quote(netPerPlayer, persons, rule.markup, rule.rounding);
  }

  /**
   * The selling total of a booking whose partner amount (net, satang, for every player) is `net`: the
   * per-player price of its share, times the players. A group prices each flight so, and adds them up.
   */
  sellingTotal(net: number, persons: number, sale: SaleContext): number {
    if (persons <= 0) return net;
    // Never under the net: a net that does not split evenly by the players (1,000.00 for 3) would
    // otherwise round the customer's total below the agency's cost.
    return Math.max(net, this.perPlayer(Math.round(net / persons), sale) * persons);
  }

  /** A seller's price function; undefined when no markup can apply (every price is the net). */
  sellingPrice(agentId: number | null): SellingPrice | undefined {
    if (!this.hasMarkup()) return undefined;
    return (net, courseId) => this.perPlayer(net, { courseId, agentId });
  }

  /** Whether any markup can apply (so customers' prices differ from the net). */
  hasMarkup(): boolean {
    return this.rules.agency !== null || this.rules.courses.size > 0 || this.rules.agents.size > 0;
  }
}

/** A price book with no rules: everything sells at the partner's price. */
export const NO_MARKUP = new PriceBook({
  agency: null,
  agencySource: "none",
  rounding: 1,
  courses: new Map(),
  agents: new Map(),
});

export interface PriceRulesOptions {
  db: Kysely<Database>;
  now: () => number;
  /** PRICE_MARKUP: the agency's default until an admin sets one. */
  envMarkup: Markup | null;
  /** PRICE_ROUNDING: the default rounding until an admin sets one. */
  envRounding: Rounding;
  /** How long a read is reused, ms (default 5 s): a change reaches every instance within it. */
  cacheMs?: number;
}

function scopeKey(scope: RuleScope): { scope: string; target: string } {
  if (scope.kind === "agency") return { scope: "agency", target: "" };
  if (scope.kind === "course") return { scope: "course", target: scope.courseId };
  return { scope: "agent", target: String(scope.agentId) };
}

function markupOf(kind: string, value: number): Markup | undefined {
  if (kind === "percent") return { kind: "percent", basisPoints: Number(value) };
  if (kind === "per-player") return { kind: "per-player", satang: Number(value) };
  return undefined;
}

function auditText(markup: Markup | null | undefined): string | null {
  return markup ? markupText(markup) : null;
}

/** The stored price rules: read (cached briefly), set, cleared; every change audited. */
export function createPriceRules(options: PriceRulesOptions) {
  const { db, now } = options;
  const audit = createAuditLog(db, now);
  const cacheMs = options.cacheMs ?? 5_000;
  let cached: { at: number; book: PriceBook } | undefined;

  async function read(): Promise<PriceBook> {
    const rows = await db.selectFrom("price_rules").selectAll().execute();
    const courses = new Map<string, Markup>();
    const agents = new Map<number, Markup>();
    let agency: Markup | null | undefined;
    let rounding: Rounding = options.envRounding;
    for (const row of rows) {
      const markup = markupOf(row.kind, row.value);
      if (row.scope === "agency") {
        agency = row.kind === "none" ? null : markup;
        if (row.rounding !== null) rounding = row.rounding as Rounding;
      } else if (row.scope === "course" && markup) courses.set(row.target, markup);
      else if (row.scope === "agent" && markup) agents.set(Number(row.target), markup);
    }
    const fromDb = agency !== undefined;
    const agencyMarkup = fromDb ? (agency ?? null) : options.envMarkup;
    return new PriceBook({
      agency: agencyMarkup,
      agencySource: fromDb ? "agency" : options.envMarkup ? "env" : "none",
      rounding,
      courses,
      agents,
    });
  }

  const rules = {
    /** The rules now (a read at most `cacheMs` old on this instance; a change here is seen at once). */
    async book(): Promise<PriceBook> {
      const at = now();
      if (cached && at - cached.at < cacheMs) return cached.book;
      const book = await read();
      cached = { at, book };
      return book;
    },

    /**
     * Sets the markup of a scope (`null` on the agency: no markup at all, whatever PRICE_MARKUP says).
     * The agency row also carries the rounding; `rounding` alone changes only that.
     */
    async set(
      scope: RuleScope,
      change: { markup?: Markup | null; rounding?: Rounding },
      actorId: number,
    ): Promise<void> {
      const key = scopeKey(scope);
      const before = await db
        .selectFrom("price_rules")
        .selectAll()
        .where("scope", "=", key.scope)
        .where("target", "=", key.target)
        .executeTakeFirst();
      const current = (await rules.book()).rules;
      const beforeMarkup = before ? (markupOf(before.kind, before.value) ?? null) : undefined;
      let markup: Markup | null;
      if (change.markup !== undefined) markup = change.markup;
      else if (beforeMarkup !== undefined) markup = beforeMarkup;
      else markup = scope.kind === "agency" ? current.agency : null;
      if (scope.kind !== "agency" && markup === null) throw new Error("an override needs a markup");
      const row = {
        scope: key.scope,
        target: key.target,
        kind: markup ? markup.kind : "none",
        value: markup ? (markup.kind === "percent" ? markup.basisPoints : markup.satang) : 0,
        rounding: scope.kind === "agency" ? (change.rounding ?? before?.rounding ?? current.rounding) : null,
        updated_at: now(),
        updated_by: actorId,
      };
      await db
        .insertInto("price_rules")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["scope", "target"]).doUpdateSet({
            kind: row.kind,
            value: row.value,
            rounding: row.rounding,
            updated_at: row.updated_at,
            updated_by: row.updated_by,
          }),
        )
        .execute();
      cached = undefined;
      await audit.record({
        actor: userActor(actorId),
        action: "price-rule",
        outcome: "set",
        detail: {
          scope: key.scope,
          target: key.target || undefined,
          before: before ? { markup: auditText(beforeMarkup), rounding: before.rounding } : null,
          after: { markup: auditText(markup), rounding: row.rounding },
        },
      });
    },

    /** Removes an override (or the agency's own setting: PRICE_MARKUP applies again). False if there was none. */
    async clear(scope: RuleScope, actorId: number): Promise<boolean> {
      const key = scopeKey(scope);
      const before = await db
        .selectFrom("price_rules")
        .selectAll()
        .where("scope", "=", key.scope)
        .where("target", "=", key.target)
        .executeTakeFirst();
      if (!before) return false;
      const result = await db
        .deleteFrom("price_rules")
        .where("scope", "=", key.scope)
        .where("target", "=", key.target)
        .executeTakeFirst();
      cached = undefined;
      if (Number(result.numDeletedRows) === 0) return false;
      await audit.record({
        actor: userActor(actorId),
        action: "price-rule",
        outcome: "cleared",
        detail: {
          scope: key.scope,
          target: key.target || undefined,
          before: { markup: auditText(markupOf(before.kind, before.value)), rounding: before.rounding },
        },
      });
      return true;
    },
  };
  return rules;
}

export type PriceRules = ReturnType<typeof createPriceRules>;
