import type { OrderShippingMethod } from "@/server/db/schema/orders";

/** Where a local-pickup order stands (docs/product.md#local-pickup); null for an order that is not picked up. */
export type PickupState = "awaiting" | "ready" | "pickedUp";

export function pickupState(order: { status: string; shippingMethod: Pick<OrderShippingMethod, "kind"> | null; readyForPickupAt: Date | null }): PickupState | null {
  if (order.shippingMethod?.kind !== "pickup" || order.status === "cancelled" || order.status === "pending") return null;
  if (order.status === "shipped") return "pickedUp";
  return order.readyForPickupAt ? "ready" : "awaiting";
}
