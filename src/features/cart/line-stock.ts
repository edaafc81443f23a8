import type { CartLine } from "./cart-lines";

/**
 * What the server last said about a cart line's variant (docs/product.md#cart): whether it can be bought at all and
 * how many units are left (null: the variant does not track stock). The browser only shows it; checkout decides again.
 */
export type LineStock = { buyable: boolean; available: number | null };

/** How a line stands against its stock: fine, holding every unit left, sold out, or no longer for sale. */
export type LineStockState = { kind: "ok" } | { kind: "at_limit"; n: number } | { kind: "sold_out" } | { kind: "unavailable" };

/** The most units of a variant a cart may hold: none when it cannot be bought, else what is left (untracked: as asked). */
export function cappedQuantity(wanted: number, stock: LineStock): number {
  if (!stock.buyable) return 0;
  const whole = Math.max(0, Math.floor(wanted));
  return stock.available === null ? whole : Math.min(whole, stock.available);
}

/** A line's state; without an answer from the server yet, the line counts as fine. */
export function lineStockState(quantity: number, stock: LineStock | undefined): LineStockState {
  if (!stock) return { kind: "ok" };
  if (!stock.buyable) return { kind: "unavailable" };
  if (stock.available === null) return { kind: "ok" };
  if (stock.available <= 0) return { kind: "sold_out" };
  return quantity >= stock.available ? { kind: "at_limit", n: stock.available } : { kind: "ok" };
}

/** A line that cannot be bought as it stands (gone, sold out, or more units than are left) stops checkout until fixed. */
export function lineBlocksCheckout(quantity: number, stock: LineStock | undefined): boolean {
  const state = lineStockState(quantity, stock);
  if (state.kind === "sold_out" || state.kind === "unavailable") return true;
  return state.kind === "at_limit" && quantity > state.n;
}

export function cartBlocksCheckout(lines: CartLine[], stocks: Readonly<Record<string, LineStock>>): boolean {
  return lines.some((line) => lineBlocksCheckout(line.quantity, stocks[line.variantId]));
}
