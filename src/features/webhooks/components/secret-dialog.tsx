"use client";

import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** An endpoint's signing secret, shown once after it is made (docs/product.md#webhooks): the server never shows it again. */
export function SecretDialog({ id, secret, onClose }: { id: number; secret: string; onClose: () => void }) {
  const t = useTranslations("webhooks.admin");
  const tc = useTranslations("admin.common");
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={tc("close")} data-testid="webhook-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t("secretTitle", { id })}</DialogTitle>
          <DialogDescription>{t("secretOnce")}</DialogDescription>
        </DialogHeader>
        <code className="block select-all break-all rounded-[var(--radius)] border bg-muted p-3 text-sm" data-testid="webhook-secret">
          {secret}
        </code>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t("secretDone")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
