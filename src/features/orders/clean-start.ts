import { and, asc, count, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderEmails, orderEvents, orderLines, orders, paymentEvents } from "@/server/db/schema/orders";
import { paymentSessions } from "@/server/db/schema/payment-sessions";
import { releaseReservedStock } from "./order-cancellation";

/**
 * A clean start (docs/product.md#a-clean-start): every order with its lines, events, payment sessions and the
 * provider events recorded for it. Invoices, returns, parcels, reminders and promotion uses belong to their own
 * domains and must be gone first (the orchestration in src/features/demo-data calls them). A pending order still
 * holding units gives them back first, so the merchant's own products keep their real stock. Returns how many orders
 * went and every address they were placed with (for the mail outbox).
 */
export async function removeAllOrders(tx: Executor, admin: { userId: string }): Promise<{ orders: number; emails: string[] }> {
  const holding = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), eq(orders.stockReleased, false)))
    .orderBy(asc(orders.id));
  for (const order of holding) await releaseReservedStock(tx, order.id, "cancellation", { kind: "admin", userId: admin.userId });

  const [{ n }] = await tx.select({ n: count() }).from(orders);
  const emails = await tx.delete(orderEmails).returning({ email: orderEmails.email });
  await tx.delete(paymentEvents);
  await tx.delete(paymentSessions);
  await tx.delete(orderEvents);
  await tx.delete(orderLines);
  await tx.delete(orders);
  return { orders: n, emails: emails.map((e) => e.email) };
}
