import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { listReturnsForAdmin } from "../service";
import { ReturnAdminActions } from "./return-admin-actions";

type AdminReturnRow = Awaited<ReturnType<typeof listReturnsForAdmin>>["rows"][number];

/** The admin screen's returns (docs/product.md#returns): each with its order, items, reason, refund and next steps. */
export async function ReturnsTable({ locale, rows }: { locale: Locale; rows: AdminReturnRow[] }) {
  const [t, ts, format] = await Promise.all([
    getTranslations({ locale, namespace: "fulfilment.returns.admin" }),
    getTranslations({ locale, namespace: "fulfilment.returns.status" }),
    getFormatter({ locale }),
  ]);
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  return (
    <Table data-testid="returns-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("return")}</TableHead>
          <TableHead>{t("order")}</TableHead>
          <TableHead>{t("items")}</TableHead>
          <TableHead>{t("reason")}</TableHead>
          <TableHead className="text-right">{t("refund")}</TableHead>
          <TableHead>{t("actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => {
          const refund = formatMoney(r.linesCents + r.shippingCents, r.currency, locale);
          return (
            <TableRow key={r.id} className="align-top" data-testid="return-row" data-return-id={r.id}>
              <TableCell>
                <p className="font-medium">#{r.id}</p>
                <Badge variant="outline" data-testid="return-status" data-status={r.status}>
                  {ts(r.status)}
                </Badge>
                <p className="text-xs text-muted-foreground">{format.dateTime(r.createdAt, { dateStyle: "medium", timeStyle: "short" })}</p>
              </TableCell>
              <TableCell>
                <Link href={`/admin/orders/${r.orderId}`} className="underline underline-offset-4" aria-label={t("viewOrder", { id: r.orderId })}>
                  #{r.orderId}
                </Link>
                <p className="text-xs text-muted-foreground">{r.email}</p>
              </TableCell>
              <TableCell>
                <ul>
                  {r.lines.map((l) => (
                    <li key={l.orderLineId}>
                      {l.quantity} x {l.title}
                    </li>
                  ))}
                </ul>
              </TableCell>
              <TableCell className="max-w-xs whitespace-pre-wrap break-words">{r.reason}</TableCell>
              <TableCell className="text-right tabular-nums">
                <span data-testid="return-refund">{refund}</span>
                {r.shippingCents > 0 ? <p className="text-xs text-muted-foreground">{t("shippingIncluded", { amount: formatMoney(r.shippingCents, r.currency, locale) })}</p> : null}
              </TableCell>
              <TableCell>
                <ReturnAdminActions returnId={r.id} status={r.status} refundText={refund} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
