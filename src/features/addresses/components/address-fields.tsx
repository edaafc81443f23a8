"use client";

import { useTranslations } from "@/i18n/client";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addressFields, requiredFieldsFor, type AddressField, type AddressFieldErrors } from "../address-schema";
import { addressFormatOf } from "../address-formats";

export type Country = { code: string; name: string };
export type AddressValues = Record<AddressField, string>;

export const emptyAddress: AddressValues = { firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zipCode: "", country: "" };

const autoComplete: Record<AddressField, string> = {
  firstName: "shipping given-name",
  lastName: "shipping family-name",
  phone: "shipping tel",
  address: "shipping street-address",
  city: "shipping address-level2",
  state: "shipping address-level1",
  zipCode: "shipping postal-code",
  country: "shipping country",
};

/**
 * The eight shipping address fields with their labels and per-field messages, shared by the pay page, the guest's
 * email step and the address book so all read and check an address the same way (the schema is ../address-schema.ts).
 * The country comes first: once chosen, the postcode and state fields take its names and required marks
 * (docs/product.md#address-formats).
 */
export function AddressFields({
  idPrefix,
  values,
  errors,
  countries,
  onChange,
}: {
  idPrefix: string;
  values: AddressValues;
  errors: AddressFieldErrors;
  countries: Country[];
  onChange: (field: AddressField, value: string) => void;
}) {
  const t = useTranslations("shipping");
  const format = addressFormatOf(values.country);
  const required = requiredFieldsFor(values.country);
  const label = (name: AddressField) =>
    name === "zipCode" && format.postcodeLabel !== "generic"
      ? t(`address.zipLabels.${format.postcodeLabel}`)
      : name === "state" && format.stateLabel !== "generic"
        ? t(`address.stateLabels.${format.stateLabel}`)
        : t(`address.${name}`);
  return addressFields.map((name) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    const isRequired = required.includes(name);
    const described = error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
    return (
      <div key={name} className={`grid gap-1 ${name === "address" ? "sm:col-span-2" : ""}`}>
        <Label htmlFor={id}>
          {label(name)}
          {isRequired ? (
            <span aria-hidden className="text-destructive">
              {" "}
              *
            </span>
          ) : null}
        </Label>
        {name === "country" ? (
          <select
            id={id}
            name={name}
            value={values.country}
            onChange={(e) => onChange("country", e.target.value)}
            required
            autoComplete={autoComplete.country}
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
            {...described}
          >
            <option value="">{t("address.chooseCountry")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        ) : (
          <Input
            id={id}
            name={name}
            value={values[name]}
            onChange={(e) => onChange(name, e.target.value)}
            required={isRequired}
            type={name === "phone" ? "tel" : "text"}
            autoComplete={autoComplete[name]}
            {...described}
          />
        )}
        {error ? (
          <p id={`${id}-error`} className="text-xs text-destructive" data-testid={`error-${name}`}>
            {t(`address.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  });
}
