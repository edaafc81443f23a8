"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import type { ActionResult } from "@/features/admin/action-runner";
import { useActionCall } from "@/features/admin/components/use-action-call";

/** Runs a shipping admin action; a refusal naming a field is shown on it (`fieldError`), any other next to the buttons. */
export function useShippingAction(done: "saved" | "deleted" = "saved") {
  const t = useTranslations("shippingZones.admin");
  const router = useRouter();
  const call = useActionCall();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string; field?: string } | null>(null);
  async function run(action: () => Promise<ActionResult<number>>, onSaved?: () => void) {
    setBusy(true);
    try {
      const result = await call(action);
      setMessage(result.ok ? { ok: true, text: t(done) } : { ok: false, text: result.error, field: result.field });
      if (result.ok) {
        onSaved?.();
        router.refresh();
      }
    } finally {
      setBusy(false);
    }
  }
  const fieldError = (field: string) => (message && !message.ok && message.field === field ? message.text : undefined);
  const shown =
    message && !(message.field && !message.ok) ? (
      <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
        {message.text}
      </p>
    ) : null;
  return { run, busy, shown, fieldError };
}
