"use client";

import { useState, useTransition } from "react";
import { useRouter } from "@/i18n/navigation";
import { useActionCall } from "@/features/admin/components/use-action-call";

/** A refusal to show: under the field it names, or under the form when it names none. */
export type FormError = { field?: string; text: string };

/** The state of a content form whose refusals are shown on their field: values, the refusal, the pending save. */
export function useFieldForm<V>(initial: V) {
  const router = useRouter();
  const call = useActionCall();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, startTransition] = useTransition();
  return { router, call, values, setValues, error, setError, pending, startTransition };
}
