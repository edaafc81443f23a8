import { cn } from "@/lib/cn";
import { summaryLines, type SummaryLineFacts } from "../order-summary";

/** An order's lines as bought: quantity, title (with the variant) and the amount charged for the line. */
export function OrderLines({ lines, locale, className }: { lines: SummaryLineFacts[]; locale: string; className?: string }) {
  return (
    <ul className={cn("space-y-1 text-sm", className)}>
      {summaryLines(lines, locale).map((line) => (
        <li key={line.key} className="flex justify-between gap-4" data-testid="order-line">
          <span>
            {line.quantity} x {line.title}
          </span>
          <span className="shrink-0 tabular-nums">{line.amount}</span>
        </li>
      ))}
    </ul>
  );
}
