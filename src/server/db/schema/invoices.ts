import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders";

export const invoiceKinds = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * The last number given per kind and year. Incremented by an upsert as the transaction that issues the document
 * commits (migration 0056's deferred trigger), so a rollback gives the number back and numbers have no gaps (a
 * PostgreSQL sequence would leave gaps).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** `company`: the company a buyer's invoice is made out to (docs/product.md#checkout-extras), above the person's name. */
export type InvoiceParty = { name: string; company?: string; taxId: string; address: string; email?: string };
export type InvoiceLineSnapshot = {
  title: string;
  quantity: number;
  unitCents: number;
  discountCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  /** Credit notes: the order line credited (what earlier notes took of a line is counted by it). */
  orderLineId?: number;
  /** Credit notes: an amount given back beyond any line (docs/product.md#refunds), not a unit of a line. */
  adjustment?: true;
};
export type InvoiceAmounts = {
  pricesIncludeTax: boolean;
  subtotalCents: number;
  discountCents: number;
  discounts: { label: string; amountCents: number }[];
  shippingCents: number;
  /** The shipping row's label in the invoice's language ("Shipping (Standard shipping)"); absent on older invoices. */
  shippingLabel?: string;
  /** A pickup order: no shipping was sold, so the invoice has no shipping line (docs/product.md#shipping). */
  pickup?: boolean;
  taxLines: { rateBp: number; taxCents: number }[];
  taxCents: number;
  totalCents: number;
};

/** Invoices and credit notes with their seller and buyer snapshots: later edits to settings or the account change nothing. */
export const invoices = pgTable(
  "invoices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    /**
     * e.g. 2026-000123 (invoice) or R2026-000004 (credit note). Number and sequence are given as the issuing
     * transaction commits (src/features/invoices/numbering.ts): NULL in the database only inside that transaction.
     */
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    locale: text("locale").notNull(),
    currency: text("currency").notNull(),
    seller: jsonb("seller").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLineSnapshot[]>().notNull(),
    amounts: jsonb("amounts").$type<InvoiceAmounts>().notNull(),
    /** For a credit note: the invoice it corrects. */
    correctsInvoiceId: integer("corrects_invoice_id"),
    reason: text("reason"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_kind_number_unique").on(t.kind, t.number),
    uniqueIndex("invoices_one_per_order").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index("invoices_order_idx").on(t.orderId),
  ],
);
