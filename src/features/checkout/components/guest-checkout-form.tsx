"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useCart } from "@/features/cart/cart-store";
import { AddressFields, emptyAddress, type AddressValues, type Country } from "@/features/addresses/components/address-fields";
import type { AddressField, AddressFieldErrors } from "@/features/addresses/address-schema";
import { getShippingCountry } from "../destination-store";

/** What a guest sends: the order's email and, for a transfer or cash on delivery, the delivery address typed. */
export type GuestDetails = { email: string; address?: AddressValues };

/**
 * 'Continue as guest' under the sign-in dialog (docs/product.md#guest-checkout): the address the order belongs to and,
 * when the payment method has no hosted page to ask it (docs/product.md#payment-methods), where to deliver, among
 * `addressCountries`. The server checks the address again and answers per-field messages.
 */
export function GuestCheckoutForm({
  onSubmit,
  addressCountries,
}: {
  onSubmit: (details: GuestDetails) => Promise<AddressFieldErrors | undefined>;
  addressCountries: Country[] | null;
}) {
  const t = useTranslations("cart.guest");
  const tc = useTranslations("cart");
  const { isProcessing } = useCart();
  const [email, setEmail] = useState("");
  const [address, setAddress] = useState<AddressValues>(() => {
    const chosen = getShippingCountry();
    return { ...emptyAddress, country: chosen && addressCountries?.some((c) => c.code === chosen) ? chosen : "" };
  });
  const [errors, setErrors] = useState<AddressFieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors((await onSubmit({ email: email.trim(), ...(addressCountries ? { address } : {}) })) ?? {});
  }

  const change = (field: AddressField, value: string) => {
    setAddress((a) => ({ ...a, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)} data-testid="guest-checkout-form">
      <p className="font-semibold">{t("title")}</p>
      <p className="text-sm text-muted-foreground">{t("text")}</p>
      <div className="grid gap-2">
        <Label htmlFor="guest-email">{t("email")}</Label>
        <Input id="guest-email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      {addressCountries ? (
        <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="guest-address">
          <legend className="font-semibold">{t("address")}</legend>
          <p className="text-sm text-muted-foreground sm:col-span-2">{t("addressText")}</p>
          <AddressFields idPrefix="guest" values={address} errors={errors} countries={addressCountries} onChange={change} />
        </fieldset>
      ) : null}
      <Button type="submit" variant="outline" disabled={isProcessing} aria-busy={isProcessing}>
        {isProcessing ? <Spinner className="size-4" label={tc("processing")} /> : null}
        {t("submit")}
      </Button>
    </form>
  );
}
