import { domainError } from "@/lib/domain-error";

/**
 * A discount code the shopper cannot use (docs/product.md#discount-codes). The drawer and checkout say why in
 * promotions.json under errors.<code> (decision 0352); `date` and `amount` are formatted there for the reader.
 */
export const PromotionError = domainError("PromotionError", {
  invalid: "invalid_input",
  unknown: "not_found",
  not_started: "conflict",
  expired: "conflict",
  used_up: "conflict",
  already_used: "conflict",
  minimum_not_reached: "unprocessable",
  not_applicable: "unprocessable",
});
export type PromotionError = InstanceType<typeof PromotionError>;

/** Refusals of the promotions screen; texts in admin.json under errors.<code>. */
export const PromotionAdminError = domainError("PromotionAdminError", {
  promotionValue: "invalid_input",
  promotionDates: "invalid_input",
  promotionDateInvalid: "invalid_input",
  promotionTargetUnknown: "invalid_input",
  amountFormat: "invalid_input",
  amountDecimals: "invalid_input",
  duplicateCode: "conflict",
  promotionInUse: "conflict",
  promotionNotFound: "not_found",
});
export type PromotionAdminError = InstanceType<typeof PromotionAdminError>;
