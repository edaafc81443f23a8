import type { OrderStatus } from "@/server/db/schema/orders";

export type OrderTransitionErrorCode = "order_not_found" | "illegal_transition" | "refund_failed" | "changed_concurrently";

/** A refused order status change; `message` says why in words an admin can act on. */
export class OrderTransitionError extends Error {
  readonly status: number;
  constructor(
    readonly code: OrderTransitionErrorCode,
    message: string,
    readonly from?: OrderStatus,
    readonly to?: OrderStatus,
  ) {
    super(message);
    this.name = "OrderTransitionError";
    this.status = code === "order_not_found" ? 404 : code === "refund_failed" ? 502 : 409;
  }
}
