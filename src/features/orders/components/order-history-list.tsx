import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { formatShopTime, type HistoryLine } from "../order-history";

/**
 * An order's history in words (docs/product.md#order-history): the admin's with each event's record behind "Details",
 * the customer's without it.
 */
export async function OrderHistoryList({ lines, locale, timeZone, audience }: { lines: HistoryLine[]; locale: Locale; timeZone: string; audience: "admin" | "customer" }) {
  const t = await getTranslations({ locale, namespace: "fulfilment.history" });
  return (
    <ol className="space-y-2 text-sm" data-testid={audience === "admin" ? "order-history" : "status-history"}>
      {lines.map((line) => (
        <li key={line.id} className="border-l-2 pl-3" data-testid={audience === "admin" ? "history-entry" : "status-entry"}>
          <p className="font-medium">{line.text}</p>
          <time dateTime={line.at.toISOString()} className="block text-xs text-muted-foreground">
            {formatShopTime(line.at, { locale, timeZone })}
          </time>
          {line.details.length ? (
            <details className="text-xs text-muted-foreground">
              <summary className="cursor-pointer">{t("details")}</summary>
              <ul className="mt-1 space-y-0.5 break-all font-mono">
                {line.details.map((detail, i) => (
                  <li key={i}>{detail}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
