"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminDeleteAccountAction, adminExportUserDataAction } from "../admin-actions";

/** docs/product.md#data-rights, back-office side: find a customer by email, download their data or delete the account. */
export function AdminDataRequests() {
  const t = useTranslations("privacy.admin");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function exportData() {
    setBusy(true);
    setMessage(null);
    const result = await adminExportUserDataAction({ email });
    setBusy(false);
    if (!result.ok) return setMessage(result.error);
    if (!result.value) return setMessage(t("notFound"));
    const url = URL.createObjectURL(new Blob([JSON.stringify(result.value, null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `customer-data-${result.value.account.id}.json`;
    link.click();
    URL.revokeObjectURL(url);
  }

  async function deleteAccount() {
    if (!window.confirm(t("confirmDelete"))) return;
    setBusy(true);
    setMessage(null);
    const result = await adminDeleteAccountAction({ email });
    setBusy(false);
    if (!result.ok) return setMessage(result.error);
    setMessage(result.value ? t("deleted", { count: result.value.ordersKept }) : t("notFound"));
  }

  return (
    <div className="grid max-w-md gap-3">
      <Label htmlFor="data-request-email">{t("email")}</Label>
      <Input id="data-request-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="flex gap-2">
        <Button variant="outline" disabled={busy || !email} onClick={exportData}>
          {t("export")}
        </Button>
        <Button variant="destructive" disabled={busy || !email} onClick={deleteAccount}>
          {t("delete")}
        </Button>
      </div>
      <p role="status" className="text-sm" data-testid="data-request-status">
        {message}
      </p>
    </div>
  );
}
