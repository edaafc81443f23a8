"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { deletePageAction, movePageAction } from "../admin-actions";

/** Move up / move down / delete of one row of the pages list (docs/product.md#admin-pages). */
export function PageRowActions({ id, title, first, last, deletable }: { id: string; title: string; first: boolean; last: boolean; deletable: boolean }) {
  const t = useTranslations("pages.admin");
  const router = useRouter();
  const call = useActionCall();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => ReturnType<typeof movePageAction>, done: string) {
    setBusy(true);
    const result = await call(action).finally(() => setBusy(false));
    if (!result.ok) {
      toast({ title: t("form.errorSaving"), description: result.error, variant: "destructive" });
      return;
    }
    toast({ title: done });
    router.refresh();
  }

  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" disabled={busy || first} aria-label={t("moveUp", { title })} onClick={() => run(() => movePageAction({ id, direction: "up" }), t("moved"))}>
        <ArrowUp aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" disabled={busy || last} aria-label={t("moveDown", { title })} onClick={() => run(() => movePageAction({ id, direction: "down" }), t("moved"))}>
        <ArrowDown aria-hidden />
      </Button>
      {deletable ? (
        <>
          <Button variant="ghost" size="icon" disabled={busy} aria-label={`${t("delete")}: ${title}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="text-destructive" />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("deleteTitle")}
            description={t("confirmDelete", { title })}
            confirmLabel={t("delete")}
            cancelLabel={t("cancel")}
            onConfirm={() => run(() => deletePageAction(id), t("deleted"))}
          />
        </>
      ) : null}
    </div>
  );
}
