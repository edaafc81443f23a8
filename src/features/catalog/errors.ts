import { domainError } from "@/lib/domain-error";

/**
 * Refusals of the catalog's back office (products, variants, categories, images), each with the kind of refusal. The
 * admin reads them in admin.json under errors.<code> (decision 0352): only the edges translate.
 */
export const CatalogError = domainError("CatalogError", {
  invalidInput: "invalid_input",
  tooLong: "invalid_input",
  nameRequired: "invalid_input",
  slugRequired: "invalid_input",
  slugInvalid: "invalid_input",
  slugTooLong: "invalid_input",
  invalidUrl: "invalid_input",
  imageUrlNotHttps: "invalid_input",
  productTitleRequired: "invalid_input",
  variantRequired: "invalid_input",
  variantTitleRequired: "invalid_input",
  salePriceNotLower: "invalid_input",
  variantImageNotInProduct: "invalid_input",
  tooManyOptions: "invalid_input",
  optionTitleRequired: "invalid_input",
  optionValuesRequired: "invalid_input",
  optionValueRequired: "invalid_input",
  duplicateOptionValue: "invalid_input",
  variantCombinationInvalid: "invalid_input",
  duplicateCombination: "invalid_input",
  infoTitleRequired: "invalid_input",
  imageMissing: "invalid_input",
  imageType: "invalid_input",
  imageUnreadable: "invalid_input",
  imageTooLarge: "too_large",
  duplicateSlug: "conflict",
  productSlugTaken: "conflict",
  duplicateSku: "conflict",
  stockChanged: "conflict",
  productNotFound: "not_found",
  variantNotFound: "not_found",
  categoryNotFound: "not_found",
});
export type CatalogError = InstanceType<typeof CatalogError>;
