/**
 * How an address reads in each country the shop knows the format of (docs/product.md#address-formats): what the
 * postcode and the state field are called, whether each must be filled, and what a postcode looks like. One table for
 * the form's labels and for the schema that checks an address in the browser and on the server, so both agree.
 */

/** Keys of `shipping.address.zipLabels`: "postalCode" (Código postal), "cp" (C.P., Mexico's way), "zip" (the US). */
export type PostcodeLabel = "generic" | "postalCode" | "cp" | "zip";
/** Keys of `shipping.address.stateLabels`. */
export type StateLabel = "generic" | "province" | "state" | "department" | "region";

export type AddressFormat = {
  postcodeLabel: PostcodeLabel;
  postcodeRequired: boolean;
  /** What a postcode of this country looks like, spaces around it trimmed. */
  postcodePattern: RegExp;
  stateLabel: StateLabel;
  stateRequired: boolean;
};

/** Any other country: the postcode is asked (most have one) in a loose shape; the state is optional. */
export const genericAddressFormat: AddressFormat = {
  postcodeLabel: "generic",
  postcodeRequired: true,
  postcodePattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,18}[A-Za-z0-9]$/,
  stateLabel: "generic",
  stateRequired: false,
};

const fiveDigits = /^\d{5}$/;

/*
 * Spain's province is optional: its postcode already names it (28… is Madrid) and carriers route by the postcode, so
 * asking it would only refuse the addresses saved before (decision 0383). Colombia's and Chile's postcodes are
 * optional: few people know theirs and carriers deliver without them; their department or region is what is required.
 */
export const addressFormats: Readonly<Record<string, AddressFormat>> = {
  ES: { postcodeLabel: "postalCode", postcodeRequired: true, postcodePattern: fiveDigits, stateLabel: "province", stateRequired: false },
  MX: { postcodeLabel: "cp", postcodeRequired: true, postcodePattern: fiveDigits, stateLabel: "state", stateRequired: true },
  // Four digits, or the newer CPA: a letter, four digits, three letters (C1425DKF).
  AR: { postcodeLabel: "postalCode", postcodeRequired: true, postcodePattern: /^(\d{4}|[A-Za-z]\d{4}[A-Za-z]{3})$/, stateLabel: "province", stateRequired: true },
  CO: { postcodeLabel: "postalCode", postcodeRequired: false, postcodePattern: /^\d{6}$/, stateLabel: "department", stateRequired: true },
  CL: { postcodeLabel: "postalCode", postcodeRequired: false, postcodePattern: /^\d{7}$/, stateLabel: "region", stateRequired: true },
  PE: { postcodeLabel: "postalCode", postcodeRequired: true, postcodePattern: fiveDigits, stateLabel: "department", stateRequired: true },
  // ZIP or ZIP+4.
  US: { postcodeLabel: "zip", postcodeRequired: true, postcodePattern: /^\d{5}(-\d{4})?$/, stateLabel: "state", stateRequired: true },
};

/** The format of a country code (any case); an unknown or empty one gets the generic format. */
export function addressFormatOf(country: string | null | undefined): AddressFormat {
  return addressFormats[(country ?? "").trim().toUpperCase()] ?? genericAddressFormat;
}
