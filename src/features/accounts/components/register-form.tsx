"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { PasswordInput } from "@/features/accounts/components/password-input";
import { registerSchema } from "@/features/accounts/schemas";
import { localizedPath, type Locale } from "@/i18n/routing";
import { authClient } from "@/features/accounts/auth-client";
import type { SignedInUser } from "@/features/accounts/session-client";
import { useAuthErrorText } from "@/features/accounts/components/auth-error-text";

const emptyRegister = { fullName: "", email: "", password: "", confirmPassword: "" };

/**
 * The sign-in dialog's register view (docs/product.md#auth-dialog): a mismatch sends nothing; `onRegistered` gets the
 * new account when it is signed in, null when email verification holds the session back until the emailed link is
 * followed.
 */
export function RegisterForm({ busy, setBusy, onRegistered }: { busy: boolean; setBusy: (busy: boolean) => void; onRegistered: (signedIn: SignedInUser | null) => void }) {
  const t = useTranslations("auth");
  const locale = useLocale() as Locale;
  const [register, setRegister] = useState(emptyRegister);
  const { runAuthCall } = useAuthErrorText(locale);
  const passwordLabels = { showLabel: t("dialog.showPassword"), hideLabel: t("dialog.hidePassword") };

  async function submitRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.password !== register.confirmPassword) {
      // A mismatch sends nothing (docs/product.md#auth-dialog).
      toast({ title: t("toast.mismatchTitle"), description: t("toast.mismatchDescription"), variant: "destructive" });
      return;
    }
    const parsed = registerSchema.safeParse(register);
    if (!parsed.success) {
      toast({ title: t("toast.signUpFailedTitle"), description: t(`errors.${parsed.error.issues[0]?.message ?? "invalidEmail"}` as "errors.invalidEmail"), variant: "destructive" });
      return;
    }
    await runAuthCall(
      t("toast.signUpFailedTitle"),
      setBusy,
      (options) =>
        authClient.signUp.email(
          { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password, callbackURL: `${localizedPath("/", locale)}?verified=1` },
          options,
        ),
      (data) => {
        if (data?.token) {
          toast({ title: t("toast.registrationSuccess") });
        } else {
          // Email verification is on: no session until the emailed link is followed.
          toast({ title: t("toast.verifyTitle"), description: t("toast.verifyDescription") });
        }
        setRegister(emptyRegister);
        onRegistered(data?.token ? data.user : null);
      },
    );
  }

  const mismatch = register.password !== register.confirmPassword;
  return (
    <form className="grid gap-4" onSubmit={submitRegister} data-testid="register-form">
      <div className="grid gap-2">
        <Label htmlFor="register-full-name">{t("dialog.fullName")}</Label>
        <Input id="register-full-name" name="full_name" autoComplete="name" required maxLength={120} value={register.fullName} onChange={(e) => setRegister({ ...register, fullName: e.target.value })} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">{t("dialog.email")}</Label>
        <Input id="register-email" name="email" type="email" autoComplete="email" required value={register.email} onChange={(e) => setRegister({ ...register, email: e.target.value })} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">{t("dialog.password")}</Label>
        <PasswordInput
          id="register-password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          aria-describedby="register-password-hint"
          value={register.password}
          onChange={(e) => setRegister({ ...register, password: e.target.value })}
          {...passwordLabels}
        />
        <p id="register-password-hint" className="text-xs text-muted-foreground">
          {t("dialog.passwordHint")}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-confirm-password">{t("dialog.confirmPassword")}</Label>
        <PasswordInput
          id="register-confirm-password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={mismatch && register.confirmPassword !== ""}
          value={register.confirmPassword}
          onChange={(e) => setRegister({ ...register, confirmPassword: e.target.value })}
          {...passwordLabels}
        />
        {mismatch && register.confirmPassword !== "" ? (
          <p className="text-xs text-destructive">{t("dialog.passwordsDoNotMatch")}</p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy || mismatch}>
        {busy ? t("dialog.registering") : t("dialog.register")}
      </Button>
    </form>
  );
}
