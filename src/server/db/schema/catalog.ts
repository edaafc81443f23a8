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
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    ...timestamps,
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("products_listing_idx").on(t.sortOrder, t.createdAt),
    index("products_created_idx").on(t.createdAt),
    index("products_updated_idx").on(t.updatedAt),
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
  },
  (t) => [index("product_options_product_idx").on(t.productId)],
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
  },
  (t) => [index("product_option_values_option_idx").on(t.optionId)],
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
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es").notNull().default(""),
  descriptionEn: text("description_en"),
  descriptionEs: text("description_es"),
  imageUrl: text("image_url"),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/** SPEC's product `collections` (product_id, collection_id, order): a product's categories. */
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
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_category_idx").on(t.categoryId, t.sortOrder)],
);

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
