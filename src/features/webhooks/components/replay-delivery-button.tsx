"use client";

import { useTranslations } from "@/i18n/client";
import { RowActionButton } from "@/features/admin/components/row-action-button";
import { replayWebhookDeliveryAction } from "../admin-actions";

/** Queues one delivery again (same event id and body, signed anew); the page then shows its new status. */
export function ReplayDeliveryButton({ id }: { id: number }) {
  const t = useTranslations("webhooks.admin");
  return <RowActionButton label={t("replay")} testId={`replay-delivery-${id}`} run={() => replayWebhookDeliveryAction(id)} done={t("replayed", { id })} failed={t("replayFailed")} />;
}
