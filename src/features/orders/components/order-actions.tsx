"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { TrackingDialog } from "@/features/tracking/components/tracking-dialog";
import { cancelOrderAction, markPaidAction, pickedUpAction, readyForPickupAction, shipOrderAction } from "@/features/orders/admin-actions";
import type { PickupState } from "../pickup-state";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { useActionCall } from "@/features/admin/components/use-action-call";

/**
 * 'Mark as shipped' (paid orders: asks for carrier and tracking number, docs/product.md#tracking) and 'Cancel'
 * (pending or paid, after a confirmation) for one order.
 */
export function OrderActions({
  orderId,
  status,
  paymentProvider,
  paid = true,
  pickup = null,
}: {
  orderId: number;
  status: string;
  paymentProvider?: string;
  paid?: boolean;
  /** A local-pickup order's state: 'Ready for pickup' then 'Picked up' instead of 'Mark as shipped' (docs/product.md#local-pickup). */
  pickup?: PickupState | null;
}) {
  const tf = useTranslations("fulfilment.pickup");
  const t = useTranslations("admin.orders");
  const tp = useTranslations("paymentMethods.admin");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [pending, startTransition] = useTransition();
  const call = useActionCall();

  const run = (action: typeof cancelOrderAction, successText: string) =>
    startTransition(async () => {
      const result = await call(() => action(orderId));
      if (!result.ok) {
        toast({ title: t("errorUpdating"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("success"), description: successText });
      router.refresh();
    });

  const cash = paymentProvider === "cash_on_delivery";
  // Cash on delivery ships unpaid (docs/product.md#payment-methods).
  const canShip = !pickup && (status === "completed" || (status === "pending" && cash));
  const canMarkReady = pickup === "awaiting";
  const canPickUp = pickup === "ready";
  const canCancel = status === "pending" || status === "completed";
  // Paid outside a provider: the admin says when the transfer arrived or the carrier collected the cash.
  const canMarkPaid = (status === "pending" && (paymentProvider === "bank_transfer" || cash)) || (status === "shipped" && cash && !paid);
  if (!canShip && !canCancel && !canMarkPaid && !canMarkReady && !canPickUp) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {pending ? <Spinner /> : null}
      {canMarkPaid ? (
        <Button onClick={() => run(markPaidAction, tp("markPaidDone"))} disabled={pending} data-testid="mark-paid">
          {tp("markPaid")}
        </Button>
      ) : null}
      {canMarkReady ? (
        <Button onClick={() => run(readyForPickupAction, tf("readyToast", { id: orderId }))} disabled={pending} data-testid="ready-for-pickup">
          {tf("ready")}
        </Button>
      ) : null}
      {canPickUp ? (
        <Button onClick={() => run(pickedUpAction, tf("pickedUpToast", { id: orderId }))} disabled={pending} data-testid="picked-up">
          {tf("pickedUp")}
        </Button>
      ) : null}
      {canShip ? (
        <Button onClick={() => setShipping(true)} disabled={pending}>
          {t("markShipped")}
        </Button>
      ) : null}
      {canCancel ? (
        <Button variant="destructive" onClick={() => setConfirming(true)} disabled={pending}>
          {t("cancelOrder")}
        </Button>
      ) : null}
      {canShip ? (
        <TrackingDialog
          open={shipping}
          onOpenChange={setShipping}
          title={t("shipTitle", { id: orderId })}
          submitLabel={t("markShipped")}
          successText={t("shippedToast", { id: orderId })}
          initial={null}
          allowNone
          submit={(tracking) => shipOrderAction(orderId, tracking)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("cancelConfirmTitle", { id: orderId })}
        description={t("cancelConfirm")}
        confirmLabel={t("cancelOrder")}
        cancelLabel={t("keepOrder")}
        onConfirm={() => run(cancelOrderAction, t("cancelledToast", { id: orderId }))}
      />
    </div>
  );
}
