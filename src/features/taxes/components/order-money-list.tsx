import { cn } from "@/lib/cn";
import { orderMoneyRows, type MoneyRowKind, type OrderMoneyFacts } from "../money-rows";

/**
 * An order's money lines as a definition list: subtotal, discounts, shipping, tax per rate, total. Works in server
 * and client components (no hooks); `testIdPrefix` names each row for tests ('order-total', 'order-tax-2100').
 */
export function OrderMoneyList({
  order,
  locale,
  testIdPrefix,
  testIds = {},
  omit = [],
  className,
}: {
  order: OrderMoneyFacts;
  locale: string;
  testIdPrefix: string;
  /** Test ids kept from before this list existed, by row key ({ shipping: "order-shipping-amount" }). */
  testIds?: Record<string, string>;
  omit?: MoneyRowKind[];
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-[1fr_auto] gap-x-4 gap-y-1", className)} data-testid={`${testIdPrefix}-money`}>
      {orderMoneyRows(order, locale)
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
  );
}
