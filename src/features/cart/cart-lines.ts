/** localStorage key of the cart (docs/product.md#cart). */
export const CART_STORAGE_KEY = "cart";

/**
 * One cart line as the browser keeps it. Prices are for display only: the server recomputes every amount from the
 * catalog at checkout (docs/product.md#prices), and the storefront refreshes them from the catalog when it shows the cart.
 */
export type CartLine = {
  productId: string;
  productTitle: string;
  variantId: string;
  variantTitle: string;
  imageUrl: string | null;
  /** Unit price actually charged (the sale price when on sale), integer cents. */
  unitPriceCents: number;
  currency: string;
  quantity: number;
};

export type CartItemInput = Omit<CartLine, "quantity">;

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * A stored line, checked by hand rather than with zod: this module is part of every page's first JavaScript, and
 * zod would add more to it than the rest of the cart together. Unknown keys are dropped.
 */
export function readCartLine(entry: unknown): CartLine | null {
  if (typeof entry !== "object" || entry === null) return null;
  const e = entry as Record<string, unknown>;
  if (
    !isText(e.productId, 1, 100) ||
    !isText(e.productTitle, 0, 500) ||
    !isText(e.variantId, 1, 100) ||
    !isText(e.variantTitle, 0, 500) ||
    !(e.imageUrl === null || isText(e.imageUrl, 0, 2000)) ||
    !isWhole(e.unitPriceCents, 0, Number.MAX_SAFE_INTEGER) ||
    !(typeof e.currency === "string" && /^[A-Za-z]{3}$/.test(e.currency)) ||
    !isWhole(e.quantity, 1, 1_000_000)
  ) {
    return null;
  }
  return {
    productId: e.productId,
    productTitle: e.productTitle,
    variantId: e.variantId,
    variantTitle: e.variantTitle,
    imageUrl: e.imageUrl,
    unitPriceCents: e.unitPriceCents,
    currency: e.currency,
    quantity: e.quantity,
  };
}

/**
 * Reads a stored cart. A cart saved by an older version or edited by hand must not break the page: anything that
 * is not a list gives an empty cart, unreadable lines are dropped, and a variant listed twice is merged.
 */
export function parseStoredCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let lines: CartLine[] = [];
  for (const entry of data) {
    const line = readCartLine(entry);
    if (line) lines = addLine(lines, line, line.quantity);
  }
  return lines;
}

/** Adding a variant already in the cart raises its quantity instead of adding a second line. */
export function addLine(lines: CartLine[], item: CartItemInput, quantity: number): CartLine[] {
  if (!Number.isInteger(quantity) || quantity <= 0) return lines;
  const existing = lines.find((line) => line.variantId === item.variantId);
  if (existing) {
    return lines.map((line) => (line.variantId === item.variantId ? { ...line, ...item, quantity: line.quantity + quantity } : line));
  }
  return [...lines, { ...item, quantity }];
}

/** Setting a quantity of zero or less removes the line (docs/product.md#cart). */
export function setLineQuantity(lines: CartLine[], variantId: string, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((line) => line.variantId !== variantId);
  const whole = Math.floor(quantity);
  return lines.map((line) => (line.variantId === variantId ? { ...line, quantity: whole } : line));
}

export function removeLine(lines: CartLine[], variantId: string): CartLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

/** The header badge: the sum of quantities. */
export function totalQuantity(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The total is shown in the currency of the first line (docs/product.md#cart); lines in another currency cannot be added to it
 * and are left out rather than summed as if they were the same money.
 */
export function cartTotal(lines: CartLine[]): { cents: number; currency: string } | null {
  if (lines.length === 0) return null;
  const currency = lines[0].currency.toUpperCase();
  const cents = lines
    .filter((line) => line.currency.toUpperCase() === currency)
    .reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { cents, currency };
}
