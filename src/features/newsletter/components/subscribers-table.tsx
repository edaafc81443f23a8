import { getFormatter, getTranslations } from "next-intl/server";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import type { listSubscribers } from "../service";

type Subscriber = Awaited<ReturnType<typeof listSubscribers>>[number];

/** The latest sign-ups on the newsletter screen (docs/product.md#newsletter): address, language, state and dates. */
export async function SubscribersTable({ locale, rows }: { locale: Locale; rows: Subscriber[] }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "newsletter.admin" }), getFormatter({ locale })]);
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  const when = (d: Date | null) => (d ? format.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : "—");
  return (
    <Table data-testid="newsletter-table">
      <TableCaption className="mb-2 mt-0 caption-top text-left">{t("latest", { count: rows.length })}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("email")}</TableHead>
          <TableHead>{t("language")}</TableHead>
          <TableHead>{t("status")}</TableHead>
          <TableHead>{t("subscribedAt")}</TableHead>
          <TableHead>{t("confirmedAt")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.email}>
            <TableCell>{row.email}</TableCell>
            <TableCell>{row.locale}</TableCell>
            <TableCell>{t(row.status)}</TableCell>
            <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
            <TableCell className="whitespace-nowrap">{when(row.confirmedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
