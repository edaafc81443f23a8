import { sql } from "drizzle-orm";
import { bigint, boolean, date, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { type ShippingAddress } from "./shipping-address";
import { user } from "./auth";

export type OrderTaxLine = { rateBp: number; taxCents: number };
export type OrderDiscountLine = { promotionId: number; code: string | null; nameEn: string; nameEs: string; kind: "percent" | "fixed" | "free_shipping"; amountCents: number };

/**
 * The shipping method the shopper chose (docs/product.md#shipping), as it was at checkout: names and delivery time in
 * both languages, the pickup point, the method's price before any free-shipping discount and the cart's weight. The
 * amount charged stays in shipping_cents. Null for orders placed before shipping methods existed.
 */
export type OrderShippingMethod = {
  methodId: number;
  zoneId: number;
  kind: "flat" | "free" | "weight" | "pickup";
  nameEn: string;
  nameEs: string;
  deliveryEn: string;
  deliveryEs: string;
  pickupAddress: string;
  pickupHoursEn: string;
  pickupHoursEs: string;
  priceCents: number;
  weightGrams: number;
};

export const orderStatuses = ["pending", "completed", "shipped", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** Null for a guest's order (docs/product.md#guest-checkout): it belongs to `email` until that address joins an account. */
    userId: text("user_id").references(() => user.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    currency: text("currency").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    locale: text("locale").notNull().default("en"),
    timeZone: text("time_zone"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    paymentProvider: text("payment_provider").notNull().default("demo"),
    paymentSessionId: text("payment_session_id"),
    paymentReference: text("payment_reference"),
    /** Until when the reserved stock is held for this pending order. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** True once the reservation was given back (cancel/expiry); guards against restocking twice. */
    stockReleased: boolean("stock_released").notNull().default(false),
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** Everything given back so far (returns, refunds, a cancellation); never more than total_cents (a check). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** A paid pickup order announced ready at the pickup point (docs/product.md#local-pickup); picked up = shipped. */
    readyForPickupAt: timestamp("ready_for_pickup_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // Taxes and discounts as the pricing engine decided them at checkout (src/features/taxes/pricing-engine.ts).
    taxCountry: text("tax_country"),
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    shippingTaxCents: integer("shipping_tax_cents").notNull().default(0),
    taxLines: jsonb("tax_lines").$type<OrderTaxLine[]>().notNull().default([]),
    discountLines: jsonb("discount_lines").$type<OrderDiscountLine[]>().notNull().default([]),
    discountCode: text("discount_code"),
    shippingMethod: jsonb("shipping_method").$type<OrderShippingMethod>(),
    // Checkout extras (docs/product.md#checkout-extras), each optional: the shopper's note to the shop and the company
    // the invoice names, with its tax id as checked for the order's country (src/lib/tax-id.ts).
    orderNote: text("order_note"),
    companyName: text("company_name"),
    taxId: text("tax_id"),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_guest_email_idx").on(sql`lower(${t.email})`).where(sql`${t.userId} is null`),
    // Newest first with the id as tie-break, with and without a status (drizzle/0040).
    index("orders_status_created_id_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_id_idx").on(t.createdAt, t.id),
    index("orders_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("orders_payment_session_unique").on(t.paymentSessionId),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
    check("orders_refunded_within_total", sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
  ],
);

/**
 * Orders and their totals per status, currency and day (UTC), summed over `slot`s (one per database connection, so
 * concurrent checkouts never queue on one row). Kept by triggers on `orders` (drizzle/0040); read by the admin list's
 * page count and the dashboard instead of counting a million rows.
 */
export const orderCounts = pgTable(
  "order_counts",
  {
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    slot: integer("slot").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "order_counts_pkey", columns: [t.status, t.currency, t.day, t.slot] })],
);

/** Every address that ordered, lower-cased, with a trigram index: "email contains …" looks here first (drizzle/0040). */
export const orderEmails = pgTable("order_emails", { email: text("email").primaryKey() }, (t) => [index("order_emails_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`).with({ fastupdate: false })]);

/** Snapshot of what was bought: later catalog edits never change an order. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    variantId: text("variant_id").notNull(),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title").notNull(),
    imageUrl: text("image_url"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    currency: text("currency").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    /** What the line costs tax included, after its discount; null on orders from before taxes (drizzle/0006). */
    totalCents: integer("total_cents"),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), index("order_lines_product_idx").on(t.productId), check("order_lines_quantity_positive", sql`${t.quantity} > 0`)],
);

/** Every status change and admin action on an order, in order. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    actorUserId: text("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** Each provider event is applied at most once: the unique key makes duplicate deliveries no-ops. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: integer("order_id"),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    outcome: text("outcome"),
    payload: jsonb("payload"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_unique").on(t.provider, t.eventId)],
);
