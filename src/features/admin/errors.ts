/** Codes of refusals an admin can act on; each has a message in messages/{en,es}/admin.json under admin.errors. */
export type AdminErrorCode =
  | "notAuthorized"
  | "duplicateCode"
  | "promotionNotFound"
  | "promotionValue"
  | "promotionDates"
  | "promotionInUse"
  | "invalidInput"
  | "nameRequired"
  | "slugRequired"
  | "slugInvalid"
  | "slugTooLong"
  | "imageUrlNotHttps"
  | "unstorableText"
  | "duplicateSlug"
  | "categoryNotFound"
  | "pageNotFound"
  | "invalidUrl"
  | "urlRequired"
  | "tooLong"
  | "orderNotFound"
  | "illegalTransition"
  | "refundFailed"
  | "changedConcurrently"
  | "productTitleRequired"
  | "productNotFound"
  | "variantRequired"
  | "variantTitleRequired"
  | "variantNotFound"
  | "salePriceNotLower"
  | "duplicateSku"
  | "stockChanged"
  | "variantImageNotInProduct"
  | "infoTitleRequired"
  | "imageTooLarge"
  | "imageType"
  | "imageUnreadable"
  | "imageMissing"
  | "carrierInvalid"
  | "trackingNumberRequired"
  | "trackingNumberInvalid"
  | "trackingUrlInvalid"
  | "trackingNotShipped"
  | "returnNotFound"
  | "returnIllegalTransition"
  | "returnRefundFailed"
  | "accountNotFound"
  | "lastAdmin"
  | "mailNotFound"
  | "webhookUrlInvalid"
  | "webhookUrlCredentials"
  | "webhookUrlPrivate"
  | "webhookUrlReserved"
  | "webhookUrlUnresolved"
  | "webhookEventsRequired"
  | "webhookNotFound"
  | "webhookDeliveryNotFound"
  | "webhookDeliveryBusy"
  | "secondFactorRequired"
  | "secondFactorSession"
  | "unexpected";

/** A refused admin change. Services throw it before writing anything (or inside a transaction that then rolls back). */
export class AdminError extends Error {
  constructor(
    readonly code: AdminErrorCode,
    readonly params: Record<string, string | number> = {},
    /** The form field the refusal is about, so the form can show it there (e.g. "url"). */
    readonly field?: string,
  ) {
    super(`${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ""}`);
    this.name = "AdminError";
  }
}
