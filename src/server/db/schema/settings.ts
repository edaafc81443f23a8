import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The merchant's business settings (docs/product.md#settings), one row per section of /admin/settings. A section with
 * no row follows the environment's initial values; `value` is checked again when read (src/features/settings).
 */
export const shopSettings = pgTable("shop_settings", {
  section: text("section").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});
