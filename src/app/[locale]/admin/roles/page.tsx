import { getTranslations } from "next-intl/server";
import { RoleForm } from "@/features/admin/components/role-form";
import { RolesTable } from "@/features/admin/components/roles-table";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listBackOfficeAccounts } from "@/features/accounts/roles-service";
import { getDb } from "@/server/db/client";

/** Grant and revoke back-office rights (docs/product.md#roles-screen); admins only. */
export default async function AdminRolesPage({ params }: AdminPageProps) {
  const { locale } = await openAdminPage(params, "/admin/roles");
  const [t, accounts] = await Promise.all([getTranslations({ locale, namespace: "security.roles" }), listBackOfficeAccounts(await getDb())]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      <RoleForm />
      <h2 className="text-xl font-semibold">{t("current")}</h2>
      <RolesTable locale={locale} accounts={accounts} />
    </div>
  );
}
