import type { FlatIndex, IndexedProduct, SignatureTables } from "./facet-index-shape";

/**
 * The facet index folded by what the counting pass can tell apart (decision 0200). A variant is, to the filters, the
 * set of its values (options, price bucket, "in stock", "on sale"): a **class**. A product is the set of its variants'
 * classes: a **signature**. Two products with the same signature meet the same filters and count for the same values,
 * so the pass decides once per class and per signature and multiplies by how many products of the scope have each:
 * a million products of the bench fold into a few thousand signatures, and a count over the whole store or one
 * category is a pass over those (the per-category tallies are kept here), not over two million variants.
 *
 * Exact only while the price filter is a range of whole buckets (what the storefront offers); any other range asks a
 * variant's own price, which a class does not hold, and is counted variant by variant (facet-match.ts).
 */
export type Signatures = {
  /** Class c's value ids are `classValues[classStart[c] .. classStart[c + 1])`. */
  classStart: Int32Array;
  classValues: Int32Array;
  /** Per product ordinal, its signature (-1 for a hole, facet-index.ts). */
  productSig: Int32Array;
  /** Signature s's classes are `sigClasses[sigStart[s] .. sigStart[s + 1])`. */
  sigStart: Int32Array;
  sigClasses: Int32Array;
  /** Products of the whole index per signature. */
  sigProducts: Int32Array;
  /** Per category ordinal: the signatures of its products and how many of its products have each. */
  categorySigs: Array<{ sigs: Int32Array; counts: Int32Array }>;
};

// Built on the first count after each rebuild of the flat arrays; dropped with them.
const built = new WeakMap<FlatIndex, Signatures>();

export function signaturesOf(flat: FlatIndex): Signatures {
  let signatures = built.get(flat);
  if (!signatures) {
    signatures = buildSignatures(flat);
    built.set(flat, signatures);
  }
  return signatures;
}

/**
 * The classes and signatures met so far, kept by the facet index across rebuilds of its flat arrays (decision 0250):
 * each product's signature is worked out once, when its rows are read (joining two million variants' values into
 * keys took seconds at a million products on every rebuild after a change), and remembered on the product. Ids only
 * grow; a class or signature no product has any more counts for nothing (its tally is 0).
 */
export class SignatureFolds {
  private classIds = new Map<string, number>();
  private classStart: number[] = [0];
  private classValues: number[] = [];
  private sigIds = new Map<string, number>();
  private sigStart: number[] = [0];
  private sigClasses: number[] = [];
  private own: number[] = [];

  /** The product's signature (remembered on it; `add` forgets it when a variant is added). */
  signatureOf(product: IndexedProduct): number {
    if (product.sig !== undefined) return product.sig;
    const own = this.own;
    own.length = 0;
    for (const variant of product.variants) {
      // A variant's values come in a fixed order (options sorted, then price, stock, sale), so equal sets give equal keys.
      const key = variant.values.join(",");
      let c = this.classIds.get(key);
      if (c === undefined) {
        c = this.classStart.length - 1;
        this.classIds.set(key, c);
        for (const value of variant.values) this.classValues.push(value);
        this.classStart.push(this.classValues.length);
      }
      if (!own.includes(c)) own.push(c);
    }
    own.sort((a, b) => a - b);
    const key = own.join(",");
    let s = this.sigIds.get(key);
    if (s === undefined) {
      s = this.sigStart.length - 1;
      this.sigIds.set(key, s);
      this.sigClasses.push(...own);
      this.sigStart.push(this.sigClasses.length);
    }
    product.sig = s;
    return s;
  }

  /** The tables as they stand (taken with each rebuild of the flat arrays). */
  tables(): SignatureTables {
    return {
      classStart: Int32Array.from(this.classStart),
      classValues: Int32Array.from(this.classValues),
      sigStart: Int32Array.from(this.sigStart),
      sigClasses: Int32Array.from(this.sigClasses),
    };
  }
}

function buildSignatures(flat: FlatIndex): Signatures {
  const { categoryStart, categories, productSig } = flat;
  const productCount = flat.productIds.length;
  const tables = flat.folds;
  const sigProducts = new Int32Array(tables.sigStart.length - 1);
  for (let n = 0; n < productCount; n++) if (productSig[n] >= 0) sigProducts[productSig[n]] += 1;

  const perCategory: Array<Map<number, number>> = Array.from({ length: flat.categoryOrdinals.size }, () => new Map());
  for (let n = 0; n < productCount; n++) {
    const s = productSig[n];
    for (let i = categoryStart[n]; i < categoryStart[n + 1]; i++) {
      const tally = perCategory[categories[i]];
      tally.set(s, (tally.get(s) ?? 0) + 1);
    }
  }
  return {
    ...tables,
    productSig,
    sigProducts,
    categorySigs: perCategory.map((tally) => ({ sigs: Int32Array.from(tally.keys()), counts: Int32Array.from(tally.values()) })),
  };
}
