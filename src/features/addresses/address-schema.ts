import { z } from "zod";
import { builtPerKey } from "@/lib/built-per-key";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { addressFormatOf } from "./address-formats";

/**
 * The shipping address form, one schema for the browser (instant per-field messages) and the server (the check that
 * counts). Each issue's message is a key of `shipping.address.errors`, translated where it is shown.
 */
/** In the order the forms show them: the country first, since it decides shipping, taxes and what the others mean. */
export const addressFields = ["country", "firstName", "lastName", "phone", "address", "city", "state", "zipCode"] as const;
export type AddressField = (typeof addressFields)[number];
export type AddressErrorKey = "required" | "tooLong" | "phoneInvalid" | "zipInvalid" | "countryNotShipped";
export type AddressFieldErrors = Partial<Record<AddressField, AddressErrorKey>>;

/**
 * Fields a shopper must fill whatever the country; the postcode and the state depend on it (address-formats.ts):
 * `requiredFieldsFor` names them all.
 */
export const requiredAddressFields: readonly AddressField[] = ["firstName", "lastName", "phone", "address", "city", "country"];

/** The fields an address in `country` must have filled (docs/product.md#address-formats). */
export function requiredFieldsFor(country: string | null | undefined): readonly AddressField[] {
  const format = addressFormatOf(country);
  return addressFields.filter((f) => requiredAddressFields.includes(f) || (f === "zipCode" && format.postcodeRequired) || (f === "state" && format.stateRequired));
}

const text = (max: number, required = true) => {
  const base = z.string({ error: "required" }).trim().max(max, { error: "tooLong" });
  return required ? base.min(1, { error: "required" }) : base;
};

/** `countries`: the ISO codes the shop ships to (settings().SHIPPING_COUNTRIES), checked on both sides. */
export function shippingAddressSchema(countries: readonly string[]) {
  return schemaFor(countries.join(","));
}

// One schema per list of countries (every payment checks an address): see builtPerKey.
const schemaFor = builtPerKey((joined) => {
  const countries = joined === "" ? [] : joined.split(",");
  return z.object({
    firstName: text(100),
    lastName: text(100),
    // Digits with the usual separators and an optional leading +; letters are the typical mistake to catch.
    phone: text(30).pipe(z.string().regex(/^\+?[0-9][0-9 ()./-]{4,24}[0-9]$/, { error: "phoneInvalid" })),
    address: text(200),
    city: text(100),
    // Whether these two must be filled, and a postcode's shape, are the country's (countryFormatErrors below).
    state: text(100, false).default(""),
    zipCode: text(20, false).default(""),
    country: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .transform((v) => v.toUpperCase())
      .refine((v) => countries.includes(v), { error: "countryNotShipped" }),
  });
});

export type AddressCheck = { ok: true; address: ShippingAddress } | { ok: false; fieldErrors: AddressFieldErrors };

/** Validates an address; on failure, the first problem of each field (a form shows one message per field). */
export function checkShippingAddress(raw: unknown, countries: readonly string[]): AddressCheck {
  const parsed = shippingAddressSchema(countries).safeParse(raw ?? {});
  const byCountry = countryFormatErrors(raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {});
  if (parsed.success && Object.keys(byCountry).length === 0) return { ok: true, address: parsed.data };
  const fieldErrors: AddressFieldErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(addressFields as readonly string[]).includes(field)) continue;
    const key = (["required", "tooLong", "phoneInvalid", "zipInvalid", "countryNotShipped"] as const).find((k) => k === issue.message) ?? "required";
    fieldErrors[field as AddressField] ??= key;
  }
  // An object that is not an address at all (null, a string…) still names every required field.
  if (Object.keys(fieldErrors).length === 0 && !parsed.success) for (const f of requiredFieldsFor(null)) fieldErrors[f] = "required";
  for (const [field, key] of Object.entries(byCountry) as [AddressField, AddressErrorKey][]) fieldErrors[field] ??= key;
  return { ok: false, fieldErrors };
}

/**
 * The checks that depend on the country (address-formats.ts): a required postcode or state left empty, a postcode
 * not of the country's shape. Read from the raw values, so they are told together with the other fields' messages.
 */
function countryFormatErrors(raw: Record<string, unknown>): AddressFieldErrors {
  const value = (field: AddressField) => {
    const v = raw[field];
    return typeof v === "string" ? v.trim() : "";
  };
  const format = addressFormatOf(value("country"));
  const errors: AddressFieldErrors = {};
  const zip = value("zipCode");
  if (!zip) {
    if (format.postcodeRequired) errors.zipCode = "required";
  } else if (zip.length <= 20 && !format.postcodePattern.test(zip)) errors.zipCode = "zipInvalid";
  if (format.stateRequired && !value("state")) errors.state = "required";
  return errors;
}

/** True when a stored address is this one, field by field (one holding any other key is not). */
export function sameAddress(stored: ShippingAddress | null | undefined, address: ShippingAddress): boolean {
  if (!stored) return false;
  const fields: readonly string[] = addressFields;
  return Object.keys(stored).every((key) => fields.includes(key)) && addressFields.every((f) => stored[f] === address[f]);
}

/** English wording of the keys, for API answers (the page translates the keys itself). */
export const addressErrorText: Record<AddressErrorKey, string> = {
  required: "This field is required.",
  tooLong: "This value is too long.",
  phoneInvalid: "Enter a phone number with digits only (spaces, +, -, and parentheses allowed).",
  zipInvalid: "Enter a valid postal code.",
  countryNotShipped: "We do not ship to this country.",
};
