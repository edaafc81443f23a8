import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "@/components/ui/server-icons";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ProductListResult } from "@/features/catalog/api-shape";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { FilteredListing } from "@/features/catalog/components/filtered-listing";
import type { ListingFacets } from "@/features/catalog/facet-service";
import type { ListingState } from "@/features/catalog/listing-params";
import { listingSeo, readListingState } from "@/features/catalog/listing-state";
import { readFilteredListing, readListingFacets } from "@/features/catalog/queries";
import { parsePageParam } from "@/features/catalog/page-params";
import { pageCount, pageWindow } from "@/lib/paging";
import { PAGE_SIZE, readCategory } from "@/features/catalog/storefront-queries";
import type { StoreCategory } from "@/features/catalog/storefront-service";
import { truncate } from "@/features/catalog/seo";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { CATEGORY_ADDRESS } from "@/lib/slug";
import { requestLog } from "@/server/log";
import { shopSettings } from "@/features/settings/queries";

async function loadCategory(slug: string, locale: Locale): Promise<StoreCategory | null> {
  if (!CATEGORY_ADDRESS.test(slug)) return null;
  return readCategory(slug, locale);
}

export async function generateMetadata({ params, searchParams }: PageProps<"/[locale]/category/[slug]">): Promise<Metadata> {
  const { locale, slug } = await params;
  const category = await loadCategory(slug, locale as Locale).catch(() => null);
  if (!category) return {};
  const query = await searchParams;
  const page = parsePageParam(query.page);
  const state = await readListingState(query).catch((): ListingState => ({ filters: { options: {} } }));
  return {
    title: category.name,
    description: category.description ? truncate(category.description) : undefined,
    ...listingSeo({ en: `/category/${category.slug}`, es: `/category/${category.slugEs}` }, locale as Locale, page, state),
  };
}

/**
 * /category/{slug} (docs/product.md#category-page): the category's name, description and its products, paginated,
 * filtered and sorted as the URL says (docs/product.md#filters-and-sort).
 */
export default async function CategoryPage({ params, searchParams }: PageProps<"/[locale]/category/[slug]">) {
  const { locale: raw, slug } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const query = await searchParams;
  const page = parsePageParam(query.page);
  const t = await getTranslations({ locale, namespace: "store" });

  let category: StoreCategory | null = null;
  let result: ProductListResult | null = null;
  let facets: ListingFacets | null = null;
  let state: ListingState = { filters: { options: {} } };
  let failed = false;
  try {
    category = await loadCategory(slug, locale);
    if (category) {
      state = await readListingState(query);
      const input = { locale, scope: { kind: "category", slug: category.slug } as const, filters: state.filters };
      [result, facets] = await Promise.all([readFilteredListing({ ...input, sort: state.sort, ...pageWindow(page, PAGE_SIZE) }), readListingFacets(input)]);
    }
  } catch (error) {
    (await requestLog()).error("category.load_failed", { slug, error });
    failed = true;
  }
  if (!failed && !category) notFound();
  const pages = result ? pageCount(result.count, PAGE_SIZE) : 1;
  if (result && page > pages) notFound();

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <Link href="/categories" className="mb-6 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("category.backToCategories")}
      </Link>
      {category ? (
        <header className="mb-10 text-center">
          <h1 className="text-4xl font-bold tracking-tight">{category.name}</h1>
          {category.description ? <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{category.description}</p> : null}
        </header>
      ) : null}
      {failed || !result || !facets ? (
        <ListingMessage tone="error" testId="products-error">
          {t("list.error", { message: t("list.errorFallback") })}
        </ListingMessage>
      ) : (
        <FilteredListing
          result={result}
          facets={facets}
          state={state}
          locale={locale}
          currency={(await shopSettings()).money.currency}
          basePath={`/category/${category!.address}`}
          page={page}
          pages={pages}
          emptyText={t("category.empty")}
        />
      )}
    </div>
  );
}
