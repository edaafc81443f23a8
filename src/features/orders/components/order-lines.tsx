import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/cn";

type Line = { id: number; quantity: number; productTitle: string; variantTitle: string; unitPriceCents: number; salePriceCents: number | null; currency: string };

/** An order's lines as bought: quantity, title (with the variant) and the amount charged for the line. */
export function OrderLines({ lines, locale, className }: { lines: Line[]; locale: string; className?: string }) {
  return (
    <ul className={cn("space-y-1 text-sm", className)}>
      {lines.map((line) => (
        <li key={line.id} className="flex justify-between gap-4" data-testid="order-line">
          <span>
            {line.quantity} x {line.productTitle}
            {line.variantTitle ? ` (${line.variantTitle})` : ""}
          </span>
          <span className="shrink-0 tabular-nums">{formatMoney((line.salePriceCents ?? line.unitPriceCents) * line.quantity, line.currency, locale)}</span>
        </li>
      ))}
    </ul>
  );
}
