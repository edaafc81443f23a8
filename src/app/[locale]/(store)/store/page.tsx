import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ProductListResult } from "@/features/catalog/api-shape";
import type { ListingFacets } from "@/features/catalog/facet-service";
import { FilteredListing } from "@/features/catalog/components/filtered-listing";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { readFilteredListing, readListingFacets } from "@/features/catalog/queries";
import { listingSeo, readListingState } from "@/features/catalog/listing-state";
import { parsePageParam } from "@/features/catalog/page-params";
import { pageCount, pageWindow } from "@/lib/paging";
import { PAGE_SIZE } from "@/features/catalog/storefront-queries";
import type { Locale } from "@/i18n/routing";
import { shopSettings } from "@/features/settings/queries";
import { requestLog } from "@/server/log";

export async function generateMetadata({ params, searchParams }: PageProps<"/[locale]/store">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const query = await searchParams;
  const page = parsePageParam(query.page);
  const t = await getTranslations({ locale, namespace: "store.list" });
  return {
    title: page > 1 ? t("pageTitle", { page }) : t("title"),
    description: t("description", { store: (await shopSettings()).store.name }),
    ...listingSeo("/store", locale, page, await readListingState(query).catch(() => ({ filters: { options: {} } }))),
  };
}

/**
 * The store page (docs/product.md#store, docs/product.md#filters-and-sort): one server-rendered page of products at
 * a time, never the whole catalogue, filtered and sorted as its URL says.
 */
export default async function StorePage({ params, searchParams }: PageProps<"/[locale]/store">) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const query = await searchParams;
  const page = parsePageParam(query.page);
  const t = await getTranslations({ locale, namespace: "store.list" });

  let loaded: { result: ProductListResult; facets: ListingFacets; state: Awaited<ReturnType<typeof readListingState>> } | null = null;
  try {
    const state = await readListingState(query);
    const input = { locale, scope: { kind: "store" } as const, filters: state.filters };
    const [result, facets] = await Promise.all([readFilteredListing({ ...input, sort: state.sort, ...pageWindow(page, PAGE_SIZE) }), readListingFacets(input)]);
    loaded = { result, facets, state };
  } catch (error) {
    // The shopper sees the generic message (docs/product.md#errors); the cause (maybe SQL or paths) stays in the log.
    (await requestLog()).error("store.load_failed", { error });
  }
  const pages = loaded ? pageCount(loaded.result.count, PAGE_SIZE) : 1;
  if (loaded && page > pages) notFound();

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-10 text-center text-4xl font-bold tracking-tight">{t("title")}</h1>
      {!loaded ? (
        <ListingMessage tone="error" testId="products-error">
          {t("error", { message: t("errorFallback") })}
        </ListingMessage>
      ) : (
        <FilteredListing {...loaded} locale={locale} currency={(await shopSettings()).money.currency} basePath="/store" page={page} pages={pages} emptyText={t("empty")} />
      )}
    </div>
  );
}
