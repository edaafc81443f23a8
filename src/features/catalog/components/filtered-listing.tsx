import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import type { ProductListResult } from "../api-shape";
import type { ListingFacets } from "../facet-service";
import { hasFilters, listingQuery, type ListingState } from "../listing-params";
import { FilterChips } from "./filter-chips";
import { FilterForm } from "./filter-form";
import { FilterLayout } from "./filter-sheet";
import { ListingMessage } from "./listing-states";
import { Pagination } from "./pagination";
import { ProductGrid } from "./product-grid";

type Props = {
  result: ProductListResult;
  facets: ListingFacets;
  state: ListingState;
  locale: Locale;
  currency: string;
  basePath: string;
  page: number;
  pages: number;
  /** The search text, on search results. */
  query?: string;
  emptyText: string;
};

/**
 * A listing with its filters: a sidebar on wide screens, a sheet on phones, the active ones as chips above the results
 * (docs/product.md#filters-and-sort).
 */
export async function FilteredListing({ result, facets, state, locale, currency, basePath, page, pages, query, emptyText }: Props) {
  const t = await getTranslations({ locale, namespace: "filters" });
  const extra: Record<string, string> = query ? { q: query } : {};
  const clearHref = query ? `${basePath}?${new URLSearchParams({ q: query })}` : basePath;
  const active = Object.values(state.filters.options).reduce((n, v) => n + v.length, 0) + (state.filters.priceMin !== undefined || state.filters.priceMax !== undefined ? 1 : 0) + (state.filters.inStock ? 1 : 0) + (state.filters.onSale ? 1 : 0);
  // After a client-side navigation (a chip, Clear filters, the back button) the uncontrolled fields show the new URL's
  // state (filter-form-shell.tsx).
  const stateKey = JSON.stringify(listingQuery(state, currency, extra));
  const form = <FilterForm facets={facets} state={state} locale={locale} currency={currency} clearHref={clearHref} query={query} basePath={basePath} stateKey={stateKey} count={result.count} />;
  const filtered = hasFilters(state.filters);

  return (
    <FilterLayout
      heading={t("heading")}
      label={active ? t("openWithCount", { count: active }) : t("open")}
      closeLabel={t("close")}
      form={form}
      status={
        <p role="status" className="text-sm text-muted-foreground" data-testid="listing-count">
          {t("results", { count: result.count })}
        </p>
      }
    >
      <FilterChips facets={facets} state={state} locale={locale} currency={currency} basePath={basePath} extra={extra} clearHref={clearHref} />
      {result.products.length === 0 ? (
        <ListingMessage testId="products-empty">{filtered ? t("noMatches") : emptyText}</ListingMessage>
      ) : (
        <>
          <ProductGrid products={result.products} locale={locale} />
          <Pagination page={page} pages={pages} basePath={basePath} query={listingQuery(state, currency, extra)} locale={locale} />
        </>
      )}
    </FilterLayout>
  );
}
