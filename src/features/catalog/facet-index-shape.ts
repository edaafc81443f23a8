/*
 * The shapes of the facet index's data (facet-index.ts), apart from the code that builds and reads them, so the
 * signature folding (facet-signatures.ts) and the index can name each other's data without importing each other.
 */

/** The classes and signatures tables of facet-signatures.ts, as the flat index keeps them. */
export type SignatureTables = { classStart: Int32Array; classValues: Int32Array; sigStart: Int32Array; sigClasses: Int32Array };

export type IndexedVariant = { price: number; values: Int32Array };
/** `sortPrice`: the displayed price the price sorts order by (`product_facet_stats.price_cents`), null without one. */
export type IndexedProduct = { id: string; categories: string[]; variants: IndexedVariant[]; sortPrice: number | null; sig?: number };

/**
 * The index as flat typed arrays, for the counting pass, rebuilt on the first use after a change: per product ordinal
 * its signature, displayed price and a slice of `categories` (category ordinals); the variants only when a price
 * range cutting a bucket asks for them. A product's signature is worked out once per change of that product
 * (facet-signatures.ts), so a rebuild is a pass over the products, not over their two million variants.
 */
export type FlatIndex = {
  /** Per ordinal, the product's id ("" for a hole: a product removed since the ordinals were dealt). */
  productIds: string[];
  /** Products in the index (ordinals less the holes). */
  productCount: number;
  ordinalOf: Map<string, number>;
  categoryStart: Int32Array;
  categories: Int32Array;
  categoryOrdinals: Map<string, number>;
  /** Per product ordinal, its signature (facet-signatures.ts), and the tables of classes and signatures. */
  productSig: Int32Array;
  folds: SignatureTables;
  /** Per product ordinal, its displayed price (NaN without one: the price sorts never list it). */
  sortPrice: Float64Array;
  /** Every variant, in product order (built on first use). */
  variants(): FlatVariants;
};
export type FlatVariants = { variantProduct: Int32Array; variantPrice: Int32Array; valueStart: Int32Array; values: Int32Array };
