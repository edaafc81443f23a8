import { count } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { invoiceCounters, invoices } from "@/server/db/schema/invoices";

/**
 * A clean start (docs/product.md#a-clean-start): every invoice and credit note goes with the orders they document,
 * and the counters go with them, so the shop's first real invoice is number 1 of its series (decision 0363).
 */
export async function removeAllInvoices(tx: Executor): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(invoices);
  // Credit notes point at the invoice they correct (no foreign key): one statement removes both kinds.
  await tx.delete(invoices);
  await tx.delete(invoiceCounters);
  return n;
}
