import { sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { invoiceCounters, type InvoiceKind } from "@/server/db/schema/invoices";

/**
 * The next number of `kind` in `year`, gap-free: one counter row per kind and year, incremented by an upsert in the
 * caller's transaction. Concurrent issuers (in this process or another instance) queue on the row lock; a rollback
 * gives the number back, so no number is ever skipped (docs/decisions/0080-gap-free-invoice-numbers.md).
 */
export async function takeNextNumber(tx: Executor, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.kind, invoiceCounters.year], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row.lastNumber;
}

/** 2026-000123 for invoices, R2026-000004 for credit notes (their own sequence). */
export function formatDocumentNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${kind === "credit_note" ? "R" : ""}${year}-${String(sequence).padStart(6, "0")}`;
}
