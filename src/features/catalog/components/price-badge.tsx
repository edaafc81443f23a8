import { formatMoney } from "@/lib/money";
import { joinClasses } from "@/lib/join-classes";

/**
 * The price a shopper pays, with the regular price struck through when on sale. Hook-free, so both the server
 * card and the client product view render it.
 */
export function PriceBadge({
  priceCents,
  originalCents,
  currency,
  locale,
  originalLabel,
  currentLabel,
  className,
}: {
  priceCents: number;
  originalCents: number | null;
  currency: string;
  locale: string;
  originalLabel: string;
  /** Read before the current price by screen readers (a promotion's price says so). */
  currentLabel?: string;
  className?: string;
}) {
  return (
    <span className={joinClasses("inline-flex items-baseline gap-2", className)} data-testid="price">
      <span className={joinClasses("font-semibold", originalCents != null && "text-destructive")} data-testid="price-current">
        {currentLabel ? <span className="sr-only">{currentLabel}: </span> : null}
        {formatMoney(priceCents, currency, locale)}
      </span>
      {originalCents != null ? (
        <s className="text-sm text-muted-foreground" data-testid="price-original">
          <span className="sr-only">{originalLabel}: </span>
          {formatMoney(originalCents, currency, locale)}
        </s>
      ) : null}
    </span>
  );
}
