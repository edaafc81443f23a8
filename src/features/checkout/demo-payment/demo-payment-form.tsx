"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { payDemoSessionAction } from "../actions";
import { repriceDemoSessionAction } from "./reprice-action";
import { AddressFields, emptyAddress, type Country } from "@/features/addresses/components/address-fields";
import { summarizeAddress } from "@/features/addresses/summary";
import type { SavedAddress } from "@/features/addresses/service";
import { checkShippingAddress, type AddressField, type AddressFieldErrors } from "@/features/addresses/address-schema";
import type { OrderExtras } from "@/features/orders/order-rows";
import { checkOrderExtras, type ExtrasField, type ExtrasFieldErrors } from "../order-extras";
import { CheckoutExtrasFields } from "./checkout-extras-fields";

/**
 * The demo hosted page's shipping address and Pay button. The same schema checks the fields here (messages as the
 * shopper types) and on the server (the check that counts); a refused address shows the server's message per field.
 */
export function DemoPaymentForm({
  sessionId,
  payLabel,
  countries,
  initialAddress,
  initialCountry,
  savedAddresses = [],
  guestToken,
  initialExtras,
}: {
  sessionId: string;
  /** A guest's order link token (docs/product.md#guest-checkout): what lets a guest pay without an account. */
  guestToken?: string;
  payLabel: string;
  countries: Country[];
  initialAddress: ShippingAddress | null;
  /**
   * The country the order is priced for (the one chosen in the drawer's estimate, docs/product.md#payment-page): an empty
   * form starts with it, so the shopper does not pick it twice and the totals shown are the ones for the address.
   */
  initialCountry?: string;
  /** The shopper's address book (docs/product.md#address-book); choosing one fills the form with it. */
  savedAddresses?: SavedAddress[];
  /** The order note and invoice company the order already holds (docs/product.md#checkout-extras). */
  initialExtras?: OrderExtras;
}) {
  const t = useTranslations("shipping");
  const ta = useTranslations("addresses.picker");
  const tRequest = useTranslations("errors.request");
  const te = useTranslations("checkout.extras");
  const router = useRouter();
  const [values, setValues] = useState<Record<AddressField, string>>(() => {
    if (initialAddress) return { ...emptyAddress, ...initialAddress };
    const known = initialCountry !== undefined && countries.some((c) => c.code === initialCountry);
    return { ...emptyAddress, country: known ? initialCountry : "" };
  });
  // What the last change of destination did to the order's taxes (docs/product.md#taxes-and-discounts), read out politely.
  const [repriceNote, setRepriceNote] = useState<string | null>(null);
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;

  // A new destination is priced on the server before paying; the page refreshes to show the order's new totals.
  async function reprice(country: string) {
    if (!codes.includes(country)) return;
    setRepriceNote(t("repricing", { country: countryName(country) }));
    const result = await repriceDemoSessionAction(sessionId, country, guestToken).catch(() => null);
    if (!result || !result.ok) {
      setRepriceNote(null);
      if (result?.reload) window.location.reload();
      return;
    }
    setRepriceNote(result.changed ? t("repriced", { country: countryName(country) }) : null);
    if (result.changed) router.refresh();
  }
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [extras, setExtras] = useState<Record<ExtrasField, string>>({
    orderNote: initialExtras?.orderNote ?? "",
    companyName: initialExtras?.companyName ?? "",
    taxId: initialExtras?.taxId ?? "",
  });
  const [extrasErrors, setExtrasErrors] = useState<ExtrasFieldErrors>({});
  const changeExtra = (field: ExtrasField, value: string) => {
    setExtras((v) => ({ ...v, [field]: value }));
    if (extrasErrors[field]) setExtrasErrors((e) => ({ ...e, [field]: undefined }));
  };
  const matching = savedAddresses.find((saved) => initialAddress && sameAddress(saved.address, initialAddress));
  const [chosen, setChosen] = useState(matching ? String(matching.id) : "");
  const choose = (id: string) => {
    setChosen(id);
    const saved = savedAddresses.find((s) => String(s.id) === id);
    setValues(saved ? { ...emptyAddress, ...saved.address } : emptyAddress);
    setErrors({});
    if (saved) void reprice(saved.address.country);
  };
  // A signed-in shopper (no guest token) keeps a new address in the book unless they say not to.
  const [saveAddress, setSaveAddress] = useState(true);
  const offerSave = !guestToken && chosen === "";
  const [busy, setBusy] = useState(false);
  // Why the last Pay did not answer (network, server failing), as the sentence the shop's forms use.
  const [failure, setFailure] = useState<string | null>(null);
  const codes = countries.map((c) => c.code);

  const change = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An edited address is no longer the saved one: the picker says so rather than pretend.
    setChosen("");
    // A corrected field loses its message at once; others keep theirs until the next attempt.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === "country" && value) void reprice(value);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const local = checkShippingAddress(values, codes);
    // The tax id's format is the address's country's (docs/product.md#checkout-extras).
    const localExtras = checkOrderExtras(extras, values.country);
    setErrors(local.ok ? {} : local.fieldErrors);
    setExtrasErrors(localExtras.ok ? {} : localExtras.fieldErrors);
    if (!local.ok || !localExtras.ok) return;
    setBusy(true);
    try {
      const result = await payDemoSessionAction(sessionId, values, guestToken, extras, offerSave && saveAddress);
      if (result.ok) {
        window.location.assign(result.url);
        return;
      }
      if (result.fieldErrors) setErrors(result.fieldErrors);
      else if (result.extrasErrors) setExtrasErrors(result.extrasErrors);
      else if (result.repriced) {
        setRepriceNote(t("repricedOnPay", { country: countryName(values.country) }));
        router.refresh();
      } else if (result.reload) window.location.reload();
      setBusy(false);
    } catch (thrown) {
      setFailure(failureText(failureFromThrown(thrown), tRequest));
      setBusy(false);
    }
  }

  const hasErrors = Object.values(errors).some(Boolean);
  const hasExtrasErrors = Object.values(extrasErrors).some(Boolean);

  return (
    // noValidate: the shared schema's messages (in the page's language) replace the browser's own bubbles.
    <form onSubmit={submit} noValidate className="mt-6" data-testid="shipping-form">
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{t("address.title")}</legend>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("address.requiredNote")}</p>
        {savedAddresses.length > 0 ? (
          <div className="grid gap-1 sm:col-span-2">
            <Label htmlFor="ship-saved">{ta("savedLabel")}</Label>
            <select
              id="ship-saved"
              value={chosen}
              onChange={(e) => choose(e.target.value)}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
              data-testid="saved-address-select"
            >
              {savedAddresses.map((saved) => (
                <option key={saved.id} value={String(saved.id)}>
                  {summarizeAddress(saved.address)}
                  {saved.isDefault ? ` (${ta("default")})` : ""}
                </option>
              ))}
              <option value="">{ta("other")}</option>
            </select>
          </div>
        ) : null}
        <AddressFields idPrefix="ship" values={values} errors={errors} countries={countries} onChange={change} />
        {offerSave ? (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={saveAddress} onChange={(e) => setSaveAddress(e.target.checked)} className="size-4" data-testid="save-address" />
            {ta("save")}
          </label>
        ) : null}
      </fieldset>
      <fieldset disabled={busy}>
        <CheckoutExtrasFields values={extras} errors={extrasErrors} onChange={changeExtra} />
      </fieldset>
      {hasErrors ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {t("address.fixErrors")}
        </p>
      ) : null}
      {hasExtrasErrors && !hasErrors ? (
        <p role="alert" className="mt-3 text-sm text-destructive" data-testid="extras-alert">
          {te("fixErrors")}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="mt-3 text-sm text-amber-900 empty:hidden" data-testid="reprice-note">
        {repriceNote}
      </p>
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

function sameAddress(a: ShippingAddress, b: ShippingAddress) {
  return (Object.keys(emptyAddress) as AddressField[]).every((k) => (a[k] ?? "") === (b[k] ?? ""));
}
