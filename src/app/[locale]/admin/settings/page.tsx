import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { SettingsView } from "@/features/settings-admin/components/settings-view";
import { getDb } from "@/server/db/client";

/** The merchant's business settings (docs/product.md#settings): admins only (staff are sent to the orders). */
export default async function AdminSettingsPage({ params }: AdminPageProps) {
  const { locale, admin } = await openAdminPage(params, "/admin/settings");
  return <SettingsView db={await getDb()} locale={locale} adminEmail={admin.email} />;
}
