import { domainError } from "@/lib/domain-error";

/** Refusals of a parcel's tracking (ship, correct); texts in admin.json under errors.<code> (decision 0352). */
export const TrackingError = domainError("TrackingError", {
  carrierInvalid: "invalid_input",
  trackingNumberRequired: "invalid_input",
  trackingNumberInvalid: "invalid_input",
  trackingUrlInvalid: "invalid_input",
  orderNotFound: "not_found",
  trackingNotShipped: "conflict",
});
export type TrackingError = InstanceType<typeof TrackingError>;
export type TrackingErrorCode = TrackingError["code"];
