import { getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatRate } from "@/features/taxes/tax-format";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { listPromotions } from "../admin-service";

type PromotionRow = Awaited<ReturnType<typeof listPromotions>>[number];

/** The admin list of discounts (docs/product.md#discount-codes): code (a link to its page), name, kind, uses, on/off. */
export async function PromotionsTable({ locale, rows, currency }: { locale: Locale; rows: PromotionRow[]; currency: string }) {
  const t = await getTranslations({ locale, namespace: "promotions.admin" });
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t("none")}</p>;
  return (
    <Table data-testid="promotions-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("code")}</TableHead>
          <TableHead>{t("nameEn")}</TableHead>
          <TableHead>{t("kind")}</TableHead>
          <TableHead className="text-right">{t("used")}</TableHead>
          <TableHead>{t("active")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-mono">
              <Link href={`/admin/promotions/${row.id}`} className="underline underline-offset-4">
                {row.code ?? t("automatic")}
              </Link>
            </TableCell>
            <TableCell>{(locale === "es" && row.nameEs) || row.nameEn}</TableCell>
            <TableCell>
              {t(`kinds.${row.kind}`)}
              {row.kind === "percent" ? ` ${formatRate(row.value, locale)}` : row.kind === "fixed" ? ` ${formatMoney(row.value, currency, locale)}` : ""}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {row.usedCount}
              {row.usageLimit !== null ? ` / ${row.usageLimit}` : ""}
            </TableCell>
            <TableCell>{row.active ? t("status.on") : t("status.off")}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
