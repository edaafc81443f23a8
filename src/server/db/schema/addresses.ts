import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import type { ShippingAddress } from "./shipping-address";

/* The address book (docs/product.md#address-book). */

/** A customer's saved shipping addresses; at most one is the default (the partial unique index holds it). */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("customer_addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);
