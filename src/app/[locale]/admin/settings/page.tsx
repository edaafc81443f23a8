import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { RemoveDemoData } from "@/features/demo-data/components/remove-demo-data";
import { SettingsView } from "@/features/settings-admin/components/settings-view";
import { getDb } from "@/server/db/client";

/**
 * The merchant's business settings (docs/product.md#settings): admins only (staff are sent to the orders). The
 * danger zone at the end removes the demo data (docs/product.md#a-clean-start).
 */
export default async function AdminSettingsPage({ params }: AdminPageProps) {
  const { locale, admin } = await openAdminPage(params, "/admin/settings");
  return (
    <div className="min-w-0 space-y-6">
      <SettingsView db={await getDb()} locale={locale} adminEmail={admin.email} />
      <RemoveDemoData />
    </div>
  );
}
