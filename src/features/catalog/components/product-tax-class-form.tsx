"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { taxClasses, type TaxClass } from "@/features/taxes/pricing-engine";
import { setProductTaxClassAction } from "@/features/taxes/admin-actions";
import { useActionCall } from "@/features/admin/components/use-action-call";

/** The product's tax class (which of the destination's rates applies), on the product's admin page; the taxes screen lists every class too. */
export function ProductTaxClassForm({ productId, initial }: { productId: string; initial: TaxClass }) {
  const t = useTranslations("taxes.admin");
  const router = useRouter();
  const [value, setValue] = useState<TaxClass>(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const call = useActionCall();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await call(() => setProductTaxClassAction(productId, value)).finally(() => setBusy(false));
    setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error });
    if (result.ok) router.refresh();
  }
  return (
    <form className="mt-6 flex flex-wrap items-end gap-3 rounded-[var(--radius)] border p-4" data-testid="product-tax-class" onSubmit={submit}>
      <div className="grid gap-1.5">
        <label htmlFor="product-tax-class" className="text-sm font-medium">
          {t("taxClass")}
        </label>
        <select id="product-tax-class" className="h-9 rounded-md border bg-background px-2 text-sm" value={value} onChange={(e) => setValue(e.target.value as TaxClass)}>
          {taxClasses.map((c) => (
            <option key={c} value={c}>
              {t(`classes.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {t("save")}
      </Button>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
