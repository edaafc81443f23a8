import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { variants } from "./catalog";

/*
 * The stock ledger (docs/product.md#stock-history, decision 0350): one row per change of a variant's stock, written in
 * the transaction of the change by src/features/inventory, the only code that moves `variants.stock`. A variant's
 * stock is the sum of its rows' changes (quantity_after - quantity_before): its first row is its creation stock
 * ("initial", or "import" for a variant a catalog file created).
 */

/** Why stock moved; the words people read are in src/messages/<locale>/inventory.json. */
export const stockLedgerReasons = ["initial", "sale", "cancellation", "reservation_expired", "return", "adjustment", "import"] as const;
export type StockLedgerReason = (typeof stockLedgerReasons)[number];

/** Who moved it: a shopper (through their order), an administrator, the shop itself (sweeps), a payment provider. */
export const stockLedgerActors = ["customer", "admin", "system", "provider"] as const;
export type StockLedgerActor = (typeof stockLedgerActors)[number];

export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    /** The variant's product, copied so that a product's history is one index range however many variants it has. */
    productId: text("product_id").notNull(),
    reason: text("reason", { enum: stockLedgerReasons }).notNull(),
    quantityBefore: integer("quantity_before").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    /** The sale, cancellation or expiry's order; a return's order too. */
    orderId: integer("order_id"),
    returnId: integer("return_id"),
    actor: text("actor", { enum: stockLedgerActors }).notNull(),
    /** Only for an administrator's change: a shopper is named by the order, and is not kept here after they leave. */
    actorUserId: text("actor_user_id"),
    /** The catalog file an import came from, as the admin named it. */
    importFile: text("import_file"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_ledger_product_idx").on(t.productId, t.id),
    index("stock_ledger_variant_idx").on(t.variantId, t.id),
    check("stock_ledger_reason_known", sql`${t.reason} in ('initial', 'sale', 'cancellation', 'reservation_expired', 'return', 'adjustment', 'import')`),
    check("stock_ledger_actor_known", sql`${t.actor} in ('customer', 'admin', 'system', 'provider')`),
    check("stock_ledger_quantities_not_negative", sql`${t.quantityBefore} >= 0 AND ${t.quantityAfter} >= 0`),
  ],
);
