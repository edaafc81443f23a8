"use client";

import { createContext, useContext, useEffect, useState } from "react";

/** A refusal as an admin action answers it (action-runner.ts): every field at fault, or one, or none. */
type Refusal = { error: string; field?: string; fieldErrors?: Record<string, string> };

/** The message for the input of a path, for fields deep in a form (variants, blocks) not handed it one by one. */
export const FieldErrorsContext = createContext<(path: string) => string | undefined>(() => undefined);

/** The refusal's message for `path` from the nearest form's FieldErrorsContext, unless `path` is not given. */
export function useFieldError(path: string | undefined): string | undefined {
  const errorFor = useContext(FieldErrorsContext);
  return path ? errorFor(path) : undefined;
}

/**
 * The refusal of a form's last save, on its fields (docs/product.md#editors-that-keep-work): `errorFor(path)` is the
 * message to show under the input of that path (also given to Field's `path` through FieldErrorsContext) (Field's `error`: aria-invalid, described by the message), and once
 * shown, the first marked input of `bindForm`'s form is scrolled to and focused. `message` is the refusal as a whole,
 * for next to the save button, so a refusal about no shown field is never lost.
 */
export function useFieldErrors() {
  // The form as a callback ref kept in state: read by the effect only, never during render.
  const [form, bindForm] = useState<HTMLFormElement | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string>; shownAt: number } | null>(null);

  useEffect(() => {
    if (!refusal) return;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [refusal, form]);

  return {
    bindForm,
    message: refusal?.message ?? null,
    errorFor: (path: string): string | undefined => refusal?.fields[path],
    show(result: Refusal) {
      const fields = result.fieldErrors ?? (result.field ? { [result.field]: result.error } : {});
      setRefusal({ message: result.error, fields, shownAt: Date.now() });
    },
    clear: () => setRefusal(null),
  };
}
