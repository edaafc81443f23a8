import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/cn";
import type { MoneyRowKind } from "@/features/taxes/money-rows";
import type { OrderSummary } from "../order-summary";

export type OrderSummaryPart = "lines" | "money" | "address";

/**
 * The one drawing of an order's summary (orders/order-summary.ts): its lines as bought, its money rows (subtotal,
 * discounts, shipping, tax per rate, total) and the address it ships to. The pay page, the success page, the
 * profile's orders and order page and the admin order page all show it; each picks the parts it needs (the pay page
 * asks for the address in its form; the admin page puts the address in a card of its own).
 *
 * Test ids: `{prefix}-lines`, each line `order-line`, `{prefix}-money`, each money row `{prefix}-{row key}`
 * ('payment-total', 'order-tax-2100') unless `testIds` keeps an older name for it, and `{prefix}-address`.
 */
export async function OrderSummaryView({
  summary,
  locale,
  testIdPrefix,
  testIds = {},
  parts = ["lines", "money", "address"],
  omit = [],
  unitPriceLabel,
  className,
}: {
  summary: OrderSummary;
  locale: string;
  testIdPrefix: string;
  /** Test ids kept from before this view existed, by money row key ({ shipping: "order-shipping-amount" }). */
  testIds?: Record<string, string>;
  parts?: OrderSummaryPart[];
  /** Money rows shown elsewhere on the screen (the profile's list has the total in each order's header). */
  omit?: MoneyRowKind[];
  /** Given on the back-office: each line also says what one unit cost, under this label. */
  unitPriceLabel?: string;
  className?: string;
}) {
  const t = await getTranslations({ locale: locale === "es" ? "es" : "en", namespace: "shipping" });
  const show = (part: OrderSummaryPart) => parts.includes(part);
  const address = show("address") && summary.address.length > 0;
  const money = show("money");
  return (
    <div className={cn("grid gap-3 text-sm", className)}>
      {show("lines") ? (
        <ul className="space-y-1" data-testid={`${testIdPrefix}-lines`}>
          {summary.lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-4" data-testid="order-line">
              <span>
                {line.quantity} x {line.title}
                {unitPriceLabel ? <span className="block text-xs text-muted-foreground">{`${unitPriceLabel}: ${line.unit}`}</span> : null}
              </span>
              <span className="shrink-0 tabular-nums">{line.amount}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {money || address ? (
        <div className={cn("grid gap-3", money && address && "sm:grid-cols-2", show("lines") && "border-t pt-3")}>
          {money ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid={`${testIdPrefix}-money`}>
              {summary.money
                .filter((row) => !omit.includes(row.kind))
                .map((row) => (
                  <div key={row.key} className={cn("contents", row.kind === "total" && "font-semibold", row.kind === "tax" && "text-xs text-muted-foreground")}>
                    <dt className={row.kind === "total" ? "" : "text-muted-foreground"}>{row.label}</dt>
                    <dd className="text-right tabular-nums" data-testid={testIds[row.key] ?? `${testIdPrefix}-${row.key}`}>
                      {row.value}
                    </dd>
                  </div>
                ))}
            </dl>
          ) : null}
          {address ? (
            <address className="not-italic sm:order-first" data-testid={`${testIdPrefix}-address`}>
              <span className="font-medium">{t("shipTo")}</span>
              {summary.address.map((line, i) => (
                <span key={i} className="block text-muted-foreground">
                  {line}
                </span>
              ))}
            </address>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
