import { domainError } from "@/lib/domain-error";

/**
 * Why a shopper's return request is refused; the action says it in fulfilment.json under returns.errors.<code>
 * (decision 0352).
 */
export const ReturnError = domainError("ReturnError", {
  orderNotFound: "not_found",
  notShipped: "conflict",
  windowClosed: "conflict",
  noLines: "invalid_input",
  unknownLine: "invalid_input",
  tooMany: "invalid_input",
});
export type ReturnError = InstanceType<typeof ReturnError>;

/** Refusals of the back office's steps of a return; texts in admin.json under errors.<code>. */
export const ReturnAdminError = domainError("ReturnAdminError", {
  returnNotFound: "not_found",
  returnIllegalTransition: "conflict",
  returnRefundFailed: "upstream_failure",
  refundOrderNotFound: "not_found",
  refundNotPaid: "conflict",
  refundNothing: "invalid_input",
  refundUnknownLine: "invalid_input",
  refundTooMany: "invalid_input",
  refundShippingAgain: "conflict",
  refundOverLeft: "invalid_input",
  refundAmount: "invalid_input",
  refundReason: "invalid_input",
  refundChanged: "conflict",
  refundProviderFailed: "upstream_failure",
  rejectReason: "invalid_input",
});
export type ReturnAdminError = InstanceType<typeof ReturnAdminError>;
