import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The shop's option types (docs/product.md#option-types, decision 0368): Colour, Size… A product's option links to
 * one, and each of its values to one of the type's values, so filters group by type and list values in its order.
 * `key` is the filters' key of the type (`vitrina_facet_key(name_en)`), of a value likewise; the linking of new
 * product options is done by the database (drizzle/0067), whoever writes them.
 */
export const optionTypes = pgTable(
  "option_types",
  {
    id: text("id").primaryKey(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull().default(""),
    kind: text("kind", { enum: ["colour", "size", "other"] }).notNull().default("other"),
    key: text("key").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("option_types_key_unique").on(t.key)],
);

/** A type's values in the order shown (sizes: by number first, drizzle/0067); `swatch` a hex colour for colour types. */
export const optionTypeValues = pgTable(
  "option_type_values",
  {
    id: text("id").primaryKey(),
    typeId: text("type_id")
      .notNull()
      .references(() => optionTypes.id, { onDelete: "cascade" }),
    valueEn: text("value_en").notNull(),
    valueEs: text("value_es").notNull().default(""),
    key: text("key").notNull(),
    swatch: text("swatch"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("option_type_values_type_key_unique").on(t.typeId, t.key)],
);
