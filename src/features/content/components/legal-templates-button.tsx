"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { useRouter } from "@/i18n/navigation";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { createLegalTemplatesAction } from "../admin-actions";

/** Adds the legal templates the shop does not have, as drafts filled in from the settings (docs/product.md#legal-templates). */
export function LegalTemplatesButton() {
  const t = useTranslations("pages.admin.templates");
  const router = useRouter();
  const call = useActionCall();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function create() {
    setBusy(true);
    const result = await call(() => createLegalTemplatesAction()).finally(() => setBusy(false));
    setMessage(result.ok ? { ok: true, text: t("created", { count: result.value?.created ?? 0 }) } : { ok: false, text: result.error });
    if (result.ok) router.refresh();
  }

  return (
    <div className="grid gap-2">
      <div>
        <Button variant="outline" disabled={busy} onClick={create} data-testid="create-legal-templates">
          {t("create")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t("hint")}</p>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
