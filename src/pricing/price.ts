/**
 * The one price function: what a customer pays for a tee time, from the partner's net price and the
 * markup that applies. Every surface that shows a price (the booking flow, inline offers, /find, the
 * golfer's copy, reminders, notices, receipts, reports) and the ledger's selling amount call it through
 * a `PriceBook` (rules.ts). Pure: no I/O, integers of satang throughout.
 */

/** A markup: a percentage of the net price (in basis points: 1500 = 15 %), or baht per player (in satang). */
export type Markup = { kind: "percent"; basisPoints: number } | { kind: "per-player"; satang: number };

/** Selling prices are rounded up to a whole number of these baht. */
export const ROUNDINGS = [1, 10, 50, 100] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** What a rule gives for one tee time and party. */
export interface Quote {
  /** Satang per player the partner charges the agency (its cost). */
  netPerPlayer: number;
  /** Satang per player the customer pays. */
  perPlayer: number;
  persons: number;
  /** Satang: net × persons. */
  net: number;
  /** Satang: selling price × persons, what the customer pays in all. */
  selling: number;
  /** Satang: selling − net. */
  margin: number;
}

/**
 * The selling price per player of a tee time whose net price per player is `netPerPlayer` satang:
 * the net plus the markup, rounded UP to `rounding` baht (so the margin is never below the markup).
 * No markup: the net itself, unrounded (fairway sells at the partner's price).
 */
export function sellingPerPlayer(netPerPlayer: number, markup: Markup | null, rounding: Rounding = 1): number {
  if (!Number.isSafeInteger(netPerPlayer) || netPerPlayer < 0) throw new RangeError(`net price: ${netPerPlayer}`);
  if (!markup) return netPerPlayer;
  const raw =
    markup.kind === "percent"
      ? Math.ceil((netPerPlayer * (10_000 + markup.basisPoints)) / 10_000)
      : netPerPlayer + markup.satang;
  const unit = rounding * 100;
  return Math.ceil(raw / unit) * unit;
}

/** The whole party's quote for a tee time of `netPerPlayer` satang. */
export function quote(netPerPlayer: number, persons: number, markup: Markup | null, rounding: Rounding = 1): Quote {
  const perPlayer = sellingPerPlayer(netPerPlayer, markup, rounding);
  const net = netPerPlayer * persons;
  const selling = perPlayer * persons;
  return { netPerPlayer, perPlayer, persons, net, selling, margin: selling - net };
}

/**
 * Reads a markup as written in PRICE_MARKUP or `/prices`: `15%` or `12.5 %` (a percentage of the net,
 * 0 to 500), or `300` (baht per player, 0 to 100,000, up to two decimals). Undefined when it is not one.
 */
export function parseMarkup(text: string): Markup | undefined {
  const s = text.trim().replace(/,/g, "");
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(s);
  if (percent) {
    const basisPoints = Math.round(Number(percent[1]) * 100);
    return basisPoints <= 50_000 ? { kind: "percent", basisPoints } : undefined;
  }
  const baht = /^(?:฿\s*)?(\d{1,6}(?:\.\d{1,2})?)\s*(?:฿|baht|thb|บาท)?$/i.exec(s);
  if (baht) {
    const satang = Math.round(Number(baht[1]) * 100);
    return satang <= 10_000_000 ? { kind: "per-player", satang } : undefined;
  }
  return undefined;
}

/** A markup as `/prices` writes it back: `15%`, `12.5%`, `300` (baht per player), `300.50`. */
export function markupText(markup: Markup): string {
  if (markup.kind === "percent") return `${trimZeros(markup.basisPoints / 100)}%`;
  return trimZeros(markup.satang / 100);
}

function trimZeros(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, "");
}

/** Reads a rounding (`1`, `10`, `50` or `100` baht). */
export function parseRounding(text: string): Rounding | undefined {
  const n = Number(text.trim());
  return (ROUNDINGS as readonly number[]).includes(n) ? (n as Rounding) : undefined;
}
