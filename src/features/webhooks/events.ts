/* The events the shop sends to webhook endpoints (docs/product.md#webhooks). Shared by the server and the admin screen. */

export const webhookEventTypes = ["order.paid", "order.shipped", "order.refunded", "product.updated"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Sent only by the admin's "Send test" button, to the one endpoint tested. */
export const PING_EVENT = "ping";

export const deliveryStatuses = ["pending", "sending", "delivered", "failed"] as const;
