/**
 * The one pricing engine (docs/product.md#taxes-and-discounts): lines, shipping, the destination's tax rates and the
 * applicable discounts in; per-line amounts, discount lines, tax per rate, shipping tax and totals out. Pure (no
 * database, no settings) so the server charges with it and the cart drawer's estimate comes from the same code.
 *
 * Rounding: every amount is integer cents, rounded once per line, half-up (docs/product.md#tax-rounding). The totals
 * are sums of rounded line amounts, so they always add up to the cent.
 */

export type TaxClass = "standard" | "reduced" | "zero";
export const taxClasses: readonly TaxClass[] = ["standard", "reduced", "zero"];

/** Rates in basis points: 2100 = 21 %, 550 = 5.5 %. The zero class is always 0. */
export type RateSet = { standardBp: number; reducedBp: number };

export type TaxSettings = {
  /** true: catalog prices include tax (EU style); false: tax is added on top at checkout. */
  pricesIncludeTax: boolean;
  defaultRates: RateSet;
  /** Upper-case ISO country → its rates. */
  countryRates: Record<string, RateSet>;
};

export type DiscountKind = "percent" | "fixed" | "free_shipping";

export type EngineDiscount = {
  id: number;
  /** null for an automatic promotion. */
  code: string | null;
  name: string;
  kind: DiscountKind;
  /** percent: basis points (1000 = 10 %); fixed: cents; free_shipping: ignored. */
  value: number;
  minSubtotalCents: number;
  /** Restrictions; empty lists mean the whole cart. A line matches when its product or one of its categories is listed. */
  productIds: readonly string[];
  categoryIds: readonly string[];
};

export type EngineLine = {
  key: string;
  unitCents: number;
  quantity: number;
  taxClass: TaxClass;
  productId: string;
  categoryIds: readonly string[];
  /**
   * A discount already decided for this line, taken off before `discounts`: re-pricing a stored order for another
   * destination keeps the discounts the shopper saw and only recomputes tax and totals.
   */
  presetDiscountCents?: number;
};

export type PricingInput = {
  lines: readonly EngineLine[];
  /** Shipping before any free-shipping discount, in the same terms as the prices (incl. or excl. tax). */
  shippingCents: number;
  /** Upper-case ISO country of the destination; null → the default rates. */
  country: string | null;
  tax: TaxSettings;
  /** Automatic promotions first, then the code, applied in this order on what is left of each line. */
  discounts: readonly EngineDiscount[];
};

export type PricedLine = {
  key: string;
  quantity: number;
  unitCents: number;
  /** unit × quantity. */
  subtotalCents: number;
  discountCents: number;
  taxRateBp: number;
  taxCents: number;
  /** What the shopper pays for the line, tax included. */
  totalCents: number;
};

export type AppliedDiscount = { id: number; code: string | null; name: string; kind: DiscountKind; amountCents: number };
export type RejectedDiscount = { id: number; code: string | null; reason: "minimum_not_reached" | "not_applicable" };
export type TaxLine = { rateBp: number; taxCents: number };

export type PricingResult = {
  pricesIncludeTax: boolean;
  country: string | null;
  lines: PricedLine[];
  discounts: AppliedDiscount[];
  rejected: RejectedDiscount[];
  shipping: { baseCents: number; chargedCents: number; taxRateBp: number; taxCents: number; totalCents: number; free: boolean };
  /** Tax per rate, goods and shipping together, highest rate first; rates with no tax are left out. */
  taxLines: TaxLine[];
  subtotalCents: number;
  /** Goods discounts (a free-shipping discount shows as shipping 0, not as an amount). */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** subtotal − discount + shipping (+ tax when prices exclude it). */
  totalCents: number;
};

/** a / b rounded half-up, for non-negative a and positive b. */
export function divHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** What earlier parts took of an amount split by units: how many units, and how many of its cents. */
export type TakenPart = { units: number; cents: number };

/**
 * The cents `units` more units take of `wholeCents`, the amount of `ofUnits` units (a line's total, tax or discount),
 * after earlier parts took `taken`: the cumulative share half-up minus what was taken, never below zero nor past what
 * is left, and all that is left once the last unit goes. Parts taken this way add up to the whole to the cent in
 * whatever groups and order the units go (three single units of 168.14 are 56.05 + 56.04 + 56.05), where rounding
 * each part on its own could give back more than was charged. For a non-negative whole.
 */
export function shareOfRemainder(wholeCents: number, ofUnits: number, taken: TakenPart, units: number): number {
  const left = Math.max(0, wholeCents - taken.cents);
  if (taken.units + units >= ofUnits) return left;
  const share = divHalfUp(wholeCents * (taken.units + units), ofUnits) - taken.cents;
  return Math.min(left, Math.max(0, share));
}

export function ratesFor(tax: TaxSettings, country: string | null): RateSet {
  return (country && tax.countryRates[country.toUpperCase()]) || tax.defaultRates;
}

/**
 * The countries of `candidates` whose rates are the same as `country`'s (the default rates for null): an address in
 * any of them gives the order the same tax, so a payment page that cannot change the amounts may offer only these.
 */
export function countriesTaxedAlike(tax: TaxSettings, country: string | null, candidates: readonly string[]): string[] {
  const want = ratesFor(tax, country);
  return candidates
    .map((c) => c.trim().toUpperCase())
    .filter((c) => {
      const r = ratesFor(tax, c);
      return c !== "" && r.standardBp === want.standardBp && r.reducedBp === want.reducedBp;
    });
}

export function rateBpFor(rates: RateSet, taxClass: TaxClass): number {
  if (taxClass === "zero") return 0;
  return taxClass === "reduced" ? rates.reducedBp : rates.standardBp;
}

/** Tax in an amount: extracted when the amount includes it, added on top when it does not. */
export function taxOf(amountCents: number, rateBp: number, included: boolean): { taxCents: number; totalCents: number } {
  if (rateBp <= 0 || amountCents <= 0) return { taxCents: 0, totalCents: amountCents };
  if (included) {
    const net = divHalfUp(amountCents * 10_000, 10_000 + rateBp);
    return { taxCents: amountCents - net, totalCents: amountCents };
  }
  const taxCents = divHalfUp(amountCents * rateBp, 10_000);
  return { taxCents, totalCents: amountCents + taxCents };
}

function matches(discount: EngineDiscount, line: EngineLine): boolean {
  if (discount.productIds.length === 0 && discount.categoryIds.length === 0) return true;
  return discount.productIds.includes(line.productId) || line.categoryIds.some((c) => discount.categoryIds.includes(c));
}

/**
 * Splits `amount` over `weights` in proportion, each share rounded down, the remaining cents given to the largest
 * remainders (earlier lines first on ties), so the shares add up to exactly `amount`.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => Math.floor((amount * w) / total));
  let left = amount - raw.reduce((s, v) => s + v, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (amount * w) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    raw[i] += 1;
    left -= 1;
  }
  return raw;
}

export function priceCart(input: PricingInput): PricingResult {
  const included = input.tax.pricesIncludeTax;
  const rates = ratesFor(input.tax, input.country);
  const subtotals = input.lines.map((l) => l.unitCents * l.quantity);
  const subtotalCents = subtotals.reduce((s, v) => s + v, 0);
  const discountPerLine = input.lines.map((l, i) => Math.min(subtotals[i], Math.max(0, l.presetDiscountCents ?? 0)));
  const remaining = subtotals.map((s, i) => s - discountPerLine[i]);
  const applied: AppliedDiscount[] = [];
  const rejected: RejectedDiscount[] = [];
  let freeShipping = false;

  for (const discount of input.discounts) {
    const eligible = input.lines.map((line, i) => (matches(discount, line) ? i : -1)).filter((i) => i >= 0);
    if (eligible.length === 0) {
      rejected.push({ id: discount.id, code: discount.code, reason: "not_applicable" });
      continue;
    }
    // The minimum is on the cart's subtotal before discounts, the amount the shopper sees as "Subtotal".
    if (subtotalCents < discount.minSubtotalCents) {
      rejected.push({ id: discount.id, code: discount.code, reason: "minimum_not_reached" });
      continue;
    }
    let amount = 0;
    if (discount.kind === "free_shipping") {
      freeShipping = true;
    } else if (discount.kind === "percent") {
      for (const i of eligible) {
        const cut = Math.min(remaining[i], divHalfUp(remaining[i] * discount.value, 10_000));
        remaining[i] -= cut;
        discountPerLine[i] += cut;
        amount += cut;
      }
    } else {
      const base = eligible.reduce((s, i) => s + remaining[i], 0);
      const shares = allocate(Math.min(discount.value, base), eligible.map((i) => remaining[i]));
      eligible.forEach((i, k) => {
        remaining[i] -= shares[k];
        discountPerLine[i] += shares[k];
        amount += shares[k];
      });
    }
    applied.push({ id: discount.id, code: discount.code, name: discount.name, kind: discount.kind, amountCents: amount });
  }

  const taxByRate = new Map<number, number>();
  const addTax = (rateBp: number, cents: number) => {
    if (cents > 0) taxByRate.set(rateBp, (taxByRate.get(rateBp) ?? 0) + cents);
  };

  const lines: PricedLine[] = input.lines.map((line, i) => {
    const taxRateBp = rateBpFor(rates, line.taxClass);
    const { taxCents, totalCents } = taxOf(remaining[i], taxRateBp, included);
    addTax(taxRateBp, taxCents);
    return {
      key: line.key,
      quantity: line.quantity,
      unitCents: line.unitCents,
      subtotalCents: subtotals[i],
      discountCents: discountPerLine[i],
      taxRateBp,
      taxCents,
      totalCents,
    };
  });

  // Shipping is taxed at the destination's standard rate (docs/product.md#taxes-and-discounts).
  const chargedShipping = freeShipping ? 0 : input.shippingCents;
  const shippingRateBp = rates.standardBp;
  const shippingTax = taxOf(chargedShipping, shippingRateBp, included);
  addTax(shippingRateBp, shippingTax.taxCents);

  const discountCents = discountPerLine.reduce((s, v) => s + v, 0);
  const taxCents = [...taxByRate.values()].reduce((s, v) => s + v, 0);
  const totalCents = lines.reduce((s, l) => s + l.totalCents, 0) + shippingTax.totalCents;
  return {
    pricesIncludeTax: included,
    country: input.country,
    lines,
    discounts: applied,
    rejected,
    shipping: {
      baseCents: input.shippingCents,
      chargedCents: chargedShipping,
      taxRateBp: shippingRateBp,
      taxCents: shippingTax.taxCents,
      totalCents: shippingTax.totalCents,
      free: freeShipping,
    },
    taxLines: [...taxByRate.entries()].sort((a, b) => b[0] - a[0]).map(([rateBp, cents]) => ({ rateBp, taxCents: cents })),
    subtotalCents,
    discountCents,
    shippingCents: chargedShipping,
    taxCents,
    totalCents,
  };
}
