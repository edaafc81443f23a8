"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useActionCall } from "@/features/admin/components/use-action-call";

type Result = { ok: true } | { ok: false; error: string };

/** Runs an admin action and keeps its answer to show next to the form (the server's reason when it refuses). */
export function useTaxAction() {
  const t = useTranslations("taxes.admin");
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const call = useActionCall();
  async function run(action: () => Promise<Result>) {
    setBusy(true);
    try {
      const result = await call(action);
      setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error });
      if (result.ok) router.refresh();
    } finally {
      setBusy(false);
    }
  }
  const shown = message ? (
    <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
      {message.text}
    </p>
  ) : null;
  return { run, busy, shown };
}

