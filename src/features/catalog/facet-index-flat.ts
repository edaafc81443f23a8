import type { FlatIndex, FlatVariants, IndexedProduct } from "./facet-index-shape";
import type { SignatureFolds } from "./facet-signatures";

/*
 * The facet index's products as flat typed arrays (facet-index-shape.ts), made on the first count after a change:
 * the counting pass (facet-match.ts) walks these instead of objects. Holes (products removed since the ordinals were
 * dealt) stay in place so ordinals keep their meaning across rebuilds.
 */

export function flatten(slots: Array<IndexedProduct | null>, ordinalOf: Map<string, number>, productCount: number, folds: SignatureFolds): FlatIndex {
  const length = slots.length;
  const categoryOrdinals = new Map<string, number>();
  const categoryList: number[] = [];
  const categoryStart = new Int32Array(length + 1);
  const sortPrice = new Float64Array(length);
  const productSig = new Int32Array(length);
  const productIds = new Array<string>(length);
  for (let n = 0; n < length; n++) {
    const product = slots[n];
    categoryStart[n] = categoryList.length;
    if (!product) {
      // A hole: in no category, no signature, no price; its id (if any) matches nothing.
      productIds[n] = "";
      productSig[n] = -1;
      sortPrice[n] = Number.NaN;
      continue;
    }
    productIds[n] = product.id;
    sortPrice[n] = product.sortPrice ?? Number.NaN;
    productSig[n] = folds.signatureOf(product);
    for (const c of product.categories) {
      let ordinal = categoryOrdinals.get(c);
      if (ordinal === undefined) categoryOrdinals.set(c, (ordinal = categoryOrdinals.size));
      categoryList.push(ordinal);
    }
  }
  categoryStart[length] = categoryList.length;
  let variants: FlatVariants | null = null;
  const products = slots.slice();
  return {
    productIds,
    productCount,
    ordinalOf,
    categoryStart,
    categories: Int32Array.from(categoryList),
    categoryOrdinals,
    productSig,
    folds: folds.tables(),
    sortPrice,
    // Only a price range cutting a bucket needs them (facet-match.ts): built on its first use.
    variants: () => (variants ??= flattenVariants(products)),
  };
}

function flattenVariants(products: Array<IndexedProduct | null>): FlatVariants {
  const variantCount = products.reduce((n, p) => n + (p?.variants.length ?? 0), 0);
  const valueCount = products.reduce((n, p) => (p?.variants ?? []).reduce((m, v) => m + v.values.length, n), 0);
  const variantProduct = new Int32Array(variantCount);
  const variantPrice = new Int32Array(variantCount);
  const valueStart = new Int32Array(variantCount + 1);
  const values = new Int32Array(valueCount);
  let v = 0;
  let at = 0;
  products.forEach((product, n) => {
    for (const variant of product?.variants ?? []) {
      variantProduct[v] = n;
      variantPrice[v] = variant.price;
      valueStart[v] = at;
      values.set(variant.values, at);
      at += variant.values.length;
      v += 1;
    }
  });
  valueStart[variantCount] = at;
  return { variantProduct, variantPrice, valueStart, values };
}
