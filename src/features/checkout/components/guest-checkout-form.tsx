"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useCart } from "@/features/cart/cart-store";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { AddressFields, emptyAddress, type AddressValues, type Country } from "@/features/addresses/components/address-fields";
import type { AddressField, AddressFieldErrors } from "@/features/addresses/address-schema";
import { getShippingCountry } from "../destination-store";

/**
 * What a guest sends: the order's email, `confirmed` once they chose to go on as a guest although the email has an
 * account, and, for a transfer or cash on delivery, the delivery address typed.
 */
export type GuestDetails = { email: string; confirmed?: boolean; address?: AddressValues };
/** What the server's answer asks of the step: per-field address messages, or the offer to sign in. */
export type GuestOutcome = { fieldErrors?: AddressFieldErrors; knownAccount?: boolean };

/**
 * Checkout's first step for a visitor when the shop takes guests (docs/product.md#guest-checkout): the email only —
 * typed and sent, the browser is on its way to payment. An email with an account is offered its sign-in (password,
 * 'Forgot password?') or going on as a guest. When the payment method has no hosted page to ask it
 * (docs/product.md#payment-methods), the step also asks where to deliver, among `addressCountries`; the server checks
 * the address again and answers per-field messages.
 */
export function GuestCheckoutForm({
  onSubmit,
  addressCountries,
}: {
  onSubmit: (details: GuestDetails) => Promise<GuestOutcome | undefined>;
  addressCountries: Country[] | null;
}) {
  const t = useTranslations("cart.guest");
  const tc = useTranslations("cart");
  const { isProcessing } = useCart();
  const { signInWith } = useAuthDialog();
  const [email, setEmail] = useState("");
  const [knownAccount, setKnownAccount] = useState(false);
  const [address, setAddress] = useState<AddressValues>(() => {
    const chosen = getShippingCountry();
    return { ...emptyAddress, country: chosen && addressCountries?.some((c) => c.code === chosen) ? chosen : "" };
  });
  const [errors, setErrors] = useState<AddressFieldErrors>({});

  async function send(confirmed: boolean) {
    const outcome = await onSubmit({ email: email.trim(), ...(confirmed ? { confirmed } : {}), ...(addressCountries ? { address } : {}) });
    setErrors(outcome?.fieldErrors ?? {});
    setKnownAccount(outcome?.knownAccount === true);
  }

  const change = (field: AddressField, value: string) => {
    setAddress((a) => ({ ...a, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const busy = isProcessing ? <Spinner className="size-4" label={tc("processing")} /> : null;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void send(false);
      }}
      data-testid="guest-checkout-form"
    >
      <div className="grid gap-2">
        <Label htmlFor="guest-email">{t("email")}</Label>
        <Input
          id="guest-email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setKnownAccount(false);
          }}
        />
      </div>
      {addressCountries ? (
        <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="guest-address">
          <legend className="font-semibold">{t("address")}</legend>
          <p className="text-sm text-muted-foreground sm:col-span-2">{t("addressText")}</p>
          <AddressFields idPrefix="guest" values={address} errors={errors} countries={addressCountries} onChange={change} />
        </fieldset>
      ) : null}
      {knownAccount ? (
        <div role="status" className="grid gap-3 rounded-[var(--radius)] border border-accent/40 bg-muted p-3 text-sm" data-testid="guest-known-account">
          <p>{t("knownAccount")}</p>
          <Button type="button" onClick={() => signInWith(email.trim())}>
            {t("signIn")}
          </Button>
          <Button type="button" variant="outline" disabled={isProcessing} aria-busy={isProcessing} onClick={() => void send(true)}>
            {busy}
            {t("submit")}
          </Button>
        </div>
      ) : (
        <>
          <Button type="submit" disabled={isProcessing} aria-busy={isProcessing}>
            {busy}
            {t("continue")}
          </Button>
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => signInWith(email.trim())}>
            {t("haveAccount")}
          </Button>
        </>
      )}
    </form>
  );
}
