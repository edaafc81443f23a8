import { formatMoney } from "@/lib/money";
import type { ChartPeriod, SalesPoint } from "@/features/dashboard/service";

/**
 * Sales of the period as server-rendered SVG bars (no chart library, no client JavaScript), with the previous period
 * drawn over them as a dashed line, bucket for bucket. Heights follow the money (the shop's currency, less refunds);
 * each bar has a <title> for hover and screen readers, and the buckets with sales are also listed as text.
 */
export function SalesChart({
  points,
  period,
  currency,
  locale,
  barLabel,
  label,
  emptyLabel,
  legend,
}: {
  points: SalesPoint[];
  period: ChartPeriod;
  currency: string;
  locale: string;
  barLabel: (point: SalesPoint, date: string, amount: string, previous: string) => string;
  label: string;
  emptyLabel: string;
  legend: { current: string; previous: string };
}) {
  const max = Math.max(...points.flatMap((p) => [p.cents, p.previousCents]), 0);
  const anySales = points.some((p) => p.count > 0 || p.previousCount > 0);
  const width = 600;
  const height = 160;
  const gap = 4;
  const slot = width / points.length;
  const barWidth = slot - gap;
  const scale = (cents: number) => (max <= 0 ? 0 : (Math.max(cents, 0) / max) * (height - 10));
  const dateFormat = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  const dateOf = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));
  const describe = (p: SalesPoint) => barLabel(p, dateOf(p.start), formatMoney(p.cents, currency, locale), formatMoney(p.previousCents, currency, locale));
  const previousLine = points.map((p, i) => `${i * slot + slot / 2},${height - scale(p.previousCents)}`).join(" ");
  const tickEvery = period === "week" ? 3 : 7;
  return (
    <figure data-testid="sales-chart" data-period={period}>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" role="img" aria-label={anySales ? label : emptyLabel}>
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-border" strokeWidth={1} />
        {points.map((p, i) => {
          const h = p.count > 0 ? Math.max(3, scale(p.cents)) : 0;
          const x = i * slot + gap / 2;
          return (
            <g key={p.start} data-testid="sales-bar" data-day={p.start} data-count={p.count} data-cents={p.cents} data-previous-cents={p.previousCents}>
              <title>{describe(p)}</title>
              {/* A full-height transparent target so even an empty bucket shows its tooltip. */}
              <rect x={x} y={0} width={barWidth} height={height} fill="transparent" />
              <rect x={x} y={height - h} width={barWidth} height={h} rx={2} className="fill-primary" />
              {i % tickEvery === 0 ? (
                <text x={x} y={height + 14} className="fill-muted-foreground" fontSize={10}>
                  {dateOf(p.start)}
                </text>
              ) : null}
            </g>
          );
        })}
        <polyline points={previousLine} fill="none" className="stroke-muted-foreground" strokeWidth={1.5} strokeDasharray="4 3" data-testid="previous-period" />
      </svg>
      <div className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-primary" />
          {legend.current}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block w-4 border-t-2 border-dashed border-muted-foreground" />
          {legend.previous}
        </span>
      </div>
      {anySales ? (
        <figcaption className="sr-only">
          <ul>
            {points
              .filter((p) => p.count > 0 || p.previousCount > 0)
              .map((p) => (
                <li key={p.start}>{describe(p)}</li>
              ))}
          </ul>
        </figcaption>
      ) : (
        <figcaption className="mt-2 text-sm text-muted-foreground">{emptyLabel}</figcaption>
      )}
    </figure>
  );
}
