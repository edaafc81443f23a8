import type { FlatIndex } from "./facet-index";

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
  /** Per product ordinal, its signature. */
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

function buildSignatures(flat: FlatIndex): Signatures {
  const { variantProduct, valueStart, values, categoryStart, categories } = flat;
  const productCount = flat.productIds.length;
  const classIds = new Map<string, number>();
  const classStart: number[] = [0];
  const classValues: number[] = [];
  const variantClass = new Int32Array(variantProduct.length);
  for (let v = 0; v < variantProduct.length; v++) {
    // A variant's values come in a fixed order (options sorted, then price, stock, sale), so equal sets give equal keys.
    const own = values.subarray(valueStart[v], valueStart[v + 1]);
    const key = own.join(",");
    let c = classIds.get(key);
    if (c === undefined) {
      c = classStart.length - 1;
      classIds.set(key, c);
      for (const value of own) classValues.push(value);
      classStart.push(classValues.length);
    }
    variantClass[v] = c;
  }

  const sigIds = new Map<string, number>();
  const sigStart: number[] = [0];
  const sigClasses: number[] = [];
  const sigProducts: number[] = [];
  const productSig = new Int32Array(productCount);
  let v = 0;
  const own: number[] = [];
  for (let n = 0; n < productCount; n++) {
    own.length = 0;
    for (; v < variantProduct.length && variantProduct[v] === n; v++) if (!own.includes(variantClass[v])) own.push(variantClass[v]);
    own.sort((a, b) => a - b);
    const key = own.join(",");
    let s = sigIds.get(key);
    if (s === undefined) {
      s = sigProducts.length;
      sigIds.set(key, s);
      sigClasses.push(...own);
      sigStart.push(sigClasses.length);
      sigProducts.push(0);
    }
    productSig[n] = s;
    sigProducts[s] += 1;
  }

  const perCategory: Array<Map<number, number>> = Array.from({ length: flat.categoryOrdinals.size }, () => new Map());
  for (let n = 0; n < productCount; n++) {
    const s = productSig[n];
    for (let i = categoryStart[n]; i < categoryStart[n + 1]; i++) {
      const tally = perCategory[categories[i]];
      tally.set(s, (tally.get(s) ?? 0) + 1);
    }
  }
  return {
    classStart: Int32Array.from(classStart),
    classValues: Int32Array.from(classValues),
    productSig,
    sigStart: Int32Array.from(sigStart),
    sigClasses: Int32Array.from(sigClasses),
    sigProducts: Int32Array.from(sigProducts),
    categorySigs: perCategory.map((tally) => ({ sigs: Int32Array.from(tally.keys()), counts: Int32Array.from(tally.values()) })),
  };
}
