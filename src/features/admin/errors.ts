import type { ZodError } from "zod";

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

/** A refusal of the input's shape in the words of the admin's messages: "too long (at most …)" or the fields at fault. */
export function adminErrorFromZod(error: ZodError): AdminError {
  // "Too long (at most N characters)" fits text only; a list or number too big is named by its field below.
  const tooLong = error.issues.find((i) => i.code === "too_big" && i.origin === "string");
  if (tooLong && "maximum" in tooLong) return new AdminError("tooLong", { max: Number(tooLong.maximum) });
  const details = error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  return new AdminError("invalidInput", { details });
}
