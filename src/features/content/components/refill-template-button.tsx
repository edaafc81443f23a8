"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { refillLegalTemplateAction } from "../admin-actions";

/**
 * Writes a template page's texts again from the settings of now (docs/product.md#legal-templates). A full reload
 * follows, so the editors show the new texts instead of the ones they hold.
 */
export function RefillTemplateButton({ id }: { id: string }) {
  const t = useTranslations("pages.admin");
  const call = useActionCall();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function refill() {
    setBusy(true);
    const result = await call(() => refillLegalTemplateAction(id)).finally(() => setBusy(false));
    if (!result.ok) {
      toast({ title: t("form.errorSaving"), description: result.error, variant: "destructive" });
      return;
    }
    toast({ title: t("templates.refilled") });
    window.location.reload();
  }

  return (
    <>
      <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
        {t("templates.refill")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("refillTitle")}
        description={t("templates.confirmRefill")}
        confirmLabel={t("templates.refill")}
        cancelLabel={t("cancel")}
        onConfirm={refill}
      />
    </>
  );
}
