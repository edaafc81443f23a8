import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { PaymentMethodsAdmin } from "@/features/payments/components/payment-methods-admin";
import { listPaymentMethods } from "@/features/payments/service";
import { listZones } from "@/features/shipping/admin-service";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { shopSettings } from "@/features/settings/queries";
import { minorToDecimal } from "@/lib/money";

/** Which ways of paying the shop offers, with a transfer's account and cash on delivery's fee (docs/product.md#payment-methods). */
export default async function AdminPaymentsPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/payments");
  const db = await getDb();
  const [t, methods, shop, zones] = await Promise.all([getTranslations({ locale, namespace: "paymentMethods.admin" }), listPaymentMethods(db, settings()), shopSettings(), listZones(db)]);
  const currency = shop.money.currency;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("intro")}</p>
      </div>
      <PaymentMethodsAdmin
        methods={methods.map((m) => ({ ...m, feeUnits: minorToDecimal(m.cashOnDelivery.feeCents, currency) }))} currency={currency}
        zones={zones.map((z) => ({ id: z.id, name: locale === "es" ? z.nameEs : z.nameEn, countries: z.countries }))}
      />
    </div>
  );
}
