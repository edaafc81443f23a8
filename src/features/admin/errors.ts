import { domainError } from "@/lib/domain-error";

/**
 * Refusals of the back office's own screens (mail outbox) and of text no column can store. Other domains throw
 * their own errors (decision 0352); the action runner says every one of them in admin.json under errors.<code>.
 */
export const AdminError = domainError("AdminError", {
  unstorableText: "invalid_input",
  mailNotFound: "not_found",
});
export type AdminError = InstanceType<typeof AdminError>;
