"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { ActionResult } from "@/features/admin/action-runner";
import { useActionCall } from "./use-action-call";

/**
 * Runs an admin form's action: on success says `doneText` and refreshes the page; a refusal naming a field is shown
 * on it (`fieldError`), any other next to the buttons (`shown`).
 */
export function useFormAction(doneText: string): {
  run: <T>(action: () => Promise<ActionResult<T>>, onSaved?: () => void) => Promise<void>;
  busy: boolean;
  shown: ReactNode;
  fieldError: (field: string) => string | undefined;
} {
  const router = useRouter();
  const call = useActionCall();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string; field?: string } | null>(null);
  async function run<T>(action: () => Promise<ActionResult<T>>, onSaved?: () => void) {
    setBusy(true);
    try {
      const result = await call(action);
      setMessage(result.ok ? { ok: true, text: doneText } : { ok: false, text: result.error, field: result.field });
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
