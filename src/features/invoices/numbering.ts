import { sql } from "drizzle-orm";

/**
 * What an invoice or credit note is inserted with in place of its number and sequence. The database numbers it as
 * the issuing transaction commits (migration 0056, deferred trigger `invoices_number_at_commit`): the next number of
 * its kind and year from one counter row (`invoice_counters`), gap-free since a rollback gives it back
 * (docs/decisions/0080-gap-free-invoice-numbers.md), and that row is locked only while the transaction commits, not
 * from the number to the commit (docs/decisions/0280-invoice-number-at-commit.md). The format lives there too:
 * 2026-000123 for invoices, R2026-000004 for credit notes (their own series).
 *
 * The columns stay NOT NULL in the schema's types because every committed row has both; only the issuing
 * transaction sees them empty, and what it is handed says so (service.ts, IssuedDocument).
 */
export const NUMBERED_AT_COMMIT = { number: sql`NULL`, sequence: sql`NULL` } as const;
