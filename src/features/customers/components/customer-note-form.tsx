"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { addCustomerNoteAction } from "../admin-actions";

/** Adds an internal note to the customer page (docs/product.md#admin-customers); the list refreshes from the server. */
export function CustomerNoteForm({ customer }: { customer: string }) {
  const t = useTranslations("customers.detail");
  const router = useRouter();
  const call = useActionCall();
  const [body, setBody] = useState("");
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="grid gap-2"
      data-testid="customer-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await call(() => addCustomerNoteAction({ customer, body }));
          if (!result.ok) {
            toast({ title: t("noteFailed"), description: result.error, variant: "destructive" });
            return;
          }
          toast({ title: t("noteAdded") });
          setBody("");
          router.refresh();
        });
      }}
    >
      <Label htmlFor="customer-note">{t("noteLabel")}</Label>
      <textarea
        id="customer-note"
        required
        maxLength={2000}
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        className="w-full rounded-[var(--radius)] border bg-background px-3 py-2 text-sm"
      />
      <div>
        <Button type="submit" disabled={pending || body.trim() === ""}>
          {t("addNote")}
        </Button>
      </div>
    </form>
  );
}
