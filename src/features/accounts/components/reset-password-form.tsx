"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { useRouter } from "@/i18n/navigation";
import { authClient } from "@/features/accounts/auth-client";
import { authErrorKey, resetPasswordSchema } from "../schemas";
import { PasswordInput } from "./password-input";

/** Sets a new password with the emailed token; better-auth then ends every session of the account. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth");
  const tRequest = useTranslations("errors.request");
  const locale = useLocale();
  const router = useRouter();
  const { openAuthDialog } = useAuthDialog();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const labels = { showLabel: t("dialog.showPassword"), hideLabel: t("dialog.hidePassword") };

  if (!token) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-destructive" role="alert">
          {t("reset.missingToken")}
        </p>
        <Button type="button" onClick={() => openAuthDialog({ view: "login" })}>
          {t("reset.openLogin")}
        </Button>
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message;
      const description = key === "passwordsDoNotMatch" ? t("dialog.passwordsDoNotMatch") : t(`errors.${key === "passwordTooLong" ? "passwordTooLong" : "passwordTooShort"}`);
      toast({ title: t("toast.resetFailedTitle"), description, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const { error } = await authClient.resetPassword({ newPassword: parsed.data.password, token: token ?? "" });
      if (error) {
        const known = authErrorKey(error);
        toast({ title: t("toast.resetFailedTitle"), description: known ? t(`errors.${known}`) : error.message || failureText({ kind: "server", status: error.status ?? 500 }, tRequest), variant: "destructive" });
        return;
      }
      toast({ title: t("toast.resetDoneTitle"), description: t("toast.resetDoneDescription") });
      router.replace("/");
      openAuthDialog({ view: "login" });
    } catch (thrown) {
      toast({ title: t("toast.resetFailedTitle"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} data-testid="reset-password-form" lang={locale}>
      <div className="grid gap-2">
        <Label htmlFor="reset-password">{t("reset.newPassword")}</Label>
        <PasswordInput id="reset-password" autoComplete="new-password" required minLength={8} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} {...labels} />
        <p className="text-xs text-muted-foreground">{t("dialog.passwordHint")}</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="reset-confirm-password">{t("reset.confirmPassword")}</Label>
        <PasswordInput id="reset-confirm-password" autoComplete="new-password" required maxLength={128} value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} {...labels} />
      </div>
      <Button type="submit" disabled={busy || password !== confirmPassword}>
        {busy ? t("reset.saving") : t("reset.submit")}
      </Button>
    </form>
  );
}
