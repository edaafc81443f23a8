import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { ProductListResult } from "@/features/catalog/api-shape";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { FilteredListing } from "@/features/catalog/components/filtered-listing";
import type { ListingFacets } from "@/features/catalog/facet-service";
import { hasFilters, type ListingState } from "@/features/catalog/listing-params";
import { readListingState } from "@/features/catalog/listing-state";
import { readFilteredListing, readListingFacets } from "@/features/catalog/queries";
import { parsePageParam, parseQueryParam } from "@/features/catalog/page-params";
import { pageCount, pageWindow } from "@/lib/paging";
import { PAGE_SIZE } from "@/features/catalog/storefront-queries";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { requestLog } from "@/server/log";
import { shopSettings } from "@/features/settings/queries";

export async function generateMetadata({ params, searchParams }: PageProps<"/[locale]/search">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const q = parseQueryParam((await searchParams).q);
  const t = await getTranslations({ locale, namespace: "store.search" });
  return {
    title: q ? t("heading", { q }) : t("title"),
    alternates: alternatesFor("/search", locale),
    // Result pages are endless variations of the store: keep them out of search engines, follow their links.
    robots: { index: false, follow: true },
  };
}

/**
 * Search over titles, subtitles and descriptions in the page's language (case- and accent-insensitive, ranked,
 * in the database). Blank text shows only the prompt.
 */
export default async function SearchPage({ params, searchParams }: PageProps<"/[locale]/search">) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const query = await searchParams;
  const q = parseQueryParam(query.q);
  const page = parsePageParam(query.page);
  const t = await getTranslations({ locale, namespace: "store" });

  let result: ProductListResult | null = null;
  let facets: ListingFacets | null = null;
  let state: ListingState = { filters: { options: {} } };
  let failed = false;
  if (q) {
    try {
      state = await readListingState(query);
      const input = { locale, scope: { kind: "search", query: q } as const, filters: state.filters };
      [result, facets] = await Promise.all([readFilteredListing({ ...input, sort: state.sort, ...pageWindow(page, PAGE_SIZE) }), readListingFacets(input)]);
    } catch (error) {
      (await requestLog()).error("search.failed", { error });
      failed = true;
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 id="search-title" className="mb-4 text-center text-4xl font-bold tracking-tight">{q ? t("search.heading", { q }) : t("search.title")}</h1>
      {/* Named after the page so that it is told apart from the header's search landmark. */}
      <form action="" method="get" role="search" aria-labelledby="search-title" className="mx-auto mb-10 flex max-w-xl gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          aria-label={t("search.label")}
          className="h-10 flex-1 rounded-full border bg-background px-4 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button type="submit">{t("search.submit")}</Button>
      </form>
      {!q ? (
        <ListingMessage testId="search-prompt">{t("search.prompt")}</ListingMessage>
      ) : failed || !result || !facets ? (
        <ListingMessage tone="error" testId="products-error">
          {t("list.error", { message: t("list.errorFallback") })}
        </ListingMessage>
      ) : result.count === 0 && !hasFilters(state.filters) ? (
        <div className="py-12 text-center" data-testid="search-empty">
          <p className="text-xl font-semibold">{t("search.noResults")}</p>
          <p className="mt-2 text-muted-foreground">{t("search.noResultsHint")}</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/store">{t("featured.allProducts")}</Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mb-6 text-center text-sm text-muted-foreground" data-testid="search-count">
            {t("search.count", { count: result.count })}
          </p>
          <FilteredListing
            result={result}
            facets={facets}
            state={state}
            locale={locale}
            currency={(await shopSettings()).money.currency}
            basePath="/search"
            query={q}
            page={page}
            pages={pageCount(result.count, PAGE_SIZE)}
            emptyText={t("search.noResults")}
          />
        </>
      )}
    </div>
  );
}
