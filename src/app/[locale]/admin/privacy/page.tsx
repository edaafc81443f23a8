import { getTranslations } from "next-intl/server";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { AdminDataRequests } from "@/features/privacy/components/admin-data-requests";
// TEMPORARY mount until /admin/settings has its "Danger zone" section (docs/product.md#a-clean-start): the lead moves it.
import { RemoveDemoData } from "@/features/demo-data/components/remove-demo-data";

/** docs/product.md#data-rights: an admin acts on a customer's request to see or erase their data (audit-logged). */
export default async function AdminPrivacyPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/privacy");
  const t = await getTranslations({ locale, namespace: "privacy.admin" });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-muted-foreground">{t("text")}</p>
      <AdminDataRequests />
      <RemoveDemoData />
    </div>
  );
}
