"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import { lookupOrderAction } from "../lookup-actions";

/** The lookup form (docs/product.md#guest-checkout): the server's answer is shown as is, the same for every order. */
export function OrderLookupForm() {
  const t = useTranslations("orders.lookup");
  const tRequest = useTranslations("errors.request");
  const locale = useLocale();
  const [email, setEmail] = useState("");
  const [orderNumber, setOrderNumber] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      setAnswer(await lookupOrderAction({ email: email.trim(), orderNumber: orderNumber.trim(), locale }));
    } catch (thrown) {
      setAnswer({ ok: false, message: failureText(failureFromThrown(thrown), tRequest) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-6 grid gap-4" onSubmit={submit} data-testid="order-lookup-form">
      <div className="grid gap-2">
        <Label htmlFor="lookup-email">{t("email")}</Label>
        <Input id="lookup-email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="lookup-number">{t("orderNumber")}</Label>
        <Input id="lookup-number" inputMode="numeric" required maxLength={11} value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("sending") : t("submit")}
      </Button>
      {answer ? (
        <p role="status" className={`rounded-md px-3 py-2 text-sm ${answer.ok ? "bg-muted" : "bg-red-50 text-red-900"}`} data-testid="order-lookup-answer">
          {answer.message}
        </p>
      ) : null}
    </form>
  );
}
