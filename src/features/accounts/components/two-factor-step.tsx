"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { twoFactorErrorKey, twoFactorErrorText } from "./two-factor-errors";
import { useAuthErrorText } from "./auth-error-text";
import { authClient } from "@/features/accounts/auth-client";

/**
 * The sign-in's second step for an account with two-factor sign-in (docs/product.md#two-factor-sign-in): the
 * password was right, the session exists only once the authenticator's code (or a backup code) is verified. A refused
 * code is answered inside the step, which stays open: wrong, already used, or how long a locked account waits.
 */
export function TwoFactorStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const t = useTranslations("security.twoFactor");
  const { callOptions, errorText, thrownText } = useAuthErrorText(useLocale());
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { seen, options } = callOptions();
      const { error } = backup
        ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() }, options)
        : await authClient.twoFactor.verifyTotp({ code: code.trim() }, options);
      if (!error) return onDone();
      if (twoFactorErrorKey(error) === "expired") {
        // The pending sign-in is gone: back to the password, which replaces this step.
        toast({ title: t("signInFailed"), description: t("expired"), variant: "destructive" });
        return onRestart();
      }
      // A flood ceiling of this device (not the account's lockout) reads as any other "too many requests".
      setProblem(error.code === "TOO_MANY_REQUESTS" ? errorText(error, seen.retryAfter) : twoFactorErrorText(error, seen.retryAfter, t));
    } catch (thrown) {
      setProblem(thrownText(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} data-testid="two-factor-form">
      <p className="font-semibold">{t("signInTitle")}</p>
      <p className="text-sm text-muted-foreground">{t("signInIntro")}</p>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-signin-code">{backup ? t("backupCode") : t("code")}</Label>
        <Input
          id="two-factor-signin-code"
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          required
          autoFocus
          aria-describedby={problem ? "two-factor-signin-problem" : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      {problem ? (
        <p id="two-factor-signin-problem" role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {t("verify")}
      </Button>
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => setBackup(!backup)}>
        {backup ? t("useApp") : t("useBackup")}
      </Button>
    </form>
  );
}
