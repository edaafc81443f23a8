"use client";

import { useTranslations } from "@/i18n/client";
import { useCallback } from "react";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import type { ActionResult } from "@/features/admin/action-runner";

/**
 * Runs a back-office server action so that a call that never answers (the network, the server failing) comes back as
 * `{ ok: false, error }` with the sentence the shop's forms use for that cause (docs/product.md#error-messages),
 * instead of escaping to the error page. Refusals the server answered pass through unchanged.
 */
export function useActionCall() {
  const t = useTranslations("errors.request");
  return useCallback(
    async <T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
      try {
        return await call();
      } catch (thrown) {
        return { ok: false, error: failureText(failureFromThrown(thrown), t) };
      }
    },
    [t],
  );
}
