"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/admin/components/field";
import type { ActionResult } from "@/features/admin/action-runner";
import { carrierNames, carriers, type Carrier } from "../carriers";

type Initial = { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;

/**
 * Asks for the parcel's carrier and tracking number (and the full address for "other"): used by 'Mark as shipped' and
 * by 'Edit tracking' on a shipped order (docs/product.md#tracking). The server validates again and answers in words.
 */
export function TrackingDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  successText,
  initial,
  submit,
  allowNone = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  successText: string;
  initial: Initial;
  submit: (tracking: { carrier: string; trackingNumber: string; trackingUrl: string }) => Promise<ActionResult<undefined>>;
  /** Shipping may go without a parcel to follow (a letter, a hand delivery: docs/product.md#local-pickup). */
  allowNone?: boolean;
}) {
  const t = useTranslations("fulfilment.tracking");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [carrier, setCarrier] = useState<Carrier | "none">((initial?.carrier as Carrier) ?? "correos");
  const [trackingNumber, setTrackingNumber] = useState(initial?.trackingNumber ?? "");
  const [trackingUrl, setTrackingUrl] = useState(initial?.trackingUrl ?? "");
  const [error, setError] = useState("");
  const [pending, startTransition] = useTransition();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await submit(carrier === "none" ? { carrier, trackingNumber: "", trackingUrl: "" } : { carrier, trackingNumber, trackingUrl: carrier === "other" ? trackingUrl : "" });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError("");
      onOpenChange(false);
      toast({ title: tc("success"), description: successText });
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")} data-testid="tracking-dialog">
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="tracking-carrier">{t("carrier")}</Label>
            <select
              id="tracking-carrier"
              className="h-10 rounded-[var(--radius)] border bg-background px-3 text-sm"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value as Carrier | "none")}
            >
              {allowNone ? <option value="none">{t("noCarrier")}</option> : null}
              {carriers.map((c) => (
                <option key={c} value={c}>
                  {c === "other" ? t("otherCarrier") : carrierNames[c]}
                </option>
              ))}
            </select>
          </div>
          {carrier === "none" ? (
            <p className="text-sm text-muted-foreground">{t("noCarrierHint")}</p>
          ) : (
            <Field id="tracking-number" label={t("trackingNumber")} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} required maxLength={64} />
          )}
          {carrier === "other" ? (
            <Field id="tracking-url" label={t("trackingUrl")} type="url" value={trackingUrl} onChange={(e) => setTrackingUrl(e.target.value)} required maxLength={2000} hint={t("trackingUrlHint")} />
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="tracking-error">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
