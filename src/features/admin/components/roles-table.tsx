import { getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import type { listBackOfficeAccounts } from "@/features/accounts/roles-service";
import { RevokeRoleButton } from "./role-form";

type BackOfficeAccount = Awaited<ReturnType<typeof listBackOfficeAccounts>>[number];

/** The accounts holding a back-office right (docs/product.md#roles-screen), each with Revoke. */
export async function RolesTable({ locale, accounts }: { locale: Locale; accounts: BackOfficeAccount[] }) {
  const t = await getTranslations({ locale, namespace: "security.roles" });
  if (accounts.length === 0) return <p className="text-muted-foreground">{t("empty")}</p>;
  return (
    <Table data-testid="roles-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("email")}</TableHead>
          <TableHead>{t("name")}</TableHead>
          <TableHead>{t("role")}</TableHead>
          <TableHead>
            <span className="sr-only">{t("revoke")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {accounts.map((a) => (
          <TableRow key={a.id} data-testid="role-row" data-email={a.email} data-role={a.role}>
            <TableCell>{a.email}</TableCell>
            <TableCell>{a.fullName ?? ""}</TableCell>
            <TableCell>{t(`names.${a.role}`)}</TableCell>
            <TableCell>
              <RevokeRoleButton email={a.email} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
