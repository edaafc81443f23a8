import { domainError } from "@/lib/domain-error";

/** Refusals of the pages, homepage and footer editors; texts in admin.json under errors.<code> (decision 0352). */
export const ContentError = domainError("ContentError", {
  urlRequired: "invalid_input",
  invalidUrl: "invalid_input",
  pageNotFound: "not_found",
});
export type ContentError = InstanceType<typeof ContentError>;
