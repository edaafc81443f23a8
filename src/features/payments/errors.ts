import { domainError } from "@/lib/domain-error";

/** Refusals of the payment methods screen; texts in admin.json under errors.<code> (decision 0352). */
export const PaymentMethodError = domainError("PaymentMethodError", {
  paymentMethodUnavailable: "conflict",
  paymentMethodLastOne: "conflict",
});
export type PaymentMethodError = InstanceType<typeof PaymentMethodError>;
