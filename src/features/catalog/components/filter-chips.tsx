import { getTranslations } from "next-intl/server";
import { CloseIcon } from "@/components/ui/icons";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { ListingFacets } from "../facet-service";
import { listingQuery, toSearchParams, type ListingFilters, type ListingState } from "../listing-params";

type Props = {
  facets: ListingFacets;
  state: ListingState;
  locale: Locale;
  currency: string;
  basePath: string;
  /** Parameters kept by every link (the search text). */
  extra: Record<string, string>;
  clearHref: string;
};

/** "Under €50.00", "€50.00 to €100.00", "€500.00 and over": a price filter in words (form and chips). */
export function priceRangeText(t: (key: "priceUnder" | "priceOver" | "priceBetween", values: Record<string, string>) => string, money: (cents: number) => string, min?: number, max?: number): string {
  return min === undefined ? t("priceUnder", { max: money((max ?? 0) + 1) }) : max === undefined ? t("priceOver", { min: money(min) }) : t("priceBetween", { min: money(min), max: money(max + 1) });
}

/**
 * The active filters above the results, one chip each (docs/product.md#filters-and-sort). Each chip is a link to the
 * listing without that filter, named "Remove filter Colour: Black": it works without JavaScript, the back button
 * brings the filter back, and it opens in a new tab like any link (decision 0372). Sort is not a filter: no chip.
 */
export async function FilterChips({ facets, state, locale, currency, basePath, extra, clearHref }: Props) {
  const t = await getTranslations({ locale, namespace: "filters" });
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const f = state.filters;
  const without = (change: Partial<ListingFilters>) => {
    const query = toSearchParams(listingQuery({ ...state, filters: { ...f, ...change } }, currency, extra)).toString();
    return query ? `${basePath}?${query}` : basePath;
  };
  const chips: Array<{ label: string; href: string }> = [];
  for (const [key, values] of Object.entries(f.options)) {
    const option = facets.options.find((o) => o.key === key);
    for (const value of values) {
      const rest = values.filter((v) => v !== value);
      const options = { ...f.options };
      if (rest.length) options[key] = rest;
      else delete options[key];
      const valueLabel = option?.values.find((v) => v.key === value)?.label ?? value;
      chips.push({ label: `${option?.label ?? key}: ${valueLabel}`, href: without({ options }) });
    }
  }
  if (f.priceMin !== undefined || f.priceMax !== undefined)
    chips.push({ label: `${t("price")}: ${priceRangeText(t, money, f.priceMin, f.priceMax)}`, href: without({ priceMin: undefined, priceMax: undefined }) });
  if (f.inStock) chips.push({ label: `${t("availability")}: ${t("inStock")}`, href: without({ inStock: undefined }) });
  if (f.onSale) chips.push({ label: `${t("availability")}: ${t("onSale")}`, href: without({ onSale: undefined }) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t("activeFilters")} className="mb-4 flex flex-wrap items-center gap-2" data-testid="filter-chips">
      {chips.map((chip) => (
        <li key={chip.href}>
          <Link href={chip.href} aria-label={t("removeFilter", { filter: chip.label })} className="filter-chip" data-testid="filter-chip">
            {chip.label}
            <CloseIcon className="size-3.5" aria-hidden />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link href={clearHref} className="text-sm underline underline-offset-4" data-testid="filter-chips-clear">
            {t("clearAll")}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
