"use client";

import { useState } from "react";
import { useAuthErrorText } from "./auth-error-text";

type AuthAnswer = { data: unknown; error: { code?: string; message?: string; status?: number } | null };

/** What a form of the account details says under itself: the outcome, in words, until the next try. */
export type FormNote = { tone: "done" | "refused"; text: string } | null;

/**
 * One call to the auth server from a form of the account details (docs/product.md#account-details): busy while it
 * runs; a refusal is written under the form (its own words for the codes `known` names, else the auth dialog's), and
 * `done` says what happened when it worked.
 */
export function useAccountChangeCall(locale: string, known: Record<string, string> = {}) {
  const { errorText, thrownText, callOptions } = useAuthErrorText(locale);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<FormNote>(null);

  const run = async (call: (options: ReturnType<typeof callOptions>["options"]) => Promise<AuthAnswer>, done: () => string | Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      const { seen, options } = callOptions();
      const { error } = await call(options);
      if (error) {
        const own = error.status === 429 ? undefined : known[error.code ?? ""];
        setNote({ tone: "refused", text: own ?? errorText(error, seen.retryAfter) });
        return false;
      }
      setNote({ tone: "done", text: await done() });
      return true;
    } catch (thrown) {
      setNote({ tone: "refused", text: thrownText(thrown) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, note, setNote, run };
}
