import { groupOfKey, IN_STOCK, ON_SALE, priceBucketKey, type FacetIndex } from "./facet-index";
import type { FlatIndex } from "./facet-index-shape";
import { firstByPrice } from "./facet-price-order";
import { signaturesOf } from "./facet-signatures";
import { PRICE_BUCKETS, type ListingFilters } from "./listing-params";

/**
 * Which products of a scope the filters leave, and how many products each filter value would show, in memory from
 * the facet index (docs/product.md#filters-and-sort). A product matches when ONE of its variants meets every filter:
 * "size 42 + in stock" needs a size-42 variant that is in stock. Options OR within themselves and AND together.
 *
 * A value's count leaves its own group out (choosing "42" still shows how many "43" would add): a variant that fails
 * exactly one selected group counts for that group's values only; one that fails none counts for every value.
 *
 * The pass runs over the index's signatures (facet-signatures.ts, decision 0200) — once per distinct kind of product,
 * times how many products of the scope have it — and over every variant only for a price range that is not made of
 * whole buckets. Matches are never listed: `has` answers for one product (a page walks the sort and asks it), `ids`
 * lists them when a page orders few matches by id.
 */

/** Where to look: products in any of these categories, or these products (a search's results); null = everything. */
export type IndexScope = { categoryIds: Set<string> } | { products: ProductSet } | null;
export type ProductSet = { ids: readonly string[]; has(id: string): boolean };

export type FacetMatch = {
  /** Products meeting every filter. */
  total: number;
  /** Products in the scope, before any filter. */
  scopeTotal: number;
  /** Products in the whole index (every listed product). */
  catalogTotal: number;
  /** Value key ("o:size:42", "price:1", "in_stock", "on_sale") → products it would show. */
  counts: Map<string, number>;
  /** Whether this product is in the scope and meets every filter. */
  has(productId: string): boolean;
  /** Every matching product's id (a pass over the catalog's products: for few matches). */
  ids(): string[];
  /**
   * The matches a page ordered by displayed price can hold: the first `need` by price (descending: the last) and
   * every match tied with the last of them, in no order (the database orders them, ties by its collation). Null when
   * they would be too many to hand over by id (a deep page, or thousands of ties).
   */
  byPrice(need: number, descending: boolean): string[] | null;
};

/** The filters as bits: each selected group has one; a value passes its group when `passes` says so. */
type Plan = {
  groupBit: Int32Array;
  passes: Uint8Array;
  all: number;
  /** Set when the price range is not whole buckets: each variant's own price decides. */
  priceRange: { bit: number; min: number; max: number } | null;
};

/** Bucket indexes [first, last] a range covers exactly, or null when it cuts a bucket. */
function wholeBuckets(min: number | undefined, max: number | undefined): [number, number] | null {
  const first = min === undefined || min === 0 ? 0 : PRICE_BUCKETS.findIndex((b) => b.min === min);
  const last = max === undefined ? PRICE_BUCKETS.length - 1 : PRICE_BUCKETS.findIndex((b) => b.max === max);
  return first < 0 || last < 0 ? null : [first, last];
}

function plan(index: FacetIndex, filters: ListingFilters): Plan {
  const valueCount = index.valueKeys.length;
  const groupBit = new Int32Array(valueCount);
  const passes = new Uint8Array(valueCount);
  const bitsOfGroup = new Map<string, number>();
  const addGroup = (key: string) => bitsOfGroup.set(key, 1 << bitsOfGroup.size).get(key)!;
  for (const option of Object.keys(filters.options)) addGroup(`o:${option}`);
  const priceFiltered = filters.priceMin !== undefined || filters.priceMax !== undefined;
  const priceBit = priceFiltered ? addGroup("price") : 0;
  if (filters.inStock) addGroup(IN_STOCK);
  if (filters.onSale) addGroup(ON_SALE);
  index.valueKeys.forEach((key, id) => {
    groupBit[id] = bitsOfGroup.get(groupOfKey(key)) ?? 0;
  });
  const pass = (key: string) => {
    const id = index.knownValueId(key);
    if (id !== undefined) passes[id] = 1;
  };
  for (const [option, values] of Object.entries(filters.options)) for (const value of values) pass(`o:${option}:${value}`);
  if (filters.inStock) pass(IN_STOCK);
  if (filters.onSale) pass(ON_SALE);
  let priceRange: Plan["priceRange"] = null;
  if (priceFiltered) {
    const buckets = wholeBuckets(filters.priceMin, filters.priceMax);
    if (buckets) for (let b = buckets[0]; b <= buckets[1]; b++) pass(priceBucketKey(b));
    else priceRange = { bit: priceBit, min: filters.priceMin ?? 0, max: filters.priceMax ?? Number.MAX_SAFE_INTEGER };
  }
  const all = [...bitsOfGroup.values()].reduce((mask, bit) => mask | bit, 0);
  return { groupBit, passes, all, priceRange };
}

export function matchFacets(index: FacetIndex, scope: IndexScope, filters: ListingFilters): FacetMatch {
  const p = plan(index, filters);
  return p.priceRange ? matchByVariant(index, scope, p) : matchBySignature(index, scope, p);
}

/**
 * A search's matches as the flat index sees them: a byte per product ordinal and how many of them have each signature.
 * Kept per (flat arrays, kept search): both objects are replaced when anything they hold changes (a catalog change
 * rebuilds the arrays, a moved ranking is a new kept search), so the tally is computed once, not per call (looking up
 * 95,000 ids took 40–70 ms of every filtered search at a million products, docs/performance.md).
 */
type ProductsTally = { member: Uint8Array; mult: Int32Array };
const productTallies = new WeakMap<FlatIndex, WeakMap<ProductSet, ProductsTally>>();

function productsTally(flat: FlatIndex, products: ProductSet): ProductsTally {
  let perSet = productTallies.get(flat);
  if (!perSet) productTallies.set(flat, (perSet = new WeakMap()));
  let tally = perSet.get(products);
  if (!tally) {
    const sig = signaturesOf(flat);
    const member = new Uint8Array(flat.productIds.length);
    const mult = new Int32Array(sig.sigProducts.length);
    for (const id of products.ids) {
      const n = flat.ordinalOf.get(id);
      if (n !== undefined && member[n] === 0 && sig.productSig[n] >= 0) {
        member[n] = 1;
        mult[sig.productSig[n]] += 1;
      }
    }
    tally = { member, mult };
    perSet.set(products, tally);
  }
  return tally;
}

/** Whether product `n` (ordinal) is in the scope. */
function scopeTest(flat: FlatIndex, scope: IndexScope): (n: number) => boolean {
  if (!scope) return () => true;
  if ("products" in scope) {
    const { member } = productsTally(flat, scope.products);
    return (n) => member[n] === 1;
  }
  const wanted = wantedCategories(flat, scope.categoryIds);
  return (n) => {
    for (let i = flat.categoryStart[n]; i < flat.categoryStart[n + 1]; i++) if (wanted[flat.categories[i]] === 1) return true;
    return false;
  };
}

function wantedCategories(flat: FlatIndex, categoryIds: Set<string>): Uint8Array {
  const wanted = new Uint8Array(flat.categoryOrdinals.size);
  for (const id of categoryIds) {
    const c = flat.categoryOrdinals.get(id);
    if (c !== undefined) wanted[c] = 1;
  }
  return wanted;
}

function result(index: FacetIndex, counts: Int32Array, totals: { total: number; scopeTotal: number }, matches: (n: number) => boolean, scope: IndexScope): FacetMatch {
  const flat = index.flat();
  const inScope = scopeTest(flat, scope);
  const has = (id: string) => {
    const n = flat.ordinalOf.get(id);
    return n !== undefined && matches(n) && inScope(n);
  };
  const ids = () => {
    if (scope && "products" in scope) return scope.products.ids.filter(has);
    const out: string[] = [];
    for (let n = 0; n < flat.productIds.length; n++) if (matches(n) && inScope(n)) out.push(flat.productIds[n]);
    return out;
  };
  const byKey = new Map<string, number>();
  index.valueKeys.forEach((key, id) => byKey.set(key, counts[id]));
  const byPrice = (need: number, descending: boolean) => firstByPrice(flat, need, descending, (n) => matches(n) && inScope(n));
  return { ...totals, catalogTotal: flat.productCount, counts: byKey, has, ids, byPrice };
}


/** How many products of the scope have each signature, and which signatures to visit (null: all). */
function scopeTally(flat: FlatIndex, scope: IndexScope): { mult: Int32Array; visit: Int32Array | null } {
  const sig = signaturesOf(flat);
  if (!scope) return { mult: sig.sigProducts, visit: null };
  if ("products" in scope) return { mult: productsTally(flat, scope.products).mult, visit: null };
  const mult = new Int32Array(sig.sigProducts.length);
  const known = [...scope.categoryIds].flatMap((id) => (flat.categoryOrdinals.has(id) ? [flat.categoryOrdinals.get(id)!] : []));
  if (known.length === 1) {
    // One category (the storefront's case): its tally is kept with the signatures.
    const { sigs, counts } = sig.categorySigs[known[0]];
    for (let i = 0; i < sigs.length; i++) mult[sigs[i]] = counts[i];
    return { mult, visit: sigs };
  }
  const inScope = scopeTest(flat, scope);
  // A hole is in no category.
  for (let n = 0; n < flat.productIds.length; n++) if (known.length > 0 && inScope(n)) mult[sig.productSig[n]] += 1;
  return { mult, visit: null };
}

function matchBySignature(index: FacetIndex, scope: IndexScope, { groupBit, passes, all }: Plan): FacetMatch {
  const flat = index.flat();
  const sig = signaturesOf(flat);
  const { classStart, classValues, sigStart, sigClasses, productSig } = sig;
  const valueCount = index.valueKeys.length;
  // Per class: the selected groups it fails (0: none, so it matches; one bit: it counts for that group only).
  const classFailed = new Int32Array(classStart.length - 1);
  for (let c = 0; c < classFailed.length; c++) {
    let passed = 0;
    for (let i = classStart[c]; i < classStart[c + 1]; i++) if (passes[classValues[i]] === 1) passed |= groupBit[classValues[i]];
    classFailed[c] = all & ~passed;
  }
  const { mult, visit } = scopeTally(flat, scope);
  const counts = new Int32Array(valueCount);
  // The last signature (+ 1) counted for each value: a product counts once however many of its variants qualify.
  const counted = new Int32Array(valueCount);
  const matchedSig = new Uint8Array(mult.length);
  let total = 0;
  let scopeTotal = 0;
  const visitCount = visit ? visit.length : mult.length;
  for (let k = 0; k < visitCount; k++) {
    const s = visit ? visit[k] : k;
    const m = mult[s];
    if (m === 0) continue;
    scopeTotal += m;
    const stamp = s + 1;
    for (let j = sigStart[s]; j < sigStart[s + 1]; j++) {
      const c = sigClasses[j];
      const failed = classFailed[c];
      if (failed === 0) matchedSig[s] = 1;
      // More than one group failed: the variant counts for nothing.
      else if ((failed & (failed - 1)) !== 0) continue;
      for (let i = classStart[c]; i < classStart[c + 1]; i++) {
        const value = classValues[i];
        if (failed !== 0 && groupBit[value] !== failed) continue;
        if (counted[value] !== stamp) {
          counted[value] = stamp;
          counts[value] += m;
        }
      }
    }
    if (matchedSig[s] === 1) total += m;
  }
  return result(index, counts, { total, scopeTotal }, (n) => matchedSig[productSig[n]] === 1, scope);
}

/** Every variant with its own price: for a price range that cuts a bucket. */
function matchByVariant(index: FacetIndex, scope: IndexScope, { groupBit, passes, all, priceRange }: Plan): FacetMatch {
  const flat = index.flat();
  const { bit: priceBit, min, max } = priceRange!;
  const productCount = flat.productIds.length;
  const inScope = scopeTest(flat, scope);
  const mask = new Uint8Array(productCount);
  let scopeTotal = 0;
  for (let n = 0; n < productCount; n++) {
    if (flat.productSig[n] >= 0 && inScope(n)) {
      mask[n] = 1;
      scopeTotal += 1;
    }
  }
  const valueCount = index.valueKeys.length;
  const counts = new Int32Array(valueCount);
  const counted = new Int32Array(valueCount);
  const matched = new Uint8Array(productCount);
  const { variantProduct, variantPrice, valueStart, values } = flat.variants();
  let total = 0;
  for (let v = 0; v < variantProduct.length; v++) {
    const product = variantProduct[v];
    if (mask[product] === 0) continue;
    const from = valueStart[v];
    const to = valueStart[v + 1];
    let passed = variantPrice[v] >= min && variantPrice[v] <= max ? priceBit : 0;
    for (let i = from; i < to; i++) if (passes[values[i]] === 1) passed |= groupBit[values[i]];
    const failed = all & ~passed;
    if (failed === 0 && matched[product] === 0) {
      matched[product] = 1;
      total += 1;
    } else if (failed !== 0 && (failed & (failed - 1)) !== 0) continue;
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
  return result(index, counts, { total, scopeTotal }, (n) => matched[n] === 1, null);
}

/** The price buckets' counts, in PRICE_BUCKETS order. */
export function bucketCounts(match: FacetMatch): number[] {
  return PRICE_BUCKETS.map((_, i) => match.counts.get(priceBucketKey(i)) ?? 0);
}
