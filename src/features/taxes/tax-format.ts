import { formatMessage } from "@/i18n/server-translator";

/** "21%" / "21 %", "5.5%" / "5,5 %": a rate in basis points as each language writes percentages. */
export function formatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US", { style: "percent", maximumFractionDigits: 2 }).format(rateBp / 10_000);
}

/**
 * 'incl. VAT 21%' / 'IVA incl. 21 %' when prices include tax, 'VAT 21%' / 'IVA 21 %' when it is added. Plain
 * function over the message files (next-intl's formatter) so emails, the CSV and PDFs (outside React) say the same as the pages.
 */
export function taxLineLabel(rateBp: number, included: boolean, locale: string): string {
  return formatMessage(locale === "es" ? "es" : "en", "taxes", included ? "included" : "added", { rate: formatRate(rateBp, locale) });
}
