import { groupOfKey, IN_STOCK, ON_SALE, priceBucketKey, type FacetIndex } from "./facet-index";
import { PRICE_BUCKETS, type ListingFilters } from "./listing-params";

/**
 * Which products of a scope the filters leave, and how many products each filter value would show, in one pass over
 * the facet index (docs/product.md#filters-and-sort). A product matches when ONE of its variants meets every filter:
 * "size 42 + in stock" needs a size-42 variant that is in stock. Options OR within themselves and AND together.
 *
 * A value's count leaves its own group out (choosing "42" still shows how many "43" would add): a variant that fails
 * exactly one selected group counts for that group's values only; one that fails none counts for every value.
 */

/** Where to look: products in any of these categories, or these products (a search's results); null = everything. */
export type IndexScope = { categoryIds: Set<string> } | { productIds: Set<string> } | null;

export type FacetMatch = {
  /** Products meeting every filter. */
  total: number;
  /** Their ids, in the index's order. */
  ids: string[];
  /** Products in the scope, before any filter. */
  scopeTotal: number;
  /** Value key ("o:size:42", "price:1", "in_stock", "on_sale") → products it would show. */
  counts: Map<string, number>;
};

type Group = { key: string; bit: number };

export function matchFacets(index: FacetIndex, scope: IndexScope, filters: ListingFilters): FacetMatch {
  const groups: Group[] = [];
  const valueCount = index.valueKeys.length;
  // For each value: the bit of its selected group (0 when its group is not filtered), and whether choosing it passes.
  const groupBit = new Int32Array(valueCount);
  const passes = new Uint8Array(valueCount);
  const addGroup = (key: string) => {
    const group = { key, bit: 1 << groups.length };
    groups.push(group);
    return group.bit;
  };
  const bitsOfGroup = new Map<string, number>();
  for (const option of Object.keys(filters.options)) bitsOfGroup.set(`o:${option}`, addGroup(`o:${option}`));
  const priceFiltered = filters.priceMin !== undefined || filters.priceMax !== undefined;
  const priceBit = priceFiltered ? addGroup("price") : 0;
  if (filters.inStock) bitsOfGroup.set(IN_STOCK, addGroup(IN_STOCK));
  if (filters.onSale) bitsOfGroup.set(ON_SALE, addGroup(ON_SALE));
  if (priceBit) bitsOfGroup.set("price", priceBit);
  index.valueKeys.forEach((key, id) => {
    groupBit[id] = bitsOfGroup.get(groupOfKey(key)) ?? 0;
  });
  for (const [option, values] of Object.entries(filters.options)) {
    for (const value of values) {
      const id = index.knownValueId(`o:${option}:${value}`);
      if (id !== undefined) passes[id] = 1;
    }
  }
  for (const key of [IN_STOCK, ON_SALE]) {
    const id = index.knownValueId(key);
    if (id !== undefined && bitsOfGroup.has(key)) passes[id] = 1;
  }
  const all = groups.reduce((mask, g) => mask | g.bit, 0);
  const min = filters.priceMin ?? 0;
  const max = filters.priceMax ?? Number.MAX_SAFE_INTEGER;

  const counts = new Int32Array(valueCount);
  // The last product (its ordinal + 1) counted for each value: a product counts once however many variants match.
  const counted = new Int32Array(valueCount);
  const ids: string[] = [];
  let scopeTotal = 0;
  const products = index.list();
  for (let n = 0; n < products.length; n++) {
    const product = products[n];
    if (scope && !inScope(product, scope)) continue;
    scopeTotal += 1;
    const stamp = n + 1;
    let matched = false;
    for (const variant of product.variants) {
      let passed = priceBit && variant.price >= min && variant.price <= max ? priceBit : 0;
      const values = variant.values;
      for (let i = 0; i < values.length; i++) if (passes[values[i]]) passed |= groupBit[values[i]];
      const failed = all & ~passed;
      if (failed === 0) matched = true;
      // More than one group failed: the variant counts for nothing.
      else if ((failed & (failed - 1)) !== 0) continue;
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (failed !== 0 && groupBit[v] !== failed) continue;
        if (counted[v] !== stamp) {
          counted[v] = stamp;
          counts[v] += 1;
        }
      }
    }
    if (matched) ids.push(product.id);
  }
  const byKey = new Map<string, number>();
  index.valueKeys.forEach((key, id) => byKey.set(key, counts[id]));
  return { total: ids.length, ids, scopeTotal, counts: byKey };
}

function inScope(product: { id: string; categories: string[] }, scope: NonNullable<IndexScope>): boolean {
  if ("productIds" in scope) return scope.productIds.has(product.id);
  for (const c of product.categories) if (scope.categoryIds.has(c)) return true;
  return false;
}

/** The price buckets' counts, in PRICE_BUCKETS order. */
export function bucketCounts(match: FacetMatch): number[] {
  return PRICE_BUCKETS.map((_, i) => match.counts.get(priceBucketKey(i)) ?? 0);
}
