import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { ListingFacets } from "../facet-service";
import { LISTING_SORTS, priceParam, type ListingState } from "../listing-params";
import { priceRangeText } from "./filter-chips";
import { FilterFormShell, FilterSubmit } from "./filter-form-shell";
import { FilterRows, type FilterRow } from "./filter-rows";
import "./storefront.css";

type Props = {
  facets: ListingFacets;
  state: ListingState;
  locale: Locale;
  currency: string;
  /** The unfiltered listing ("/store", "/category/bags", "/search?q=…"), for "Clear filters". */
  clearHref: string;
  /** Keeps the search text when filtering search results. */
  query?: string;
  /** The listing's path without locale ("/store"), where the form leads. */
  basePath: string;
  /** The listing's state as a key: when it changes the fields show it (filter-form-shell.tsx). */
  stateKey: string;
  /** The number of results of the current state, on the phone sheet's button. */
  count: number;
};

const SORT_LABELS = { newest: "sortNewest", price_asc: "sortPriceAsc", price_desc: "sortPriceDesc", bestselling: "sortBestselling" } as const;

/**
 * The filters and sort of a listing as a plain GET form (docs/product.md#filters-and-sort): native checkboxes,
 * radios and a select in labelled fieldsets, so it works with the keyboard, a screen reader and without JavaScript,
 * and submitting it puts the whole state in the URL.
 */
export async function FilterForm({ facets, state, locale, currency, clearHref, query, basePath, stateKey, count }: Props) {
  const t = await getTranslations({ locale, namespace: "filters" });
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const priceLabel = (min?: number, max?: number) => priceRangeText(t, money, min, max);
  const selectedPrice = priceParam(state.filters.priceMin, state.filters.priceMax, currency);
  const fieldset = "filter-fieldset";
  const legend = "mb-2 text-sm font-semibold";
  const row = "filter-row";

  const idPrefix = "filters";

  return (
    <FilterFormShell action={basePath} stateKey={stateKey} className="space-y-4">
      {query ? <input type="hidden" name="q" value={query} /> : null}
      <div className="space-y-1">
        <label htmlFor={`${idPrefix}-sort`} className="text-sm font-semibold">
          {t("sort")}
        </label>
        <select id={`${idPrefix}-sort`} name="sort" defaultValue={state.sort ?? ""} className="h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm">
          <option value="">{query ? t("sortRelevance") : t("sortFeatured")}</option>
          {LISTING_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </div>

      {facets.options.map((option) => (
        <fieldset key={option.key} className={fieldset}>
          <legend className={legend}>{option.label}</legend>
          <FilterRows
            type="checkbox"
            name={option.key}
            idPrefix={`${idPrefix}-${option.key}`}
            rows={option.values.map((value): FilterRow => [value.key, value.label, t("count", { count: value.count }), value.selected])}
          />
        </fieldset>
      ))}

      <fieldset className={fieldset}>
        <legend className={legend}>{t("price")}</legend>
        <FilterRows
          type="radio"
          name="price"
          idPrefix={`${idPrefix}-price`}
          rows={[
            ["", t("priceAny"), "", !selectedPrice, "any"],
            ...facets.prices.flatMap((bucket): FilterRow[] => {
              const value = priceParam(bucket.min, bucket.max, currency) ?? "";
              if (bucket.count === 0 && !bucket.selected) return [];
              return [[value, priceLabel(bucket.min, bucket.max), t("count", { count: bucket.count }), value === selectedPrice]];
            }),
          ]}
        />
        {/* A shared URL may carry a range that is not one of the buckets: keep it while other filters change. */}
        {selectedPrice && !facets.prices.some((b) => b.selected) ? <input type="hidden" name="price" value={selectedPrice} /> : null}
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t("availability")}</legend>
        <div className={row}>
          <input type="checkbox" id={`${idPrefix}-in-stock`} name="in_stock" value="1" defaultChecked={facets.inStock.selected} className="size-4" />
          <label htmlFor={`${idPrefix}-in-stock`}>
            {t("inStock")} <span className="text-muted-foreground">{t("count", { count: facets.inStock.count })}</span>
          </label>
        </div>
        <div className={row}>
          <input type="checkbox" id={`${idPrefix}-on-sale`} name="on_sale" value="1" defaultChecked={facets.onSale.selected} className="size-4" />
          <label htmlFor={`${idPrefix}-on-sale`}>
            {t("onSale")} <span className="text-muted-foreground">{t("count", { count: facets.onSale.count })}</span>
          </label>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t pt-4">
        <FilterSubmit apply={t("apply")} show={t("showResults", { count })} className={buttonVariants()} />
        <Link href={clearHref} className="text-sm underline underline-offset-4">
          {t("clear")}
        </Link>
      </div>
    </FilterFormShell>
  );
}
