"use client";

import { useTranslations } from "@/i18n/client";
import { useFormAction } from "@/features/admin/components/use-form-action";

/** Runs a shipping admin action; a refusal naming a field is shown on it (`fieldError`), any other next to the buttons. */
export function useShippingAction(done: "saved" | "deleted" = "saved") {
  const t = useTranslations("shippingZones.admin");
  return useFormAction(t(done));
}
