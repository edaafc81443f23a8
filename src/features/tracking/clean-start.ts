import type { Executor } from "@/server/db/executor";
import { orderShipments } from "@/server/db/schema/tracking";

/** A clean start (docs/product.md#a-clean-start): every parcel recorded for an order, before the orders go. */
export async function removeAllShipments(tx: Executor): Promise<void> {
  await tx.delete(orderShipments);
}
