import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { taxRates, taxSettings } from "@/server/db/schema/taxes";
import { productCategories, products } from "@/server/db/schema/catalog";
import type { TaxClass, TaxSettings } from "./pricing-engine";

/** Defaults when the settings row is missing (a database migrated before drizzle/0006 seeded it): EU style, 21 %. */
const fallback = { pricesIncludeTax: true, defaultStandardBp: 2100, defaultReducedBp: 1000 };

export async function loadTaxSettings(tx: Executor): Promise<TaxSettings> {
  const [[row], rates] = await Promise.all([
    tx.select().from(taxSettings).where(eq(taxSettings.id, 1)),
    tx.select().from(taxRates).orderBy(asc(taxRates.country)),
  ]);
  const s = row ?? fallback;
  return {
    pricesIncludeTax: s.pricesIncludeTax,
    defaultRates: { standardBp: s.defaultStandardBp, reducedBp: s.defaultReducedBp },
    countryRates: Object.fromEntries(rates.map((r) => [r.country, { standardBp: r.standardBp, reducedBp: r.reducedBp }])),
  };
}

/**
 * The country whose rates apply (docs/product.md#taxes-and-discounts): the shipping address when known, else the
 * shopper's last shipping address, else the language's country (es → ES; en → none, so the default rates).
 */
export function taxCountryFor(opts: { addressCountry?: string | null; savedCountry?: string | null; locale: string }): string | null {
  const pick = opts.addressCountry || opts.savedCountry || (opts.locale === "es" ? "ES" : null);
  return pick ? pick.toUpperCase() : null;
}

/** Tax class and categories of each product, for the engine's lines. */
export async function productTaxFacts(tx: Executor, productIds: string[]): Promise<Map<string, { taxClass: TaxClass; categoryIds: string[] }>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<string, { taxClass: TaxClass; categoryIds: string[] }>();
  if (ids.length === 0) return facts;
  const [rows, links] = await Promise.all([
    tx.select({ id: products.id, taxClass: products.taxClass }).from(products).where(inArray(products.id, ids)),
    tx.select({ productId: productCategories.productId, categoryId: productCategories.categoryId }).from(productCategories).where(inArray(productCategories.productId, ids)),
  ]);
  for (const r of rows) facts.set(r.id, { taxClass: r.taxClass, categoryIds: [] });
  for (const l of links) facts.get(l.productId)?.categoryIds.push(l.categoryId);
  return facts;
}
