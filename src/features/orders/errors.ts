import { domainError } from "@/lib/domain-error";

/**
 * A refused order change (`params`: id, and from/to or the provider's detail): the state machine's, the cancellation's
 * and the back office's ship and cancel alike. Texts in admin.json under errors.<code> (decision 0352), where the back
 * office, the only caller of these changes, says them; the English detail is for logs.
 */
export const OrderError = domainError("OrderError", {
  orderNotFound: "not_found",
  illegalTransition: "conflict",
  refundFailed: "upstream_failure",
  changedConcurrently: "conflict",
  transferNotPayable: "conflict",
  notPickup: "conflict",
  pickupNotPaid: "conflict",
  pickupAlreadyReady: "conflict",
  pickupNotReady: "conflict",
});
export type OrderError = InstanceType<typeof OrderError>;
