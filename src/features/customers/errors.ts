import { domainError } from "@/lib/domain-error";

/** Refusals of the customer screens; texts in admin.json under errors.<code> (decision 0352). */
export const CustomerError = domainError("CustomerError", {
  customerNotFound: "not_found",
});
export type CustomerError = InstanceType<typeof CustomerError>;
