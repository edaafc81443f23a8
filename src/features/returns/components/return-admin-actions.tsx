"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { approveReturnAction, receiveReturnAction, refundReturnAction, rejectReturnAction } from "../admin-actions";

/** The buttons of one return on the admin screen: only the steps its status allows (the server checks again). */
export function ReturnAdminActions({ returnId, status, refundText }: { returnId: number; status: string; refundText: string }) {
  const t = useTranslations("fulfilment.returns.admin");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = (action: typeof approveReturnAction, success: string) =>
    startTransition(async () => {
      const result = await action(returnId);
      if (!result.ok) {
        toast({ title: t("errorUpdating"), description: result.error, variant: "destructive" });
      } else {
        toast({ title: success });
      }
      router.refresh();
    });
  return (
    <div className="flex flex-wrap gap-2">
      {status === "requested" ? (
        <>
          <Button size="sm" disabled={pending} onClick={() => run(approveReturnAction, t("approvedToast", { id: returnId }))}>
            {t("approve")}
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => run(rejectReturnAction, t("rejectedToast", { id: returnId }))}>
            {t("reject")}
          </Button>
        </>
      ) : null}
      {status === "approved" ? (
        <Button size="sm" disabled={pending} onClick={() => run(receiveReturnAction, t("refundedToast", { id: returnId, amount: refundText }))}>
          {t("receive")}
        </Button>
      ) : null}
      {status === "received" ? (
        <Button size="sm" disabled={pending} onClick={() => run(refundReturnAction, t("refundedToast", { id: returnId, amount: refundText }))}>
          {t("retryRefund")}
        </Button>
      ) : null}
    </div>
  );
}
