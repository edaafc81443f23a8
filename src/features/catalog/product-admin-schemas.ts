import { z } from "zod";

/*
 * Input of the product editor's server actions. Zod checks shape and size; the rules an admin must be told about in
 * words (title required, sale price below price, duplicate SKU, stock changed meanwhile) are the service's, which
 * throws CatalogError codes.
 */

const text = (max: number) => z.string().max(max).transform((v) => v.trim());
/** Money as integer cents of the store currency (the editor converts what the admin typed). */
const cents = z.number().int().min(0).max(100_000_000);

export const productVariantInputSchema = z.object({
  /** Present for a variant that already exists; absent for a new one. */
  id: z.string().min(1).max(100).optional(),
  titleEn: text(200),
  titleEs: text(200).default(""),
  sku: text(100).default(""),
  priceCents: cents,
  salePriceCents: cents.nullable().default(null),
  manageInventory: z.boolean().default(false),
  /** The stock the admin wants. */
  stock: z.number().int().min(0).max(10_000_000).default(0),
  /**
   * The stock the editor showed when it loaded (existing variants). The save applies `stock - loadedStock` to the
   * current figure, so units a checkout reserved in the meantime are not handed back.
   */
  loadedStock: z.number().int().min(0).max(10_000_000).optional(),
  imageUrl: text(2000).nullable().default(null),
  /** Grams of one unit, for weight-based shipping (docs/product.md#shipping); null when not given. */
  weightGrams: z.number().int().min(0).max(1_000_000).nullable().default(null),
  /**
   * With `options`: the variant's value of each option, as the value's place in that option's list (one per option,
   * in option order). Its title is then made from those values (docs/product.md#product-options).
   */
  optionValues: z.array(z.number().int().min(0).max(99)).max(10).optional(),
});
export type ProductVariantInput = z.input<typeof productVariantInputSchema>;

export const productOptionInputSchema = z.object({
  titleEn: text(100),
  titleEs: text(100).default(""),
  /** The option's values in display order. */
  values: z.array(z.object({ valueEn: text(100), valueEs: text(100).default("") })).max(50),
});
export type ProductOptionInput = z.input<typeof productOptionInputSchema>;

export const additionalInfoInputSchema = z.object({
  titleEn: text(200),
  titleEs: text(200).default(""),
  descriptionEn: z.string().max(20_000).default(""),
  descriptionEs: z.string().max(20_000).default(""),
});

export const productInputSchema = z.object({
  titleEn: text(300),
  titleEs: text(300).default(""),
  subtitleEn: text(500).default(""),
  subtitleEs: text(500).default(""),
  descriptionEn: z.string().max(200_000).default(""),
  descriptionEs: z.string().max(200_000).default(""),
  ribbonEn: text(60).default(""),
  ribbonEs: text(60).default(""),
  status: z.enum(["published", "draft"]).default("published"),
  isHidden: z.boolean().default(false),
  purchasable: z.boolean().default(true),
  categoryIds: z.array(z.string().min(1).max(100)).max(50).default([]),
  /** Image addresses in display order (the first is the product's main image). */
  images: z.array(text(2000)).max(20).default([]),
  additionalInfo: z.array(additionalInfoInputSchema).max(20).default([]),
  /** The title of the option that tells variants apart ('Style', docs/product.md#product-page), used with two or more variants. */
  optionTitleEn: text(100).default("Style"),
  optionTitleEs: text(100).default("Estilo"),
  /**
   * Up to three options (Colour, Size…) whose combinations are the variants (docs/product.md#product-options). Empty:
   * the variants' own titles tell them apart under the single option titled optionTitleEn/Es.
   */
  options: z.array(productOptionInputSchema).max(10).default([]),
  variants: z.array(productVariantInputSchema).max(100),
  /*
   * Addresses and search-listing text (decision 0370). Left out (callers that do not know them: imports, the API) →
   * kept as stored; a slug sent empty → made from the title again. Checked and normalised by the service.
   */
  slugEn: text(200).optional(),
  slugEs: text(200).optional(),
  /** What search results show; empty → the title and a description excerpt. */
  seoTitleEn: text(200).optional(),
  seoTitleEs: text(200).optional(),
  seoDescriptionEn: text(500).optional(),
  seoDescriptionEs: text(500).optional(),
  /** Alt text of each image, by its address, per language; empty → "{title}, image n". Left out → kept per address. */
  imageAlts: z
    .record(z.string().max(2000), z.object({ en: text(300).default(""), es: text(300).default("") }))
    .refine((alts) => Object.keys(alts).length <= 40)
    .optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ParsedProductInput = z.output<typeof productInputSchema>;

export const productIdSchema = z.string().min(1).max(100);

/** Upload limits: the size is checked before decoding, the type by the file's first bytes (never its name). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
