import { groupOfKey, IN_STOCK, ON_SALE, priceBucketKey, type FacetIndex, type FlatIndex } from "./facet-index";
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
  /** Their ids, in the index's order (empty when not asked for). */
  ids: string[];
  /** Products in the scope, before any filter. */
  scopeTotal: number;
  /** Products in the whole index (every listed product). */
  catalogTotal: number;
  /** Value key ("o:size:42", "price:1", "in_stock", "on_sale") → products it would show. */
  counts: Map<string, number>;
};

type Group = { key: string; bit: number };

/** `withIds: false` when only the counts are wanted (the facet panel): skips listing ~100k ids. */
export function matchFacets(index: FacetIndex, scope: IndexScope, filters: ListingFilters, withIds = true): FacetMatch {
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

  const flat = index.flat();
  const mask = scopeMask(flat, scope);
  const productCount = flat.productIds.length;
  const counts = new Int32Array(valueCount);
  // The last product (its ordinal + 1) counted for each value: a product counts once however many variants match.
  const counted = new Int32Array(valueCount);
  const matched = new Uint8Array(productCount);
  const { variantProduct, variantPrice, valueStart, values } = flat;
  for (let v = 0; v < variantProduct.length; v++) {
    const product = variantProduct[v];
    if (mask && mask[product] === 0) continue;
    const from = valueStart[v];
    const to = valueStart[v + 1];
    let passed = priceBit && variantPrice[v] >= min && variantPrice[v] <= max ? priceBit : 0;
    for (let i = from; i < to; i++) if (passes[values[i]] === 1) passed |= groupBit[values[i]];
    const failed = all & ~passed;
    if (failed === 0) matched[product] = 1;
    // More than one group failed: the variant counts for nothing.
    else if ((failed & (failed - 1)) !== 0) continue;
    const stamp = product + 1;
    for (let i = from; i < to; i++) {
      const value = values[i];
      if (failed !== 0 && groupBit[value] !== failed) continue;
      if (counted[value] !== stamp) {
        counted[value] = stamp;
        counts[value] += 1;
      }
    }
  }
  const ids: string[] = [];
  let scopeTotal = 0;
  let total = 0;
  for (let n = 0; n < productCount; n++) {
    if (mask && mask[n] === 0) continue;
    scopeTotal += 1;
    if (matched[n] === 0) continue;
    total += 1;
    if (withIds) ids.push(flat.productIds[n]);
  }
  const byKey = new Map<string, number>();
  index.valueKeys.forEach((key, id) => byKey.set(key, counts[id]));
  return { total, ids, scopeTotal, catalogTotal: productCount, counts: byKey };
}

/** The products of the scope as a mask over the index's product ordinals (null: all of them). */
function scopeMask(flat: FlatIndex, scope: IndexScope): Uint8Array | null {
  if (!scope) return null;
  const mask = new Uint8Array(flat.productIds.length);
  if ("productIds" in scope) {
    for (const id of scope.productIds) {
      const n = flat.ordinalOf.get(id);
      if (n !== undefined) mask[n] = 1;
    }
    return mask;
  }
  const wanted = new Uint8Array(flat.categoryOrdinals.size);
  for (const id of scope.categoryIds) {
    const c = flat.categoryOrdinals.get(id);
    if (c !== undefined) wanted[c] = 1;
  }
  for (let n = 0; n < mask.length; n++) {
    for (let i = flat.categoryStart[n]; i < flat.categoryStart[n + 1]; i++) if (wanted[flat.categories[i]] === 1) mask[n] = 1;
  }
  return mask;
}

/** The price buckets' counts, in PRICE_BUCKETS order. */
export function bucketCounts(match: FacetMatch): number[] {
  return PRICE_BUCKETS.map((_, i) => match.counts.get(priceBucketKey(i)) ?? 0);
}
