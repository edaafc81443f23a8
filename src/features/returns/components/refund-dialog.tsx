"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { formatMoney } from "@/lib/money";
import { refundOrderAction } from "../admin-actions";

type Line = { orderLineId: number; title: string; units: number; unitText: string };

/**
 * The admin's refund form on the order page (docs/product.md#refunds): units per line, the shipping, an amount, and the
 * reason the customer reads. The server works out the amounts and refuses anything past what is left.
 */
export function RefundDialog({ orderId, currency, leftText, shippingText, lines }: { orderId: number; currency: string; leftText: string; shippingText: string | null; lines: Line[] }) {
  const t = useTranslations("fulfilment.refunds.admin");
  const router = useRouter();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await refundOrderAction({
        orderId,
        lines: lines.map((l) => ({ orderLineId: l.orderLineId, quantity: Number(units[l.orderLineId] || 0) })),
        shipping,
        amount,
        reason,
      });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setOpen(false);
      setUnits({});
      setShipping(false);
      setAmount("");
      setReason("");
      setError(null);
      toast({ title: t("done", { amount: formatMoney(result.value?.refundedCents ?? 0, currency, locale) }) });
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="refund-open">
        {t("open")}
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto" closeLabel={t("cancel")}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("title", { id: orderId })}</DialogTitle>
            <DialogDescription>{t("description", { left: leftText })}</DialogDescription>
          </DialogHeader>
          {lines.map((l) => (
            <div key={l.orderLineId} className="grid gap-1">
              <label htmlFor={`${id}-line-${l.orderLineId}`} className="text-sm">
                {t("units", { title: l.title, max: l.units, unit: l.unitText })}
              </label>
              <Input
                id={`${id}-line-${l.orderLineId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.units}
                value={units[l.orderLineId] ?? ""}
                onChange={(e) => setUnits((u) => ({ ...u, [l.orderLineId]: e.target.value }))}
                className="w-28"
              />
            </div>
          ))}
          {shippingText ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={shipping} onChange={(e) => setShipping(e.target.checked)} />
              {t("shipping", { amount: shippingText })}
            </label>
          ) : null}
          <div className="grid gap-1">
            <label htmlFor={`${id}-amount`} className="text-sm">
              {t("amount", { currency })}
            </label>
            <Input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className="w-40" />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium">
              {t("reason")}
            </label>
            <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required className="rounded-md border bg-background p-2 text-sm" />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="refund-error">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={pending} data-testid="refund-submit">
              {t("submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
