import { domainError } from "@/lib/domain-error";

/** Refusals of "Remove demo data"; texts in admin.json under errors.<code> (decision 0352). */
export const DemoDataError = domainError("DemoDataError", {
  confirmationMismatch: "invalid_input",
});
export type DemoDataError = InstanceType<typeof DemoDataError>;
