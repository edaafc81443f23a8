import { getTranslations } from "next-intl/server";
import { firstParam, openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listEndpoints } from "@/features/webhooks/admin-service";
import { DeliveryLog } from "@/features/webhooks/components/delivery-log";
import { WebhookEndpoints } from "@/features/webhooks/components/webhook-endpoints";
import { listDeliveries } from "@/features/webhooks/delivery-log";
import { deliveryStatuses } from "@/features/webhooks/events";
import { getDb } from "@/server/db/client";

/** Outgoing webhooks (docs/product.md#webhooks): endpoints and the delivery log; admins only. */
export default async function AdminWebhooksPage({ params, searchParams }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/webhooks");
  const query = await searchParams;
  const status = deliveryStatuses.find((s) => s === firstParam(query.status));
  const endpointId = Number.parseInt(firstParam(query.endpoint) ?? "", 10);
  const page = Number.parseInt(firstParam(query.page) ?? "1", 10);
  const db = await getDb();
  const endpointFilter = Number.isSafeInteger(endpointId) && endpointId > 0 ? endpointId : undefined;
  const [t, endpoints, log] = await Promise.all([
    getTranslations({ locale, namespace: "webhooks.admin" }),
    listEndpoints(db),
    listDeliveries(db, { page: Number.isFinite(page) ? page : 1, status, endpointId: endpointFilter }),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      <h2 className="text-xl font-semibold">{t("endpoints")}</h2>
      <WebhookEndpoints endpoints={endpoints} />
      <h2 className="text-xl font-semibold">{t("deliveries")}</h2>
      <DeliveryLog locale={locale} log={log} status={status} endpointId={endpointFilter} />
    </div>
  );
}
