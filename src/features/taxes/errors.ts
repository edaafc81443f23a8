import { domainError } from "@/lib/domain-error";

/** Refusals of the tax screens; texts in admin.json under errors.<code> (decision 0352). */
export const TaxError = domainError("TaxError", {
  productNotFound: "not_found",
});
export type TaxError = InstanceType<typeof TaxError>;
