"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import type { ActionResult } from "@/features/admin/action-runner";
import { approveReturnAction, receiveReturnAction, refundReturnAction, rejectReturnAction } from "../admin-actions";

type Asking = null | "reject" | "receive" | "refund";

/**
 * The buttons of one return on the admin screen: only the steps its status allows (the server checks again). Steps
 * that move money or close the request ask first; a rejection asks for the reason the customer receives.
 */
export function ReturnAdminActions({ returnId, status, refundText }: { returnId: number; status: string; refundText: string }) {
  const t = useTranslations("fulfilment.returns.admin");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const run = (call: () => Promise<ActionResult<undefined>>, success: string) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) {
        toast({ title: t("errorUpdating"), description: result.error, variant: "destructive" });
      } else {
        toast({ title: success });
        setReason("");
      }
      router.refresh();
    });
  const refunded = t("refundedToast", { id: returnId, amount: refundText });
  const dialog = (which: Exclude<Asking, null>, props: { title: string; description: string; confirmLabel: string; onConfirm: () => void; children?: React.ReactNode; confirmDisabled?: boolean }) => (
    <ConfirmDialog open={asking === which} onOpenChange={(open) => setAsking(open ? which : null)} cancelLabel={t("keep")} {...props} />
  );
  return (
    <div className="flex flex-wrap gap-2">
      {status === "requested" ? (
        <>
          <Button size="sm" disabled={pending} onClick={() => run(() => approveReturnAction(returnId), t("approvedToast", { id: returnId }))}>
            {t("approve")}
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => setAsking("reject")}>
            {t("reject")}
          </Button>
          {dialog("reject", {
            title: t("rejectTitle", { id: returnId }),
            description: t("rejectDescription"),
            confirmLabel: t("reject"),
            confirmDisabled: reason.trim() === "",
            onConfirm: () => run(() => rejectReturnAction(returnId, reason), t("rejectedToast", { id: returnId })),
            children: (
              <div className="grid gap-1">
                <label htmlFor={reasonId} className="text-sm font-medium">
                  {t("rejectReasonLabel")}
                </label>
                <textarea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required className="rounded-md border bg-background p-2 text-sm" />
              </div>
            ),
          })}
        </>
      ) : null}
      {status === "approved" ? (
        <>
          <Button size="sm" disabled={pending} onClick={() => setAsking("receive")}>
            {t("receive")}
          </Button>
          {dialog("receive", {
            title: t("receiveTitle", { id: returnId, amount: refundText }),
            description: t("receiveDescription", { amount: refundText }),
            confirmLabel: t("receive"),
            onConfirm: () => run(() => receiveReturnAction(returnId), refunded),
          })}
        </>
      ) : null}
      {status === "received" ? (
        <>
          <Button size="sm" disabled={pending} onClick={() => setAsking("refund")}>
            {t("retryRefund")}
          </Button>
          {dialog("refund", {
            title: t("refundTitle", { id: returnId, amount: refundText }),
            description: t("refundDescription"),
            confirmLabel: t("retryRefund"),
            onConfirm: () => run(() => refundReturnAction(returnId), refunded),
          })}
        </>
      ) : null}
    </div>
  );
}
