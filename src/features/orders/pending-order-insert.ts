import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderEvents, orderLines, orders } from "@/server/db/schema/orders";
import { orderEventInsert, type OrderEventInput, type OrderRow } from "./service";

export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

/**
 * A checkout's new order, its lines and its "created" history entry, written in one statement: the order is a
 * data-modifying WITH clause whose id the lines and the entry read. One round trip instead of three on every checkout
 * (docs/performance.md, "Checkout, third pass"); the foreign keys are checked at the statement's end, when
 * the order is there. Answers the order as inserted.
 */
export async function insertPendingOrder(
  tx: Pick<Db, "$with" | "with" | "insert">,
  order: typeof orders.$inferInsert,
  lines: NewOrderLine[],
  created: Omit<OrderEventInput, "orderId">,
): Promise<OrderRow> {
  const newOrder = tx.$with("new_order").as(tx.insert(orders).values(order).returning());
  const orderId = sql`(select ${sql.identifier("id")} from ${newOrder})`;
  const newLines = tx.$with("new_lines").as(
    tx
      .insert(orderLines)
      .values(lines.map((line) => ({ ...line, orderId })))
      .returning({ id: orderLines.id }),
  );
  const createdEvent = tx.$with("created_event").as(orderEventInsert(tx, { ...created, orderId }).returning({ id: orderEvents.id }));
  const [row] = await tx.with(newOrder, newLines, createdEvent).select().from(newOrder);
  return row;
}
