import { domainError } from "@/lib/domain-error";

/**
 * Refusals of the back office's own screens (roles, mail outbox) and of text no column can store. Other domains throw
 * their own errors (decision 0352); the action runner says every one of them in admin.json under errors.<code>.
 */
export const AdminError = domainError("AdminError", {
  unstorableText: "invalid_input",
  accountNotFound: "not_found",
  mailNotFound: "not_found",
  lastAdmin: "conflict",
});
export type AdminError = InstanceType<typeof AdminError>;
