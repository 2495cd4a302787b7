/**
 * A price as agents and admins read it: what the customer pays, with the net (the agency's
 * cost) beside it when a markup makes them differ; with no markup, the one figure. Never for a
 * customer's eyes: a customer's surfaces format the selling price alone.
 */
import type { Locale } from "./locale.js";
import { formatBaht } from "./money.js";

type T = (key: string, args?: Record<string, string | number>) => string;

/**
 * `฿2,400 · net ฿2,000` (Thai: `ทุน`), or `฿2,400` when the two are equal. `short` is for a button
 * label: `฿2,400 (2,000)`, the net in brackets (the message says so: `price-net-hint`).
 */
export function staffPrice(
  selling: number,
  net: number,
  env: { t: T; locale: Locale },
  options: { short?: boolean } = {},
): string {
  const price = formatBaht(selling, env.locale);
  if (selling === net) return price;
  if (options.short) return `${price} (${formatBaht(net, env.locale).replace("฿", "")})`;
  return env.t("price-with-net", { price, net: formatBaht(net, env.locale) });
}
