import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { localizedTitle } from "../page-content";
import { isFixedPageSlug, pagePath } from "../page-routes";
import type { PageRow } from "../page-admin-service";
import { PageRowActions } from "./page-row-actions";

/**
 * The admin list of pages (docs/product.md#admin-pages) in the one order the header and footer follow: title (a link
 * to its editor) with its status and the "review before publishing" mark, both addresses, where it is linked, and the
 * move and delete buttons.
 */
export async function PagesTable({ locale, rows }: { locale: Locale; rows: PageRow[] }) {
  const t = await getTranslations({ locale, namespace: "pages.admin" });
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <Table data-testid="pages-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("columns.title")}</TableHead>
          <TableHead>{t("columns.address")}</TableHead>
          <TableHead>{t("columns.shownIn")}</TableHead>
          <TableHead>{t("columns.actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const title = localizedTitle(row, locale);
          const shownIn = [row.inHeader ? t("header") : null, row.inFooter ? t("footer") : null].filter(Boolean).join(", ");
          return (
            <TableRow key={row.id} className="align-top" data-testid={`page-row-${row.slug}`}>
              <TableCell className="min-w-40">
                <Link href={`/admin/pages/${row.id}`} className="font-medium underline underline-offset-4">
                  {title}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge variant={row.status === "published" ? "success" : "secondary"}>{t(`status.${row.status}`)}</Badge>
                  {row.reviewPending ? (
                    <Badge variant="destructive" data-testid="review-mark">
                      {t("review")}
                    </Badge>
                  ) : null}
                  {isFixedPageSlug(row.slug) ? <Badge variant="outline">{t("fixed")}</Badge> : null}
                </div>
              </TableCell>
              <TableCell className="break-all font-mono text-xs">
                <div>{localizedPath(pagePath(row, "en"), "en")}</div>
                <div>{localizedPath(pagePath(row, "es"), "es")}</div>
              </TableCell>
              <TableCell>{shownIn || t("nowhere")}</TableCell>
              <TableCell>
                <PageRowActions id={row.id} title={title} first={index === 0} last={index === rows.length - 1} deletable={!isFixedPageSlug(row.slug)} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
