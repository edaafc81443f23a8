"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { authClient } from "@/features/accounts/auth-client";
import { QrCode } from "./qr-code";
import { twoFactorErrorText } from "./two-factor-errors";

type Enrolment = { totpURI: string; backupCodes: string[] };

/**
 * Turning two-factor sign-in on and off on /profile (docs/product.md#two-factor-sign-in), through better-auth's
 * twoFactor plugin: the password → a QR code of the otpauth URI and backup codes → a first code turns it on.
 */
export function TwoFactorSettings({ enabled, required, sessionVerified }: { enabled: boolean; required: boolean; sessionVerified: boolean }) {
  const t = useTranslations("security.twoFactor");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (error: { code?: string; status?: number; message?: string }) =>
    void toast({ title: t("failed"), description: twoFactorErrorText(error, null, t), variant: "destructive" });

  async function run(event: FormEvent, work: () => Promise<unknown>) {
    event.preventDefault();
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const start = (event: FormEvent) =>
    run(event, async () => {
      const { data, error } = await authClient.twoFactor.enable({ password });
      if (error || !data || !("totpURI" in data) || !data.totpURI) return fail(error ?? {});
      setPassword("");
      setEnrolment({ totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
    });

  const confirm = (event: FormEvent) =>
    run(event, async () => {
      const { error } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
      if (error) return fail(error);
      setEnrolment(null);
      setCode("");
      toast({ title: t("enabled") });
      router.refresh();
    });

  const turnOff = (event: FormEvent) =>
    run(event, async () => {
      const { error } = await authClient.twoFactor.disable({ password });
      if (error) return fail(error);
      setPassword("");
      toast({ title: t("disabled") });
      router.refresh();
    });

  const passwordField = (
    <div className="grid gap-1">
      <Label htmlFor="two-factor-password">{t("password")}</Label>
      <Input id="two-factor-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} className="w-64" />
    </div>
  );

  return (
    <div className="space-y-4 text-sm" data-testid="two-factor-settings" data-enabled={enabled}>
      <p className="text-muted-foreground">{t("intro")}</p>
      {required && (!enabled || !sessionVerified) ? (
        <p role="alert" className="rounded-[var(--radius)] border border-destructive p-3 text-destructive">
          {enabled ? t("signInAgain") : t("required")}
        </p>
      ) : null}
      <p className="font-medium">{enabled ? t("isOn") : t("isOff")}</p>
      {enabled ? (
        <form onSubmit={turnOff} className="flex flex-wrap items-end gap-3">
          {passwordField}
          <Button type="submit" variant="outline" disabled={busy}>
            {t("turnOff")}
          </Button>
        </form>
      ) : enrolment ? (
        <div className="space-y-4">
          <p>{t("scan")}</p>
          <QrCode value={enrolment.totpURI} label={t("qrLabel")} />
          <p>
            {t("key")}: <code className="break-all font-mono" data-testid="totp-key">{new URL(enrolment.totpURI).searchParams.get("secret")}</code>
          </p>
          <div>
            <p className="font-medium">{t("backupTitle")}</p>
            <p className="text-muted-foreground">{t("backupIntro")}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5" data-testid="backup-codes">
              {enrolment.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
          <form onSubmit={confirm} className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <Label htmlFor="two-factor-code">{t("code")}</Label>
              <Input id="two-factor-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required value={code} onChange={(e) => setCode(e.target.value)} className="w-40" />
            </div>
            <Button type="submit" disabled={busy}>
              {t("confirm")}
            </Button>
          </form>
        </div>
      ) : (
        <form onSubmit={start} className="flex flex-wrap items-end gap-3">
          {passwordField}
          <Button type="submit" disabled={busy}>
            {t("turnOn")}
          </Button>
        </form>
      )}
    </div>
  );
}
