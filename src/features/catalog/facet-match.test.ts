import { describe, expect, it } from "vitest";
import { FacetIndex, groupOfKey, IN_STOCK, ON_SALE, priceBucketKey } from "./facet-index";
import { matchFacets, type IndexScope } from "./facet-match";
import { PRICE_BUCKETS, type ListingFilters } from "./listing-params";

/**
 * The counting pass (signatures, and variant by variant for a price range cutting a bucket) against the rule written
 * out product by product (docs/product.md#filters-and-sort): a product matches when ONE variant meets every filter; a
 * value counts a product when one of its variants has the value and meets every OTHER selected group.
 */

type Variant = { price: number; inStock: boolean; onSale: boolean; facets: string[] };
type Product = { id: string; categories: string[]; variants: Variant[]; sortPrice: number | null };

/** A small deterministic generator, so a failure names the same catalog every run. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

function catalog(seed: number, count: number): Product[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const colour = ["black", "navy", "cognac"][r(3)];
    const variants = Array.from({ length: 1 + r(4) }, () => ({
      price: [1500, 4999, 5000, 9999, 12000, 30000, 60000][r(7)] + r(3),
      inStock: r(5) > 0,
      onSale: r(6) === 0,
      facets: [`o:colour:${colour}`, ...(r(2) ? [`o:size:${38 + r(5)}`] : [])].sort(),
    }));
    // The displayed price: few distinct values (ties), some products without one.
    const sortPrice = r(10) === 0 ? null : [1500, 5000, 9999, 12000][r(4)];
    return { id: `p${String(i).padStart(4, "0")}`, categories: ["c1", "c2", "c3"].filter(() => r(3) === 0), variants, sortPrice };
  });
}

function indexOf(products: Product[]): FacetIndex {
  const index = new FacetIndex();
  products.forEach((p) => p.variants.forEach((v, k) => index.add([`${p.id}_${k}`, p.id, v.price, v.inStock, v.onSale, v.facets, p.categories, p.sortPrice])));
  return index;
}

const bucketOf = (price: number) => PRICE_BUCKETS.findIndex((b) => price >= (b.min ?? 0) && price <= (b.max ?? Number.MAX_SAFE_INTEGER));
const keysOf = (v: Variant) => [...v.facets, priceBucketKey(bucketOf(v.price)), ...(v.inStock ? [IN_STOCK] : []), ...(v.onSale ? [ON_SALE] : [])];

/** The selected groups a variant meets. */
function meets(v: Variant, f: ListingFilters): Set<string> {
  const met = new Set<string>();
  for (const [option, values] of Object.entries(f.options)) if (values.some((value) => v.facets.includes(`o:${option}:${value}`))) met.add(`o:${option}`);
  if (v.price >= (f.priceMin ?? 0) && v.price <= (f.priceMax ?? Number.MAX_SAFE_INTEGER)) met.add("price");
  if (v.inStock) met.add(IN_STOCK);
  if (v.onSale) met.add(ON_SALE);
  return met;
}

function expected(products: Product[], inScope: (p: Product) => boolean, f: ListingFilters) {
  const selected = [...Object.keys(f.options).map((o) => `o:${o}`), ...(f.priceMin !== undefined || f.priceMax !== undefined ? ["price"] : []), ...(f.inStock ? [IN_STOCK] : []), ...(f.onSale ? [ON_SALE] : [])];
  const counts = new Map<string, number>();
  const ids: string[] = [];
  for (const p of products.filter(inScope)) {
    const meetsAllBut = (v: Variant, group: string | null) => {
      const met = meets(v, f);
      return selected.every((g) => g === group || met.has(g));
    };
    if (p.variants.some((v) => meetsAllBut(v, null))) ids.push(p.id);
    const keys = new Set(p.variants.flatMap(keysOf));
    for (const key of keys) {
      if (p.variants.some((v) => keysOf(v).includes(key) && meetsAllBut(v, groupOfKey(key)))) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return { ids, counts };
}

const filterCases: ListingFilters[] = [
  { options: {} },
  { options: { size: ["40"] }, inStock: true },
  { options: { colour: ["black", "navy"], size: ["38", "41"] } },
  { options: { colour: ["cognac"] }, priceMin: 5000, priceMax: 9999 },
  { options: {}, priceMin: 10000, inStock: true, onSale: true },
  { options: { size: ["42"] }, priceMax: 4999 },
  // Ranges that cut a bucket: counted variant by variant.
  { options: { size: ["39"] }, priceMin: 5001, priceMax: 30001 },
  { options: {}, priceMin: 4999, inStock: true },
  { options: { colour: ["black"] }, priceMax: 9998, onSale: true },
];

describe("matchFacets", () => {
  const products = catalog(7, 400);
  const index = indexOf(products);
  const search = products.filter((_, i) => i % 3 === 0).map((p) => p.id);
  const scopes: Array<[string, IndexScope, (p: Product) => boolean]> = [
    ["the store", null, () => true],
    ["one category", { categoryIds: new Set(["c2"]) }, (p) => p.categories.includes("c2")],
    ["two categories", { categoryIds: new Set(["c1", "c3"]) }, (p) => p.categories.some((c) => c === "c1" || c === "c3")],
    ["a search", { products: { ids: search, has: (id) => search.includes(id) } }, (p) => search.includes(p.id)],
  ];

  for (const [name, scope, inScope] of scopes) {
    it(`matches and counts as the rule says, in ${name}`, () => {
      for (const filters of filterCases) {
        const match = matchFacets(index, scope, filters);
        const want = expected(products, inScope, filters);
        expect(match.total).toBe(want.ids.length);
        expect(match.ids().sort()).toEqual(want.ids);
        expect(products.filter((p) => match.has(p.id)).map((p) => p.id)).toEqual(want.ids);
        expect(match.scopeTotal).toBe(products.filter(inScope).length);
        const counts = [...match.counts].filter(([, n]) => n > 0).sort();
        expect(counts).toEqual([...want.counts].sort());
      }
    });

    it(`hands a price-ordered page its first matches and their ties, in ${name}`, () => {
      for (const filters of filterCases) {
        const match = matchFacets(index, scope, filters);
        const priced = expected(products, inScope, filters).ids.map((id) => products.find((p) => p.id === id)!).filter((p) => p.sortPrice !== null);
        for (const descending of [false, true]) {
          const key = (p: Product) => (descending ? -p.sortPrice! : p.sortPrice!);
          const ordered = [...priced].sort((a, b) => key(a) - key(b));
          for (const need of [1, 5, 24, 500]) {
            const last = ordered[Math.min(need, ordered.length) - 1];
            const want = last ? ordered.filter((p) => key(p) <= key(last)).map((p) => p.id) : [];
            expect(match.byPrice(need, descending)?.sort()).toEqual(want.sort());
          }
        }
      }
    });
  }

  it("answers as the rule says after products change, go and come back (kept ordinals, holes, dealt again)", () => {
    const live = indexOf(products);
    let now = [...products];
    const rowsOf = (p: Product) => p.variants.map((v, k) => [`${p.id}_${k}`, p.id, v.price, v.inStock, v.onSale, v.facets, p.categories, p.sortPrice] as const);
    const check = () => {
      const ids = new Set(now.map((p) => p.id));
      for (const filters of filterCases) {
        const match = matchFacets(live, { products: { ids: search, has: (id) => search.includes(id) } }, filters);
        const want = expected(now, (p) => search.includes(p.id), filters);
        expect(match.ids().sort()).toEqual(want.ids.sort());
        const all = matchFacets(live, null, filters);
        const wantAll = expected(now, () => true, filters);
        expect(all.total).toBe(wantAll.ids.length);
        expect(all.scopeTotal).toBe(now.length);
        expect(all.catalogTotal).toBe(now.length);
        expect([...all.counts].filter(([, n]) => n > 0).sort()).toEqual([...wantAll.counts].sort());
        expect(products.filter((p) => all.has(p.id)).map((p) => p.id)).toEqual(wantAll.ids.filter((id) => ids.has(id)).sort());
        const cat = matchFacets(live, { categoryIds: new Set(["c1", "c3"]) }, filters);
        expect(cat.ids().sort()).toEqual(expected(now, (p) => p.categories.some((c) => c === "c1" || c === "c3"), filters).ids.sort());
        for (const descending of [false, true]) {
          const priced = wantAll.ids.map((id) => now.find((p) => p.id === id)!).filter((p) => p.sortPrice !== null);
          const key = (p: Product) => (descending ? -p.sortPrice! : p.sortPrice!);
          const last = [...priced].sort((a, b) => key(a) - key(b))[Math.min(24, priced.length) - 1];
          const wantPrice = last ? priced.filter((p) => key(p) <= key(last)).map((p) => p.id) : [];
          expect(all.byPrice(24, descending)?.sort()).toEqual(wantPrice.sort());
        }
      }
    };
    matchFacets(live, null, filterCases[1]);
    // Some go, some change (a product's variants read again), some come back.
    const gone = now.filter((_, i) => i % 7 === 0).map((p) => p.id);
    live.replace(gone, []);
    now = now.filter((p) => !gone.includes(p.id));
    const changed = catalog(11, 400).filter((_, i) => i % 5 === 1);
    live.replace(changed.map((p) => p.id), changed.flatMap((p) => rowsOf(p).map((r) => [...r] as Parameters<FacetIndex["add"]>[0])));
    now = [...now.filter((p) => !changed.some((c) => c.id === p.id)), ...changed];
    check();
    // More than a quarter gone: the ordinals are dealt again.
    const many = now.filter((_, i) => i % 2 === 0).map((p) => p.id);
    live.replace(many, []);
    now = now.filter((p) => !many.includes(p.id));
    check();
    const back = products.filter((p) => many.includes(p.id)).slice(0, 40);
    live.replace(back.map((p) => p.id), back.flatMap((p) => rowsOf(p).map((r) => [...r] as Parameters<FacetIndex["add"]>[0])));
    now = [...now, ...back];
    check();
  });

  it("keeps a search's tally per index and per kept search", () => {
    const fresh = indexOf(products);
    const filters: ListingFilters = { options: { colour: ["cognac"] } };
    const first = { ids: search, has: (id: string) => search.includes(id) };
    const count = () => matchFacets(fresh, { products: first }, filters).total;
    expect(count()).toBe(expected(products, (p) => search.includes(p.id), filters).ids.length);
    // A product of the search leaves the index: the next count (new flat arrays) no longer counts it.
    const gone = products.find((p) => search.includes(p.id) && matchFacets(fresh, { products: first }, filters).has(p.id))!;
    const before = count();
    fresh.replace([gone.id], []);
    expect(count()).toBe(before - 1);
    // Another kept search (a new set) is counted on its own.
    const fewer = search.slice(0, 10);
    const other = { ids: fewer, has: (id: string) => fewer.includes(id) };
    const inFewer = (p: Product) => fewer.includes(p.id) && p.id !== gone.id;
    expect(matchFacets(fresh, { products: other }, filters).total).toBe(expected(products, inFewer, filters).ids.length);
  });

  it("follows products replaced after a count", () => {
    const before = matchFacets(index, null, { options: {}, inStock: true }).total;
    const changed = products[0];
    index.replace([changed.id], [[`${changed.id}_0`, changed.id, 100, !changed.variants.some((v) => v.inStock), false, [], []]]);
    const after = matchFacets(index, null, { options: {}, inStock: true }).total;
    expect(after - before).toBe(changed.variants.some((v) => v.inStock) ? -1 : 1);
  });
});
