"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { savePaymentMethodAction } from "../admin-actions";
import type { PaymentMethodView } from "../service";

type MethodRow = PaymentMethodView & { feeUnits: string };
/** A shipping zone cash on delivery may be offered in, named in the admin's language. */
export type ZoneChoice = { id: number; name: string; countries: string[] };

/** The payment methods screen (docs/product.md#payment-methods): one card per method, each saved on its own. */
export function PaymentMethodsAdmin({ methods, currency, zones }: { methods: MethodRow[]; currency: string; zones: ZoneChoice[] }) {
  return (
    <div className="grid gap-4" data-testid="payment-methods">
      {methods.map((m) => (
        <MethodCard key={m.id} method={m} currency={currency} zones={zones} />
      ))}
    </div>
  );
}

function MethodCard({ method, currency, zones }: { method: MethodRow; currency: string; zones: ZoneChoice[] }) {
  const t = useTranslations("paymentMethods.admin");
  const tName = useTranslations("paymentMethods.picker.methods");
  const router = useRouter();
  const call = useActionCall();
  const [enabled, setEnabled] = useState(method.enabled);
  const [transfer, setTransfer] = useState({ ...method.bankTransfer, holdDays: String(method.bankTransfer.holdDays) });
  const [fee, setFee] = useState(method.feeUnits);
  const [zoneIds, setZoneIds] = useState<number[]>(method.cashOnDelivery.zoneIds);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = (name: string) => `pm-${method.id}-${name}`;

  function input(): Record<string, unknown> {
    if (method.id === "bank_transfer") return { method: method.id, enabled, ...transfer };
    if (method.id === "cash_on_delivery") return { method: method.id, enabled, fee, zoneIds };
    return { method: method.id, enabled };
  }

  async function save() {
    setBusy(true);
    try {
      const result = await call(() => savePaymentMethodAction(input()));
      setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error });
      if (result.ok) router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid={`payment-method-${method.id}`}>
      <CardHeader className="gap-1">
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          {tName(method.id)}
          <span className={method.enabled ? "rounded bg-green-100 px-2 py-0.5 text-xs text-green-800" : "rounded bg-muted px-2 py-0.5 text-xs text-muted-foreground"}>
            {method.enabled ? t("on") : t("off")}
          </span>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t(`hints.${method.id}`)}</p>
        {method.unavailable ? (
          <p className="text-sm text-amber-700" data-testid={`payment-method-${method.id}-unavailable`}>
            {method.unavailable.kind === "env" ? t("missingEnv", { names: method.unavailable.missing.join(", ") }) : t("missingDetails")}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            {t("offer")}
          </label>
          {method.id === "bank_transfer" ? (
            <>
              <Field id={id("holder")} label={t("accountHolder")} value={transfer.accountHolder} maxLength={120} onChange={(e) => setTransfer({ ...transfer, accountHolder: e.target.value })} />
              <Field id={id("account")} label={t("account")} hint={t("accountHint")} value={transfer.account} maxLength={40} onChange={(e) => setTransfer({ ...transfer, account: e.target.value })} />
              <Field id={id("bank")} label={t("bankName")} value={transfer.bankName} maxLength={120} onChange={(e) => setTransfer({ ...transfer, bankName: e.target.value })} />
              <Field id={id("days")} label={t("holdDays")} hint={t("holdDaysHint")} inputMode="numeric" value={transfer.holdDays} onChange={(e) => setTransfer({ ...transfer, holdDays: e.target.value })} />
            </>
          ) : null}
          {method.id === "cash_on_delivery" ? (
            <>
              <Field id={id("fee")} label={t("fee", { currency })} inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
              <fieldset className="grid gap-2 sm:col-span-2" data-testid="cash-on-delivery-zones">
                <legend className="text-sm font-medium">{t("zones")}</legend>
                <p className="text-xs text-muted-foreground">{t("zonesHint")}</p>
                {zones.map((zone) => (
                  <label key={zone.id} className="flex min-w-0 items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={zoneIds.includes(zone.id)}
                      onChange={(e) => setZoneIds(e.target.checked ? [...zoneIds, zone.id] : zoneIds.filter((z) => z !== zone.id))}
                    />
                    <span className="min-w-0 break-words">
                      {zone.name} <span className="text-muted-foreground">({zone.countries.join(", ")})</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </>
          ) : null}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {t("save")}
            </Button>
            {message ? (
              <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
                {message.text}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
