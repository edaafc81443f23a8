"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { deleteMyAccountAction } from "../account-actions";

/**
 * docs/product.md#data-rights on /profile: a download link for the JSON export, and deletion after the password. When
 * the account is gone the whole page reloads from the home page, signed out (every session ended with the account).
 */
export function DataRightsCard({ homePath }: { homePath: string }) {
  const t = useTranslations("privacy");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await deleteMyAccountAction({ password });
      if (result.ok) {
        window.location.assign(homePath);
        return;
      }
      setError(t(result.reason === "auth" ? "signedOut" : result.reason === "lastAdmin" ? "lastAdmin" : "wrongPassword"));
    } catch {
      setError(t("unexpected"));
    }
    setBusy(false);
  }

  return (
    <div className="grid gap-6 text-sm" data-testid="data-rights">
      <div>
        <p className="text-muted-foreground">{t("text")}</p>
        <a href="/api/account/export" download className="mt-3 inline-block rounded-md border px-4 py-2 hover:bg-muted" data-testid="download-data">
          {t("download")}
        </a>
      </div>
      <form onSubmit={submit} className="grid gap-2 border-t pt-4" data-testid="delete-account-form">
        <h3 className="font-semibold">{t("deleteTitle")}</h3>
        <p className="text-muted-foreground">{t("deleteText")}</p>
        <Label htmlFor="delete-password">{t("password")}</Label>
        <Input
          id="delete-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "delete-error" : undefined}
          className="max-w-xs"
        />
        {error ? (
          <p id="delete-error" role="alert" className="text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="destructive" disabled={busy || password.length === 0} aria-busy={busy} className="w-fit">
          {t("deleteButton")}
        </Button>
      </form>
    </div>
  );
}
