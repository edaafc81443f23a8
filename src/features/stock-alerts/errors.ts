import { domainError } from "@/lib/domain-error";

/** Why "email me when it's back" is refused; the action says it in fulfilment.json under stockAlerts.errors.<code>. */
export const StockAlertError = domainError("StockAlertError", {
  emailRequired: "invalid_input",
  variantNotFound: "not_found",
  inStock: "conflict",
});
export type StockAlertError = InstanceType<typeof StockAlertError>;

/** Refusals of the low-stock thresholds screen; texts in admin.json under errors.<code> (decision 0352). */
export const StockAlertAdminError = domainError("StockAlertAdminError", {
  variantNotFound: "not_found",
});
export type StockAlertAdminError = InstanceType<typeof StockAlertAdminError>;
