import { domainError } from "@/lib/domain-error";

/**
 * Refusals of the pages, homepage and footer editors; texts in admin.json under errors.<code> (decision 0352). Page
 * and footer-details refusals name the form field they are about.
 */
export const ContentError = domainError("ContentError", {
  urlRequired: "invalid_input",
  invalidUrl: "invalid_input",
  pageNotFound: "not_found",
  pageTitleRequired: "invalid_input",
  pageSlugRequired: "invalid_input",
  pageSlugInvalid: "invalid_input",
  pageSlugReserved: "invalid_input",
  pageSlugTaken: "conflict",
  fixedPageDelete: "invalid_input",
  notATemplate: "invalid_input",
  socialUrlInvalid: "invalid_input",
});
export type ContentError = InstanceType<typeof ContentError>;
