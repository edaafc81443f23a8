import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { optionTypes, optionTypeValues } from "./option-types";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Shopper-facing text is kept in both languages side by side (`_en`, `_es`); `_es` may be empty → falls back to en. */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull().default(""),
    subtitleEn: text("subtitle_en"),
    subtitleEs: text("subtitle_es"),
    descriptionEn: text("description_en"),
    descriptionEs: text("description_es"),
    ribbonTextEn: text("ribbon_text_en"),
    ribbonTextEs: text("ribbon_text_es"),
    status: text("status", { enum: ["published", "draft"] }).notNull().default("published"),
    isHidden: boolean("is_hidden").notNull().default(false),
    purchasable: boolean("purchasable").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** null or "lowest_price_first" → lowest price over variants; anything else → first variant. */
    siteProductSelection: text("site_product_selection"),
    typeValue: text("type_value").notNull().default("physical"),
    /** Tax class (standard, reduced, zero): which of the destination's rates applies (docs/product.md#taxes-and-discounts). */
    taxClass: text("tax_class", { enum: ["standard", "reduced", "zero"] }).notNull().default("standard"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    /**
     * The product's address per language (/product/{slugEn}, /es/product/{slugEs}); '' on insert → made from the title
     * by a trigger, unique per language (drizzle/0069, decision 0370).
     */
    slugEn: text("slug_en").notNull().default(""),
    slugEs: text("slug_es").notNull().default(""),
    /** SEO title and meta description per language; empty → the title and a description excerpt. */
    seoTitleEn: text("seo_title_en"),
    seoTitleEs: text("seo_title_es"),
    seoDescriptionEn: text("seo_description_en"),
    seoDescriptionEs: text("seo_description_es"),
    ...timestamps,
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Whether the product has a variant at all; kept by triggers on `variants` (drizzle/0003), never written by code. */
    hasVariants: boolean("has_variants").notNull().default(false),
    /**
     * Visible to shoppers: published, not hidden, not deleted, sellable. One indexed column instead of four tests
     * and a semi-join to variants, so listings and counts read one partial index.
     */
    listed: boolean("listed").generatedAlwaysAs(
      sql`deleted_at IS NULL AND is_hidden = false AND status = 'published' AND has_variants`,
    ),
    // The search documents (normalised once on write rather than per matched row on every search); the expressions
    // are the immutable functions of drizzle/0002.
    searchEn: text("search_en").generatedAlwaysAs(sql`public.vitrina_product_search_doc_en(title_en, subtitle_en, description_en)`),
    searchEs: text("search_es").generatedAlwaysAs(
      sql`public.vitrina_product_search_doc_es(title_en, title_es, subtitle_en, subtitle_es, description_en, description_es)`,
    ),
    searchTitleEn: text("search_title_en").generatedAlwaysAs(sql`public.vitrina_search_normalize(title_en)`),
    searchTitleEs: text("search_title_es").generatedAlwaysAs(sql`public.vitrina_search_normalize(coalesce(nullif(title_es, ''), title_en))`),
    // Not mapped here, so a row read never carries them (drizzle/0070, decision 0371): search_terms_en/es (category
    // names and option values, kept normalised by triggers: drizzle/0083) and the weighted, stemmed documents search_fts_en/es built from them;
    // search_title_trigrams_en/es, the titles' trigram counts that bound a search's title similarity (drizzle/0081).
  },
  (t) => [
    index("products_listing_idx").on(t.sortOrder, t.createdAt),
    index("products_created_idx").on(t.createdAt),
    index("products_updated_idx").on(t.updatedAt),
    // The storefront's listings, one per sort, each with the id tie-break of its ORDER BY, over listed products only.
    index("products_listed_order_idx").on(t.sortOrder, t.id).where(sql`listed`),
    index("products_listed_created_idx").on(t.createdAt, t.id).where(sql`listed`),
    index("products_listed_updated_idx").on(t.updatedAt, t.id).where(sql`listed`),
    index("products_listed_title_en_idx").on(sql`lower(title_en)`, t.id).where(sql`listed`),
    index("products_listed_title_es_idx").on(sql`lower(coalesce(nullif(title_es, ''), title_en))`, t.id).where(sql`listed`),
    // Search's substrings, over the whole document with category names and option values (drizzle/0077).
    index("products_search_whole_en_trgm_idx").using("gin", sql`(search_en || ' ' || search_terms_en) gin_trgm_ops`),
    index("products_search_whole_es_trgm_idx").using("gin", sql`(search_es || ' ' || search_terms_es) gin_trgm_ops`),
    uniqueIndex("products_slug_en_unique").on(t.slugEn),
    uniqueIndex("products_slug_es_unique").on(t.slugEs),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    altEn: text("alt_en"),
    altEs: text("alt_es"),
    width: integer("width"),
    height: integer("height"),
    sortOrder: integer("sort_order").notNull().default(0),
    type: text("type").notNull().default("image"),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.sortOrder)],
);

export const productOptions = pgTable(
  "product_options",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    optionTypeId: text("option_type_id").references(() => optionTypes.id),
  },
  (t) => [index("product_options_product_idx").on(t.productId), index("product_options_type_idx").on(t.optionTypeId)],
);

export const productOptionValues = pgTable(
  "product_option_values",
  {
    id: text("id").primaryKey(),
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    valueEn: text("value_en").notNull(),
    valueEs: text("value_es").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    typeValueId: text("type_value_id").references(() => optionTypeValues.id),
  },
  (t) => [index("product_option_values_option_idx").on(t.optionId), index("product_option_values_type_value_idx").on(t.typeValueId)],
);

export const variants = pgTable(
  "variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull().default(""),
    sku: text("sku"),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    currency: text("currency").notNull().default("EUR"),
    manageInventory: boolean("manage_inventory").notNull().default(false),
    /** Units available to sell now; checkout reservations are taken off it atomically. */
    stock: integer("stock").notNull().default(0),
    imageUrl: text("image_url"),
    /** Grams of one unit, for weight-based shipping (docs/product.md#shipping); none counts as 0. */
    weightGrams: integer("weight_grams"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.sortOrder),
    uniqueIndex("variants_sku_unique").on(t.sku),
    check("variants_stock_not_negative", sql`${t.stock} >= 0`),
    check("variants_price_not_negative", sql`${t.priceCents} >= 0`),
    check("variants_sale_price_not_negative", sql`${t.salePriceCents} IS NULL OR ${t.salePriceCents} >= 0`),
  ],
);

export const variantOptionValues = pgTable(
  "variant_option_values",
  {
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    optionValueId: text("option_value_id")
      .notNull()
      .references(() => productOptionValues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionValueId] })],
);

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  /** The Spanish address (/es/category/{slugEs}); '' on insert → made from the Spanish name (drizzle/0069). */
  slugEs: text("slug_es").notNull().default(""),
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es").notNull().default(""),
  descriptionEn: text("description_en"),
  descriptionEs: text("description_es"),
  imageUrl: text("image_url"),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/** The API product's `collections` (product_id, collection_id, order; docs/commerce-api.md): a product's categories. */
export const productCategories = pgTable(
  "product_categories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Copy of the product's `listed`, kept by triggers (drizzle/0003) so a category's count follows its links alone. */
    productListed: boolean("product_listed").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_category_idx").on(t.categoryId, t.sortOrder),
    index("product_categories_listed_idx").on(t.categoryId, t.productId).where(sql`product_listed`),
  ],
);

/**
 * How many products shoppers see, exactly, in the whole store (`scope` "store") and in each category ("category:" +
 * id). Kept by statement triggers on `products` and `product_categories` (drizzle/0003) so a listing's count is one
 * row read instead of a scan of the catalog.
 */
export const catalogListingCounts = pgTable("catalog_listing_counts", {
  scope: text("scope").primaryKey(),
  listed: integer("listed").notNull().default(0),
});

export const productAdditionalInfo = pgTable(
  "product_additional_info",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
  },
  (t) => [index("product_additional_info_product_idx").on(t.productId)],
);

export const productCustomFields = pgTable("product_custom_fields", {
  id: text("id").primaryKey(),
  productId: text("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es").notNull().default(""),
  isRequired: boolean("is_required").notNull().default(false),
});

export const relatedProducts = pgTable(
  "related_products",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sectionTitle: text("section_title"),
    relatedType: text("related_type").notNull().default("product"),
    relatedId: text("related_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("related_products_product_idx").on(t.productId)],
);

/**
 * Every slug a product or category had before its current one, per language, pointing at the row: its old addresses
 * answer 301 to the current one (decision 0370). Written by triggers on slug changes (drizzle/0069).
 */
export const catalogSlugHistory = pgTable(
  "catalog_slug_history",
  {
    kind: text("kind", { enum: ["product", "category"] }).notNull(),
    locale: text("locale", { enum: ["en", "es"] }).notNull(),
    slug: text("slug").notNull(),
    targetId: text("target_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "catalog_slug_history_pk", columns: [t.kind, t.locale, t.slug] }), index("catalog_slug_history_target_idx").on(t.targetId)],
);
