import { Pencil } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import { productPath } from "@/lib/catalog-paths";
import type { listProductsForAdmin } from "../product-admin-list";

type AdminProductRow = Awaited<ReturnType<typeof listProductsForAdmin>>["rows"][number];

/**
 * The admin product list's rows: name (edit and storefront links), variants, lowest price, stock, visibility, edit. On a
 * phone the visibility goes under the name and the variants and edit columns are left out (the name opens the
 * editor), so name, price and stock fit 390 px (docs/product.md#admin-on-phones).
 */
export async function ProductAdminTable({ locale, rows, searched = false }: { locale: Locale; rows: AdminProductRow[]; searched?: boolean }) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: "admin.products" }), getTranslations({ locale, namespace: "admin.common" })]);
  // Without a search, an empty list is a shop with no products yet: say how to add the first (docs/product.md#a-clean-start).
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground" data-testid="products-admin-empty">{t(searched ? "empty" : "emptyFirst")}</p>;
  return (
    <Table data-testid="products-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("product")}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">{t("variants")}</TableHead>
          <TableHead className="text-right">{t("price")}</TableHead>
          <TableHead className="text-right">{t("stock")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("visibility")}</TableHead>
          <TableHead className="hidden sm:table-cell">
            <span className="sr-only">{t("edit")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((p) => {
          const name = locale === "es" && p.title_es ? p.title_es : p.title_en;
          const visibility = (
            <div className="flex flex-wrap gap-1">
              <Badge variant={p.is_hidden ? "outline" : "success"}>{p.is_hidden ? t("hidden") : t("visible")}</Badge>
              {p.purchasable ? null : <Badge variant="destructive">{t("notPurchasable")}</Badge>}
            </div>
          );
          return (
            <TableRow key={p.id} data-testid="product-row">
              <TableCell>
                <Link href={`/admin/products/${p.id}`} className="inline-flex min-h-6 items-center font-medium underline-offset-4 hover:underline" data-testid="product-name">
                  {name}
                </Link>
                <Link href={productPath({ en: p.slug_en, es: p.slug_es }, locale)} data-testid="product-view-link" className="ml-2 inline-flex min-h-6 items-center text-xs text-muted-foreground underline-offset-4 hover:underline" target="_blank">
                  {t("view")}
                </Link>
                <div className="mt-1 sm:hidden">{visibility}</div>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">{p.variant_count}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums" data-testid="product-price">
                {p.min_price !== null && p.currency ? formatMoney(p.min_price, p.currency, locale) : tc("none")}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="product-stock">
                {p.managed_stock ?? t("unmanaged")}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{visibility}</TableCell>
              <TableCell className="hidden text-right sm:table-cell">
                <Button asChild variant="ghost" size="icon">
                  <Link href={`/admin/products/${p.id}`} aria-label={t("editLabel", { name })}>
                    <Pencil aria-hidden />
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
