import { formatMoney } from "@/lib/money";
import type { DailySales } from "@/features/orders/dashboard-service";

/**
 * Last 30 days of paid orders as server-rendered SVG bars (no chart library, no client JavaScript). Each bar has a
 * <title> for hover and screen readers; the tallest day sets the scale.
 */
export function SalesChart({
  days,
  currency,
  locale,
  barLabel,
  label,
  emptyLabel,
}: {
  days: DailySales[];
  currency: string;
  locale: string;
  barLabel: (day: DailySales, date: string, amount: string) => string;
  /** The chart's accessible name; the days with sales are also listed as text for screen readers. */
  label: string;
  emptyLabel: string;
}) {
  const max = Math.max(...days.map((d) => d.count), 0);
  const width = 600;
  const height = 160;
  const gap = 4;
  const barWidth = width / days.length - gap;
  const dateFormat = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return (
    <figure data-testid="sales-chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" role="img" aria-label={max === 0 ? emptyLabel : label}>
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-border" strokeWidth={1} />
        {days.map((day, i) => {
          const h = max === 0 ? 0 : Math.max(day.count > 0 ? 3 : 0, (day.count / max) * (height - 10));
          const x = i * (barWidth + gap) + gap / 2;
          const date = dateFormat.format(new Date(`${day.day}T00:00:00Z`));
          return (
            <g key={day.day} data-testid="sales-bar" data-day={day.day} data-count={day.count}>
              <title>{barLabel(day, date, formatMoney(day.cents, currency, locale))}</title>
              {/* A full-height transparent target so even an empty day shows its tooltip. */}
              <rect x={x} y={0} width={barWidth} height={height} fill="transparent" />
              <rect x={x} y={height - h} width={barWidth} height={h} rx={2} className="fill-primary" />
              {i % 7 === 0 ? (
                <text x={x} y={height + 14} className="fill-muted-foreground" fontSize={10}>
                  {date}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {max === 0 ? (
        <figcaption className="mt-2 text-sm text-muted-foreground">{emptyLabel}</figcaption>
      ) : (
        <figcaption className="sr-only">
          <ul>
            {days
              .filter((day) => day.count > 0)
              .map((day) => (
                <li key={day.day}>{barLabel(day, dateFormat.format(new Date(`${day.day}T00:00:00Z`)), formatMoney(day.cents, currency, locale))}</li>
              ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
