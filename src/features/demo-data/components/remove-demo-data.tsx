"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "@/i18n/navigation";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { removeDemoDataAction } from "../actions";
import type { DemoRemoval } from "../service";

/**
 * The "Danger zone" of the settings screen (docs/product.md#a-clean-start): removes the demo catalog, orders and
 * customers once the admin has typed the confirmation word (or the shop's name). The server checks the word again.
 */
export function RemoveDemoData() {
  const t = useTranslations("demoData");
  const router = useRouter();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<DemoRemoval | null>(null);

  async function remove(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await removeDemoDataAction({ confirmation: typed });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setTyped("");
    setDone(result.value ?? null);
    router.refresh();
  }

  return (
    <section aria-labelledby={`${inputId}-zone`} className="space-y-4 rounded-lg border border-destructive/50 p-4 sm:p-6" data-testid="danger-zone">
      <h2 id={`${inputId}-zone`} className="text-xl font-semibold text-destructive">
        {t("zone")}
      </h2>
      <div className="space-y-2">
        <h3 className="font-semibold">{t("title")}</h3>
        <p className="text-sm">{t("removes")}</p>
        <p className="text-sm text-muted-foreground">{t("keeps")}</p>
      </div>
      <form onSubmit={remove} className="grid max-w-md gap-2">
        <Label htmlFor={inputId}>{t("confirmLabel", { word: t("word") })}</Label>
        <Input
          id={inputId}
          name="confirmation"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="destructive" disabled={busy || typed.trim().length === 0} className="justify-self-start">
          {busy ? t("removing") : t("submit")}
        </Button>
      </form>
      <p role="status" className="text-sm" data-testid="demo-data-status">
        {done ? t("done", { products: done.products, orders: done.orders, customers: done.customers }) : null}
      </p>
    </section>
  );
}
