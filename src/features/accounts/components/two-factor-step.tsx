"use client";

import { useTranslations } from "@/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { twoFactorErrorKey } from "./two-factor-errors";
import { authClient } from "@/features/accounts/auth-client";

/**
 * The sign-in's second step for an account with two-factor sign-in (docs/product.md#two-factor-sign-in): the
 * password was right, the session exists only once the authenticator's code (or a backup code) is verified.
 */
export function TwoFactorStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const t = useTranslations("security.twoFactor");
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { error } = backup
        ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
        : await authClient.twoFactor.verifyTotp({ code: code.trim() });
      if (error) {
        const key = twoFactorErrorKey(error);
        toast({ title: t("failed"), description: t(key, { detail: error.message ?? String(error.status) }), variant: "destructive" });
        if (key === "expired") onRestart();
        return;
      }
      onDone();
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
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {t("verify")}
      </Button>
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => setBackup(!backup)}>
        {backup ? t("useApp") : t("useBackup")}
      </Button>
    </form>
  );
}
