"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { useRouter } from "@/i18n/navigation";
import { deletePromotionAction, setPromotionActiveAction } from "../admin-actions";

/**
 * Delete a discount after a confirmation (docs/product.md#discount-codes). The server refuses one that orders used and
 * says why; the refusal then offers to switch it off, which keeps the orders' history and stops it applying.
 */
export function PromotionDelete({ id, label, active }: { id: number; label: string; active: boolean }) {
  const t = useTranslations("promotions.admin");
  const router = useRouter();
  const call = useActionCall();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [switchedOff, setSwitchedOff] = useState(false);

  async function remove() {
    setBusy(true);
    const result = await call(() => deletePromotionAction(id)).finally(() => setBusy(false));
    if (result.ok) {
      router.push("/admin/promotions");
      router.refresh();
      return;
    }
    setRefusal(result.error);
  }

  async function switchOff() {
    setBusy(true);
    const result = await call(() => setPromotionActiveAction(id, false)).finally(() => setBusy(false));
    if (!result.ok) {
      setRefusal(result.error);
      return;
    }
    setSwitchedOff(true);
    router.refresh();
  }

  return (
    <div className="grid gap-3" data-testid="promotion-delete">
      <div>
        <Button variant="destructive" disabled={busy} onClick={() => setConfirming(true)}>
          {t("delete")}
        </Button>
      </div>
      {refusal ? (
        <div role="alert" className="grid gap-2 text-sm text-destructive" data-testid="promotion-delete-refused">
          <p>{refusal}</p>
          {active && !switchedOff ? (
            <div>
              <Button variant="outline" size="sm" disabled={busy} onClick={switchOff}>
                {t("switchOff")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {switchedOff ? (
        <p role="status" className="text-sm text-green-700">
          {t("switchedOff")}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("deleteTitle")}
        description={t("deleteConfirm", { name: label })}
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        onConfirm={remove}
      />
    </div>
  );
}
