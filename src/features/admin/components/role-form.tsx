"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { setAccountRoleAction } from "../role-actions";
import { RowActionButton } from "./row-action-button";
import { useActionCall } from "@/features/admin/components/use-action-call";

const roles = ["admin", "staff", "customer"] as const;

/** Grants or revokes a back-office right by account email (docs/product.md#roles-screen). */
export function RoleForm() {
  const t = useTranslations("security.roles");
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<(typeof roles)[number]>("staff");
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      data-testid="role-form"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await applyRole(email, role);
          if (result.ok) {
            setEmail("");
            router.refresh();
          }
        });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="role-email">{t("email")}</Label>
        <Input id="role-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className="w-72" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="role-select">{t("role")}</Label>
        <select
          id="role-select"
          value={role}
          onChange={(e) => setRole(e.target.value as (typeof roles)[number])}
          className="h-10 rounded-[var(--radius)] border bg-background px-3 text-sm"
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`names.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={pending}>
        {t("apply")}
      </Button>
    </form>
  );

  async function applyRole(target: string, next: (typeof roles)[number]) {
    const result = await call(() => setAccountRoleAction({ email: target, role: next }));
    if (!result.ok) toast({ title: t("failed"), description: result.error, variant: "destructive" });
    else {
      const params = { email: target.trim().toLowerCase(), role: t(`names.${next}`) };
      toast({ title: result.value?.before === next ? t("unchanged", params) : t("applied", params) });
    }
    return result;
  }
}

/** "Remove rights" on one listed account: the same action with the customer role. */
export function RevokeRoleButton({ email }: { email: string }) {
  const t = useTranslations("security.roles");
  return <RowActionButton label={t("revoke")} run={() => setAccountRoleAction({ email, role: "customer" })} failed={t("failed")} />;
}
