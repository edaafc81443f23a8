/* The payment and fulfilment statuses an order shows (docs/product.md#order-status); read by ./order-state.ts. */

export const paymentStatuses = ["awaiting_payment", "paid", "partially_refunded", "refunded", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const fulfilmentStatuses = ["unfulfilled", "ready_for_pickup", "shipped", "picked_up", "returned"] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** The list's fulfilment filter: one status, "to fulfil" (the default view) or every order. */
export const fulfilmentViews = ["to_fulfil", "all", ...fulfilmentStatuses] as const;
export type FulfilmentView = (typeof fulfilmentViews)[number];

export type OrderStates = { payment: PaymentStatus; fulfilment: FulfilmentStatus };
