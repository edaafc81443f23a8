"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import type { ShippingAddress } from "@/server/db/schema/auth";
import { payDemoSessionAction } from "../actions";
import { addressFields, checkShippingAddress, requiredAddressFields, type AddressField, type AddressFieldErrors } from "../address-schema";

type Country = { code: string; name: string };

const emptyAddress: Record<AddressField, string> = { firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zipCode: "", country: "" };

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
 * The demo hosted page's shipping address and Pay button. The same schema checks the fields here (messages as the
 * shopper types) and on the server (the check that counts); a refused address shows the server's message per field.
 */
export function DemoPaymentForm({
  sessionId,
  payLabel,
  countries,
  initialAddress,
}: {
  sessionId: string;
  payLabel: string;
  countries: Country[];
  initialAddress: ShippingAddress | null;
}) {
  const t = useTranslations("shipping");
  const tRequest = useTranslations("errors.request");
  const [values, setValues] = useState<Record<AddressField, string>>({ ...emptyAddress, ...(initialAddress ?? {}) });
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Why the last Pay did not answer (network, server failing), as the sentence the shop's forms use.
  const [failure, setFailure] = useState<string | null>(null);
  const codes = countries.map((c) => c.code);

  const change = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A corrected field loses its message at once; others keep theirs until the next attempt.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const local = checkShippingAddress(values, codes);
    if (!local.ok) {
      setErrors(local.fieldErrors);
      return;
    }
    setBusy(true);
    try {
      const result = await payDemoSessionAction(sessionId, values);
      if (result.ok) {
        window.location.assign(result.url);
        return;
      }
      if (result.fieldErrors) setErrors(result.fieldErrors);
      else if (result.reload) window.location.reload();
      setBusy(false);
    } catch (thrown) {
      setFailure(failureText(failureFromThrown(thrown), tRequest));
      setBusy(false);
    }
  }

  const hasErrors = Object.values(errors).some(Boolean);
  const field = (name: AddressField, className = "") => {
    const id = `ship-${name}`;
    const error = errors[name];
    const required = requiredAddressFields.includes(name);
    return (
      <div className={`grid gap-1 ${className}`}>
        <Label htmlFor={id}>
          {t(`address.${name}`)}
          {required ? (
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
            onChange={(e) => change("country", e.target.value)}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoComplete={autoComplete.country}
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
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
            onChange={(e) => change(name, e.target.value)}
            required={required}
            type={name === "phone" ? "tel" : "text"}
            autoComplete={autoComplete[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        )}
        {error ? (
          <p id={`${id}-error`} className="text-xs text-destructive" data-testid={`error-${name}`}>
            {t(`address.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    // noValidate: the shared schema's messages (in the page's language) replace the browser's own bubbles.
    <form onSubmit={submit} noValidate className="mt-6" data-testid="shipping-form">
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{t("address.title")}</legend>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("address.requiredNote")}</p>
        {addressFields.map((name) => field(name, name === "address" ? "sm:col-span-2" : ""))}
      </fieldset>
      {hasErrors ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {t("address.fixErrors")}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-destructive" data-testid="pay-failure">
          {t("payFailed")} {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="mt-6 flex w-full items-center justify-center gap-2 rounded-md bg-neutral-900 px-4 py-3 font-medium text-white hover:bg-neutral-700 disabled:opacity-60"
      >
        {busy ? <Spinner className="size-4" label={t("paying")} /> : null}
        {payLabel}
      </button>
    </form>
  );
}
