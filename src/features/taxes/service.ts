import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { taxRates, taxSettings } from "@/server/db/schema/taxes";
import { productCategories, products } from "@/server/db/schema/catalog";
import type { TaxClass, TaxSettings } from "./pricing-engine";

/** Defaults when the settings row is missing (a database migrated before drizzle/0006 seeded it): EU style, 21 %. */
const fallback = { pricesIncludeTax: true, defaultStandardBp: 2100, defaultReducedBp: 1000 };

export async function loadTaxSettings(tx: Executor): Promise<TaxSettings> {
  // One round trip: every checkout, re-pricing and cart estimate reads both (the rates are a few dozen rows at most).
  const ratesJson = sql<Array<[string, number, number]>>`coalesce((select json_agg(json_build_array(${taxRates.country}, ${taxRates.standardBp}, ${taxRates.reducedBp}) order by ${taxRates.country}) from ${taxRates}), '[]'::json)`;
  const [row] = await tx
    .select({ pricesIncludeTax: taxSettings.pricesIncludeTax, defaultStandardBp: taxSettings.defaultStandardBp, defaultReducedBp: taxSettings.defaultReducedBp, rates: ratesJson })
    .from(taxSettings)
    .where(eq(taxSettings.id, 1));
  const rates = row
    ? row.rates
    : (await tx.select().from(taxRates).orderBy(asc(taxRates.country))).map((r): [string, number, number] => [r.country, r.standardBp, r.reducedBp]);
  const s = row ?? fallback;
  return {
    pricesIncludeTax: s.pricesIncludeTax,
    defaultRates: { standardBp: s.defaultStandardBp, reducedBp: s.defaultReducedBp },
    countryRates: Object.fromEntries(rates.map(([country, standardBp, reducedBp]) => [country, { standardBp, reducedBp }])),
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

export type ProductTaxFacts = { taxClass: TaxClass; categoryIds: string[] };

/**
 * A product's tax class and categories as columns of a query that reads `products`: a checkout reads them with its
 * cart's variants (one round trip less per order) and hands them to the pricing as each line's `facts`.
 */
export const productTaxFactColumns = {
  taxClass: products.taxClass,
  categoryIds: sql<string[]>`array(select ${productCategories.categoryId} from ${productCategories} where ${productCategories.productId} = ${products.id} order by 1)`,
};

/** Tax class and categories of each product, for the engine's lines. */
export async function productTaxFacts(tx: Executor, productIds: string[]): Promise<Map<string, ProductTaxFacts>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<string, ProductTaxFacts>();
  if (ids.length === 0) return facts;
  // One round trip, the same columns a checkout's snapshot reads.
  const rows = await tx.select({ id: products.id, ...productTaxFactColumns }).from(products).where(inArray(products.id, ids));
  for (const { id, taxClass, categoryIds } of rows) facts.set(id, { taxClass, categoryIds });
  return facts;
}
