import { getTranslations } from "next-intl/server";
import { RevokeRoleButton, RoleForm } from "@/features/admin/components/role-form";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { listBackOfficeAccounts } from "@/features/admin/roles-service";
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
      {accounts.length === 0 ? (
        <p className="text-muted-foreground">{t("empty")}</p>
      ) : (
        <table className="w-full text-sm" data-testid="roles-table">
          <thead className="border-b text-left text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">{t("email")}</th>
              <th className="py-2 pr-4 font-medium">{t("name")}</th>
              <th className="py-2 pr-4 font-medium">{t("role")}</th>
              <th className="py-2 font-medium">
                <span className="sr-only">{t("revoke")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} className="border-b" data-testid="role-row" data-email={a.email} data-role={a.role}>
                <td className="py-2 pr-4">{a.email}</td>
                <td className="py-2 pr-4">{a.fullName ?? ""}</td>
                <td className="py-2 pr-4">{t(`names.${a.role}`)}</td>
                <td className="py-2">
                  <RevokeRoleButton email={a.email} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
