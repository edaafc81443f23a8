"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useCart } from "@/features/cart/cart-store";

/** 'Continue as guest' under the sign-in dialog (docs/product.md#guest-checkout): the address the order belongs to. */
export function GuestCheckoutForm({ onSubmit }: { onSubmit: (email: string) => Promise<void> }) {
  const t = useTranslations("cart.guest");
  const tc = useTranslations("cart");
  const { isProcessing } = useCart();
  const [email, setEmail] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSubmit(email.trim());
  }

  return (
    <form className="grid gap-3" onSubmit={submit} data-testid="guest-checkout-form">
      <p className="font-semibold">{t("title")}</p>
      <p className="text-sm text-muted-foreground">{t("text")}</p>
      <div className="grid gap-2">
        <Label htmlFor="guest-email">{t("email")}</Label>
        <Input id="guest-email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={isProcessing} aria-busy={isProcessing}>
        {isProcessing ? <Spinner className="size-4" label={tc("processing")} /> : null}
        {t("submit")}
      </Button>
    </form>
  );
}
