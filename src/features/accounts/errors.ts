import { domainError } from "@/lib/domain-error";

/**
 * Refusals of the accounts' own commands (roles, docs/product.md#roles-screen). Texts in admin.json under
 * errors.<code>, said by the back office's action runner (decision 0352); the shopper's account deletion turns
 * `lastAdmin` into its own answer (features/privacy/account-actions.ts).
 */
export const AccountError = domainError("AccountError", {
  accountNotFound: "not_found",
  lastAdmin: "conflict",
});
export type AccountError = InstanceType<typeof AccountError>;
