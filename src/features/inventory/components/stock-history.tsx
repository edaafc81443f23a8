import { getFormatter, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import type { StockHistoryEntry } from "../stock-history";

/**
 * The "Stock history" card under the product editor (docs/product.md#stock-history): one row per ledger entry, newest
 * first, in the viewer's language — when, which variant, why in words, the change, stock before → after, the order or
 * return it belongs to (a link) and who.
 */
export async function StockHistory({
  locale,
  productId,
  entries,
  olderThan,
  paged,
}: {
  locale: Locale;
  productId: string;
  entries: StockHistoryEntry[];
  olderThan: number | null;
  /** Showing an older page: offer the way back to the newest. */
  paged: boolean;
}) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "inventory.history" }), getFormatter({ locale })]);
  const path = `/admin/products/${encodeURIComponent(productId)}`;
  // An administrator by their email; one whose account is gone is said so (a change from no account: "Administrator").
  const who = (e: StockHistoryEntry) => (e.actor !== "admin" || !e.actorUserId ? t(`actors.${e.actor}`) : (e.actorEmail ?? t("actors.deletedAccount")));
  const reference = (e: StockHistoryEntry) => {
    if (e.orderId !== null) {
      return (
        <Link href={`/admin/orders/${e.orderId}`} className="underline underline-offset-4" data-testid="stock-history-reference">
          {e.returnId !== null ? t("return", { id: e.returnId }) : t("order", { id: e.orderId })}
        </Link>
      );
    }
    if (e.reason === "import") return e.importFile ? t("importFile", { name: e.importFile }) : t("catalogImport");
    return t("none");
  };
  return (
    <Card className="mt-6" id="stock-history" data-testid="stock-history">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("description")}</p>
        {entries.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">{t("empty")}</p>
        ) : (
          // On a phone the table scrolls sideways inside its own region: it takes the keyboard focus (and is named) so that the
          // columns out of view can be reached without a pointer; the rows hold no link to tab through.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("title")}>
            <table className="w-full text-sm">
              <thead className="border-b text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t("when")}</th>
                  <th className="py-2 pr-4 font-medium">{t("variant")}</th>
                  <th className="py-2 pr-4 font-medium">{t("reason")}</th>
                  <th className="py-2 pr-4 text-right font-medium">{t("change")}</th>
                  <th className="py-2 pr-4 text-right font-medium">{t("stock")}</th>
                  <th className="py-2 pr-4 font-medium">{t("reference")}</th>
                  <th className="py-2 font-medium">{t("who")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} className="border-b align-top" data-testid="stock-history-row" data-reason={e.reason}>
                    <td className="whitespace-nowrap py-2 pr-4">{format.dateTime(e.at, { dateStyle: "medium", timeStyle: "short" })}</td>
                    <td className="py-2 pr-4">
                      {(locale === "es" && e.variantTitleEs) || e.variantTitleEn}
                      {e.sku ? <p className="text-xs text-muted-foreground">{e.sku}</p> : null}
                    </td>
                    <td className="py-2 pr-4" data-testid="stock-history-reason">
                      {t(`reasons.${e.reason}`)}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums" data-testid="stock-history-change">
                      {format.number(e.after - e.before, { signDisplay: "always" })}
                    </td>
                    <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums" data-testid="stock-history-stock">
                      {t("stockChange", { before: format.number(e.before), after: format.number(e.after) })}
                    </td>
                    <td className="py-2 pr-4">{reference(e)}</td>
                    <td className="py-2" data-testid="stock-history-who">
                      {who(e)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {paged || olderThan !== null ? (
          <nav className="flex items-center justify-between gap-4 text-sm">
            {paged ? (
              <Button asChild variant="outline" size="sm">
                <Link href={`${path}#stock-history`}>{t("newest")}</Link>
              </Button>
            ) : (
              <span />
            )}
            {olderThan !== null ? (
              <Button asChild variant="outline" size="sm">
                <Link href={`${path}?stockBefore=${olderThan}#stock-history`}>{t("older")}</Link>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
