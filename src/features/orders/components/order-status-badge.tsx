import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { Badge } from "@/components/ui/badge";
import { statusBadgeVariant } from "@/features/orders/profile-queries";

const known = ["pending", "completed", "shipped", "cancelled"] as const;

/** docs/product.md#order-status: pending default, completed success, shipped secondary, cancelled destructive; others neutral. */
export async function OrderStatusBadge({ status, locale }: { status: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "admin.orders.statusValues" });
  const label = (known as readonly string[]).includes(status) ? t(status as (typeof known)[number]) : status;
  return (
    <Badge variant={statusBadgeVariant(status)} data-testid="order-status" data-status={status}>
      {label}
    </Badge>
  );
}
