import { getFormatter, getTranslations } from "next-intl/server";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/routing";
import type { MailStatus } from "@/server/db/schema/operations";
import type { listMailOutbox } from "../mail-outbox-service";
import { ResendMailButton } from "./resend-mail-button";

type MailRow = Awaited<ReturnType<typeof listMailOutbox>>["rows"][number];

const badge: Record<MailStatus, BadgeVariant> = { pending: "secondary", sending: "secondary", sent: "success", logged: "outline", dead: "destructive" };

/** The mail outbox's rows (docs/product.md#mail-delivery): status, attempts and last error of each message, with resend. */
export async function MailOutboxTable({ locale, rows }: { locale: Locale; rows: MailRow[] }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "security.mail" }), getFormatter({ locale })]);
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>;
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "medium" });
  return (
    <Table data-testid="mail-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("created")}</TableHead>
          <TableHead>{t("to")}</TableHead>
          <TableHead>{t("subject")}</TableHead>
          <TableHead>{t("status")}</TableHead>
          <TableHead>{t("attempts")}</TableHead>
          <TableHead>{t("lastError")}</TableHead>
          <TableHead>
            <span className="sr-only">{t("resend")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className="align-top" data-testid="mail-row" data-mail-id={row.id} data-mail-to={row.toAddress} data-mail-kind={row.kind} data-mail-status={row.status} data-mail-attempts={row.attempts}>
            <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
            <TableCell>{row.toAddress}</TableCell>
            <TableCell>
              {row.subject}
              <span className="block text-xs text-muted-foreground">{row.kind}</span>
            </TableCell>
            <TableCell>
              <Badge variant={badge[row.status]}>{t(`statuses.${row.status}`)}</Badge>
              {row.status === "pending" && row.attempts > 0 ? <span className="mt-1 block text-xs text-muted-foreground">{t("nextAttempt", { when: when(row.nextAttemptAt) })}</span> : null}
            </TableCell>
            <TableCell className="tabular-nums">{row.attempts}</TableCell>
            {/* Rendered as text: a mail server's answer is shown, never interpreted. */}
            <TableCell className="max-w-xs break-words font-mono text-xs">{row.error ?? ""}</TableCell>
            <TableCell>{row.status === "sending" ? null : <ResendMailButton id={row.id} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
