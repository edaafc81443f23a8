import { getTranslations } from "next-intl/server";
import { FileText } from "lucide-react";

/**
 * Links to an order's invoice and credit notes PDFs (docs/product.md#invoices); nothing before the order is paid.
 * Plain <a>: the PDF is a download, not a page of the app.
 */
export async function InvoiceLinks({ orderId, docs, locale, token }: { orderId: number; docs: { invoice: string | null; creditNotes: string[] } | undefined; locale: string; token?: string }) {
  if (!docs?.invoice) return null;
  // A guest's order link stands for the session on the PDF routes too (docs/product.md#guest-checkout).
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const t = await getTranslations({ locale: locale === "es" ? "es" : "en", namespace: "invoices" });
  return (
    <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="invoice-links">
      <a className="inline-flex items-center gap-1 underline underline-offset-4" href={`/api/orders/${orderId}/invoice.pdf${query}`} data-testid="invoice-link">
        <FileText className="size-4" aria-hidden />
        {t("download")} {docs.invoice}
      </a>
      {docs.creditNotes.map((number) => (
        <a key={number} className="inline-flex items-center gap-1 underline underline-offset-4" href={`/api/orders/${orderId}/credit-notes/${number}${query}`}>
          <FileText className="size-4" aria-hidden />
          {t("downloadCreditNote", { number })}
        </a>
      ))}
    </p>
  );
}
