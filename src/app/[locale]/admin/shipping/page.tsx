import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listZones } from "@/features/shipping/admin-service";
import { ShippingAdmin } from "@/features/shipping/components/shipping-admin";
import { shopSettings } from "@/features/settings/queries";
import { getDb } from "@/server/db/client";

/** Shipping zones and their methods (docs/product.md#shipping); admins only (staff are sent to the orders, docs/product.md#staff-role). */
export default async function AdminShippingPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/shipping");
  const db = await getDb();
  const [t, zones, settings] = await Promise.all([getTranslations({ locale, namespace: "shippingZones.admin" }), listZones(db), shopSettings(db)]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      <ShippingAdmin zones={zones} locale={locale} currency={settings.money.currency} />
    </div>
  );
}
