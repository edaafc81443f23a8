"use client";

import { useTranslations } from "@/i18n/client";
import { resendMailAction } from "../mail-actions";
import { RowActionButton } from "./row-action-button";

/** Queues one outbox message again; the page then shows its new status. */
export function ResendMailButton({ id }: { id: number }) {
  const t = useTranslations("security.mail");
  return <RowActionButton label={t("resend")} testId={`resend-mail-${id}`} run={() => resendMailAction(id)} done={t("resent", { id })} failed={t("resendFailed")} />;
}
