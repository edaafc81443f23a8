import { boolean, check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/** The ways a shop takes payment (docs/product.md#payment-methods); owned by src/features/payments. */
export const paymentMethodIds = ["demo", "stripe", "mercadopago", "bank_transfer", "cash_on_delivery"] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];

/** The bank account a transfer goes to, and how many days the order holds its stock while waiting for it. */
export type BankTransferSettings = { accountHolder: string; account: string; bankName: string; holdDays: number };
/**
 * Cash on delivery: a fee added to the order, and the shipping zones it is offered in, whose countries count (none
 * listed: every zone; decision 0367).
 */
export type CashOnDeliverySettings = { feeCents: number; zoneIds: number[] };
export type PaymentMethodSettings = Partial<BankTransferSettings & CashOnDeliverySettings>;

/**
 * One row per method the admin has set (migration 0064). No rows at all: the shop takes payment as PAYMENT_PROVIDER
 * says, as before this table existed. Secrets never live here: they stay in the environment.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    method: text("method", { enum: paymentMethodIds }).primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    settings: jsonb("settings").$type<PaymentMethodSettings>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("payment_methods_method_known", sql`${t.method} in ('demo', 'stripe', 'mercadopago', 'bank_transfer', 'cash_on_delivery')`)],
);
