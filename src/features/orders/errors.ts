import { domainError } from "@/lib/domain-error";

/**
 * A refused order status change (`params`: id, and from/to or the provider's detail). Its message is for logs; the
 * back office's services refuse with OrderAdminError in the admin's words.
 */
export const OrderTransitionError = domainError("OrderTransitionError", {
  order_not_found: "not_found",
  illegal_transition: "conflict",
  refund_failed: "upstream_failure",
  changed_concurrently: "conflict",
});
export type OrderTransitionError = InstanceType<typeof OrderTransitionError>;

/** Refusals of the back office's ship and cancel; texts in admin.json under errors.<code> (decision 0352). */
export const OrderAdminError = domainError("OrderAdminError", {
  orderNotFound: "not_found",
  illegalTransition: "conflict",
  refundFailed: "upstream_failure",
  changedConcurrently: "conflict",
  transferNotPayable: "conflict",
});
export type OrderAdminError = InstanceType<typeof OrderAdminError>;
