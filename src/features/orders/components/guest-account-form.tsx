"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/features/accounts/components/password-input";
import { createAccountForGuestOrderAction } from "../guest-account-actions";

/**
 * "Create an account with this email" under a guest order on the success page (docs/product.md#success-page): a name
 * and a password for the order's own email. Done, it says to follow the emailed link: the verified address's orders
 * then join the account.
 */
export function GuestAccountForm({ orderId, token, email, initialName }: { orderId: number; token: string; email: string; initialName: string }) {
  const t = useTranslations("success.account");
  const ta = useTranslations("auth");
  const locale = useLocale();
  const [fullName, setFullName] = useState(initialName);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const mismatch = confirm !== "" && password !== confirm;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) return setError(ta("dialog.passwordsDoNotMatch"));
    setBusy(true);
    setError(null);
    try {
      const result = await createAccountForGuestOrderAction({ orderId, token, fullName, password, locale });
      if (result.ok) setSent(true);
      else setError(result.error === "orderGone" ? t("orderGone") : ta(`errors.${result.error}`));
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p role="status" className="mt-6 w-full max-w-sm rounded-md bg-green-50 p-3 text-left text-sm text-green-900" data-testid="guest-account-sent">
        {t("sent", { email })}
      </p>
    );
  }
  const labels = { showLabel: ta("dialog.showPassword"), hideLabel: ta("dialog.hidePassword") };
  return (
    <form onSubmit={submit} className="mt-6 grid w-full max-w-sm gap-3 rounded-md border p-3 text-left text-sm" data-testid="guest-account-form">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <p className="text-muted-foreground">{t("intro", { email })}</p>
      <div className="grid gap-1">
        <Label htmlFor="guest-account-name">{ta("dialog.fullName")}</Label>
        <Input id="guest-account-name" autoComplete="name" required maxLength={120} value={fullName} onChange={(e) => setFullName(e.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="guest-account-password">{ta("dialog.password")}</Label>
        <PasswordInput id="guest-account-password" autoComplete="new-password" required minLength={8} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} {...labels} />
        <p className="text-xs text-muted-foreground">{ta("dialog.passwordHint")}</p>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="guest-account-confirm">{ta("dialog.confirmPassword")}</Label>
        <PasswordInput id="guest-account-confirm" autoComplete="new-password" required maxLength={128} aria-invalid={mismatch} value={confirm} onChange={(e) => setConfirm(e.target.value)} {...labels} />
      </div>
      {error ? (
        <p role="alert" className="text-destructive" data-testid="guest-account-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy || mismatch}>
        {t("submit")}
      </Button>
    </form>
  );
}
