import { domainError } from "@/lib/domain-error";

/** Refusals of the webhooks screen (endpoints, deliveries); texts in admin.json under errors.<code> (decision 0352). */
export const WebhookError = domainError("WebhookError", {
  webhookUrlInvalid: "invalid_input",
  webhookUrlCredentials: "invalid_input",
  webhookUrlPrivate: "invalid_input",
  webhookUrlReserved: "invalid_input",
  webhookUrlUnresolved: "invalid_input",
  webhookEventsRequired: "invalid_input",
  webhookNotFound: "not_found",
  webhookDeliveryNotFound: "not_found",
  webhookDeliveryBusy: "conflict",
});
export type WebhookError = InstanceType<typeof WebhookError>;
