"use client";

import { BellRing } from "lucide-react";
import { useLocale, useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSession } from "@/features/accounts/session-client";
import { subscribeStockAlertAction } from "../actions";

/**
 * "Email me when it's back" under a sold-out variant (docs/product.md#stock-alerts): one click when signed in,
 * otherwise an address that is confirmed by email first. The answer is read out (aria-live).
 */
export function StockAlertForm({ variantId }: { variantId: string }) {
  const t = useTranslations("fulfilment.stockAlerts");
  const locale = useLocale();
  const { data: session, isPending: sessionPending } = useSession();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event?: React.FormEvent) => {
    event?.preventDefault();
    startTransition(async () => {
      const result = await subscribeStockAlertAction({ variantId, locale, ...(session ? {} : { email: email.trim() }) });
      if (!result.ok) setMessage({ text: result.error, error: true });
      else
        setMessage({
          text: result.result === "confirmation_sent" ? t("confirmationSent") : result.result === "already_subscribed" ? t("already") : t("subscribed"),
          error: false,
        });
    });
  };

  return (
    <div className="grid gap-3 rounded-[var(--radius)] border p-4" data-testid="stock-alert">
      <p className="text-sm font-medium">{t("soldOut")}</p>
      {session || sessionPending ? (
        // Until the session is known the one-click button waits (disabled) rather than showing the guest form.
        <div>
          <Button type="button" variant="outline" onClick={() => submit()} disabled={pending || sessionPending}>
            <BellRing aria-hidden />
            {t("notify")}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={`stock-alert-email-${variantId}`}>{t("emailLabel")}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`stock-alert-email-${variantId}`}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="max-w-xs"
            />
            <Button type="submit" variant="outline" disabled={pending}>
              <BellRing aria-hidden />
              {t("submit")}
            </Button>
          </div>
        </form>
      )}
      <p aria-live="polite" className={message?.error ? "text-sm text-destructive" : "text-sm text-success"} data-testid="stock-alert-message">
        {message?.text ?? ""}
      </p>
    </div>
  );
}
