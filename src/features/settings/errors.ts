import { domainError } from "@/lib/domain-error";

/**
 * Refusals of /admin/settings (docs/product.md#settings); texts in settings.json under errors.<code>, said on the
 * field the refusal names (decision 0352).
 */
export const SettingsError = domainError("SettingsError", {
  invalid: "invalid_input",
  storeName: "invalid_input",
  email: "invalid_input",
  phone: "invalid_input",
  tooLong: "invalid_input",
  logo: "invalid_input",
  logoType: "invalid_input",
  logoTooLarge: "too_large",
  taxId: "invalid_input",
  currency: "invalid_input",
  timeZone: "invalid_input",
  currencyLocked: "conflict",
  reservationMinutes: "invalid_input",
  reminderMinutes: "invalid_input",
  windowDays: "invalid_input",
  shippingRefund: "invalid_input",
  lowStockThreshold: "invalid_input",
  fromName: "invalid_input",
  fromAddress: "invalid_input",
  choice: "invalid_input",
});
export type SettingsError = InstanceType<typeof SettingsError>;
export type SettingsErrorCode = keyof typeof SettingsError.kinds;
