import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * The home page's testimonials (docs/product.md#testimonials), one row per quote in one language. `rating` is shown
 * only when the owner sets it; `is_demo` marks the demo shop's invented quotes so "Remove demo data" can take them.
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    locale: text("locale", { enum: ["en", "es"] }).notNull(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    content: text("content").notNull(),
    rating: integer("rating"),
    position: integer("position").notNull().default(0),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("testimonials_locale_idx").on(t.locale, t.position, t.id),
    check("testimonials_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check("testimonials_locale_known", sql`${t.locale} in ('en', 'es')`),
  ],
);
