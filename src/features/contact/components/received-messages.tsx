import { getFormatter, getTranslations } from "next-intl/server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Pagination } from "@/features/admin/components/pagination";
import type { Locale } from "@/i18n/routing";
import type { listContactMessages } from "../service";

type ReceivedPage = Awaited<ReturnType<typeof listContactMessages>>;

/**
 * The admin mail screen's "Received messages" (docs/product.md#contact-form): what people wrote through the contact
 * form, newest first, paged with its own `received` parameter beside the outbox's `page`. The texts are shown as text.
 */
export async function ReceivedMessages({ locale, received, query }: { locale: Locale; received: ReceivedPage; query: Record<string, string | undefined> }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "contact.admin" }), getFormatter({ locale })]);
  return (
    <section aria-labelledby="received-messages-title" className="space-y-3" data-testid="received-messages">
      <h2 id="received-messages-title" className="text-2xl font-bold tracking-tight">
        {t("title")}
      </h2>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      {received.rows.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <Table data-testid="received-messages-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("received")}</TableHead>
              <TableHead>{t("from")}</TableHead>
              <TableHead>{t("message")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {received.rows.map((row) => (
              <TableRow key={row.id} className="align-top" data-testid="received-message" data-from={row.email}>
                <TableCell className="whitespace-nowrap">{format.dateTime(row.createdAt, { dateStyle: "medium", timeStyle: "short" })}</TableCell>
                <TableCell className="break-all">
                  <span className="block font-medium">{row.name}</span>
                  <a href={`mailto:${row.email}`} className="text-primary underline-offset-4 hover:underline">
                    {row.email}
                  </a>
                  <span className="block text-xs text-muted-foreground">
                    {t("language")}: {row.locale.toUpperCase()}
                  </span>
                </TableCell>
                <TableCell className="min-w-48 max-w-md whitespace-pre-wrap break-words">{row.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination locale={locale} pathname="/admin/mail" page={received.page} pageCount={received.pageCount} query={query} param="received" />
    </section>
  );
}
