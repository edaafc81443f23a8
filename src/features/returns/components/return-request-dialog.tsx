"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { requestReturnAction } from "../actions";

export type ReturnableLine = { id: number; title: string; bought: number; left: number };

/** 'Return items' on a shipped order: how many of each line and why (docs/product.md#returns). */
export function ReturnRequestDialog({ orderId, lines, deadline }: { orderId: number; lines: ReturnableLine[]; deadline: string }) {
  const t = useTranslations("fulfilment.returns");
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await requestReturnAction(
        { orderId, reason, lines: lines.map((l) => ({ orderLineId: l.id, quantity: Number(quantities[l.id] || 0) })) },
        locale,
      );
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError("");
      setOpen(false);
      toast({ title: t("submitted", { id: result.returnId }) });
      router.refresh();
    });
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t("open")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("close")} data-testid="return-dialog">
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("formTitle", { id: orderId })}</DialogTitle>
              <DialogDescription>{t("formDescription", { date: deadline })}</DialogDescription>
            </DialogHeader>
            {lines.map((line) => (
              <div key={line.id} className="grid gap-1.5">
                <Label htmlFor={`return-qty-${line.id}`}>{t("quantityOf", { title: line.title, n: line.bought })}</Label>
                <Input
                  id={`return-qty-${line.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.left}
                  value={quantities[line.id] ?? "0"}
                  onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
                />
              </div>
            ))}
            <div className="grid gap-1.5">
              <Label htmlFor={`return-reason-${orderId}`}>{t("reason")}</Label>
              <textarea
                id={`return-reason-${orderId}`}
                className="min-h-20 w-full rounded-[var(--radius)] border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                value={reason}
                maxLength={1000}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive" data-testid="return-error">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={pending}>
                {t("submit")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
